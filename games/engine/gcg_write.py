"""Writing GCG records: the inverse of ``gcg.parse_gcg`` (always UTF-8, CRLF line ends)."""

from __future__ import annotations

from collections.abc import Iterator

from .gcg_record import UTF8, EventKind, GcgEvent, GcgGame


def write_gcg(game: GcgGame) -> str:
    """Write a record as GCG text with CRLF line endings, declared as UTF-8.

    Encode the result with UTF-8 to store it. Unknown pragmas and notes are kept in place.
    """
    return "".join(f"{line}\r\n" for line in _lines(game))


def _lines(game: GcgGame) -> Iterator[str]:
    yield f"#character-encoding {UTF8}"
    for index, player in enumerate(game.players, start=1):
        yield f"#player{index} {player.nick} {player.name}".rstrip()
    for name in ("title", "description", "lexicon"):
        if getattr(game, name):
            yield f"#{name} {getattr(game, name)}"
    if game.id is not None:
        yield f"#id {game.id[0]} {game.id[1]}"
    if game.incomplete:
        yield "#incomplete"
    for note in game.notes:
        yield from _note_lines(note)
    for index, event in enumerate(game.events):
        yield from _pragma_lines(game, index)
        yield f">{game.players[event.player].nick}: {_event_text(event)}"
        for note in event.notes:
            yield from _note_lines(note)
    yield from _pragma_lines(game, len(game.events))
    for index, rack in enumerate(game.final_racks, start=1):
        if rack is not None:
            yield f"#rack{index} {rack}"


def _note_lines(note: str) -> Iterator[str]:
    first, *rest = note.split("\n")
    yield f"#note {first}".rstrip()
    yield from rest


def _pragma_lines(game: GcgGame, before_event: int) -> Iterator[str]:
    for pragma in game.pragmas:
        if pragma.before_event == before_event:
            yield f"#{pragma.name} {pragma.value}".rstrip()


def _event_text(event: GcgEvent) -> str:
    kind = event.kind
    if kind is EventKind.PLAY:
        move = f"{event.position} {event.word}"
    elif kind is EventKind.PHONY_WITHDRAWN:
        move = "--"
    elif kind is EventKind.PASS:
        move = "-"
    elif kind is EventKind.EXCHANGE:
        move = f"-{event.exchanged or event.exchange_count}"
    elif kind is EventKind.CHALLENGE_BONUS:
        move = "(challenge)"
    elif kind is EventKind.TIME_PENALTY:
        move = "(time)"
    else:
        move = f"({event.counted_rack})"
    score = f"{event.score:+d}"
    if kind is EventKind.END_RACK_PENALTY and event.score == 0:
        score = "-0"  # keeps the penalty a penalty when read back
    return " ".join(part for part in (event.rack, move, score, str(event.cumulative)) if part)
