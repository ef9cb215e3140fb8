"""Writing GCG records: the inverse of ``gcg.parse_gcg`` (always UTF-8, CRLF line ends).

Every line is one macondo's GCG reader has a pattern for (domino14/macondo ``gcgio``, which
liwords' GCG upload uses; tests/games/engine/test_gcg_macondo_grammar.py re-implements its line
rules): a line it has no pattern for makes it refuse the whole file. So, unless
``keep_pragmas``: a pragma macondo does not know (``#incomplete``, or any read from a record) is
written as a ``#note #name value`` line, as macondo itself writes ``#note
#unsuccessful-challenge``; a player without a name gets the nickname as name; a note before the
first move is one ``#note`` line per line. A move whose rack was not recorded still needs a rack
in macondo's grammar: it gets the tiles the move shows (a play's placed tiles, blanks as ``?``;
an exchange's tiles; a withdrawn phony's play), else ``?``, and the note ``rack not recorded``
(``gcg_io`` reads such a move back with no rack). A challenge or time line with no rack keeps
two spaces after the colon, as macondo's pattern needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .gcg_record import UTF8, EventKind, GcgEvent, GcgGame

RACK_NOT_RECORDED = "rack not recorded"
# Lines with no rack that macondo reads: a challenge bonus, a time penalty, an end-rack bonus.
_NO_RACK_NEEDED = {EventKind.CHALLENGE_BONUS, EventKind.TIME_PENALTY, EventKind.END_RACK_BONUS}
# Of those, the lines whose pattern still has an (empty) rack field between two runs of spaces.
_EMPTY_RACK_FIELD = {EventKind.CHALLENGE_BONUS, EventKind.TIME_PENALTY}


def write_gcg(game: GcgGame, *, keep_pragmas: bool = False) -> str:
    """Write a record as GCG text with CRLF line endings, declared as UTF-8.

    Encode the result with UTF-8 to store it. Notes are kept in place; pragmas too, as notes
    unless ``keep_pragmas`` (see the module).
    """
    return "".join(f"{line}\r\n" for line in _lines(game, keep_pragmas))


def _lines(game: GcgGame, keep: bool = False) -> Iterator[str]:
    yield f"#character-encoding {UTF8}"
    for index, player in enumerate(game.players, start=1):
        yield f"#player{index} {player.nick} {player.name.strip() or player.nick}"
    for name in ("title", "description", "lexicon"):
        if getattr(game, name):
            yield f"#{name} {getattr(game, name)}"
    if game.id is not None:
        yield f"#id {game.id[0]} {game.id[1]}"
    if game.incomplete:
        yield "#incomplete" if keep else "#note #incomplete"
    for note in game.notes:
        yield from (f"#note {line}".rstrip() for line in note.split("\n") if line.strip())
    previous = None
    for index, event in enumerate(game.events):
        yield from _pragma_lines(game, index, keep)
        rack = event.rack or _shown_tiles(event, previous)
        text = _event_text(replace(event, rack=rack))
        gap = "  " if not rack and event.kind in _EMPTY_RACK_FIELD else " "
        yield f">{game.players[event.player].nick}:{gap}{text}"
        notes = event.notes
        if rack != event.rack:
            notes = (*notes, RACK_NOT_RECORDED)
        for note in notes:
            yield from _note_lines(note)
        previous = event
    yield from _pragma_lines(game, len(game.events), keep)
    for index, rack in enumerate(game.final_racks, start=1):
        if rack is not None:
            yield f"#rack{index} {rack}"


def _note_lines(note: str) -> Iterator[str]:
    first, *rest = note.split("\n")
    yield f"#note {first}".rstrip()
    yield from rest


def _pragma_lines(game: GcgGame, before_event: int, keep: bool) -> Iterator[str]:
    for pragma in game.pragmas:
        if pragma.before_event == before_event:
            line = f"#{pragma.name} {pragma.value}".rstrip()
            yield line if keep else f"#note {line}"


def _shown_tiles(event: GcgEvent, previous: GcgEvent | None) -> str:
    """A rack for a move whose rack was not recorded: the tiles it shows, else ``?``
    ("" for the lines macondo reads without a rack)."""
    kind = event.kind
    if kind in _NO_RACK_NEEDED:
        return ""
    if kind is EventKind.END_RACK_PENALTY:
        return event.counted_rack or "?"
    if kind is EventKind.PHONY_WITHDRAWN and previous is not None:
        return previous.rack or _placed(previous.word) or "?"
    if kind is EventKind.PLAY:
        return _placed(event.word) or "?"
    if kind is EventKind.EXCHANGE and event.exchanged:
        return event.exchanged
    return "?"


def _placed(word: str) -> str:
    return "".join("?" if tile.islower() else tile for tile in word if tile != ".")


# The events whose move column is always the same text; the rack adjustments show the rack.
_FIXED_MOVES = {
    EventKind.PHONY_WITHDRAWN: "--",
    EventKind.PASS: "-",
    EventKind.CHALLENGE_BONUS: "(challenge)",
    EventKind.TIME_PENALTY: "(time)",
}


def _event_text(event: GcgEvent) -> str:
    kind = event.kind
    if kind is EventKind.PLAY:
        move = f"{event.position} {event.word}"
    elif kind is EventKind.EXCHANGE:
        move = f"-{event.exchanged or event.exchange_count}"
    else:
        move = _FIXED_MOVES.get(kind) or f"({event.counted_rack})"
    score = f"{event.score:+d}"
    if kind is EventKind.END_RACK_PENALTY and event.score == 0:
        score = "-0"  # keeps the penalty a penalty when read back
    return " ".join(part for part in (event.rack, move, score, str(event.cumulative)) if part)
