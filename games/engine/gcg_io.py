"""GCG records in and out of scoresheets.

In: a parsed record becomes sheet entries (a phony's two lines and a play's challenge line fold
into the play's entry; the end-of-game rack lines are left to the engine). Under a double
challenge, macondo's pass line for the challenger's lost turn folds into the play as well: with
its note ``#unsuccessful-challenge`` and a turn after it (``entries_from_record``), or with or
without the note after a play that went out (``lost_turn_after_going_out``). After the replay
the sheet is written back out as GCG events and compared with the record line by line, so a
record that the rules do not reproduce is refused at the first line that differs.

Out: the sheet's lines become GCG events (the scoresheet's first player is #player1; a turn lost
to a challenge is a pass with the note ``#unsuccessful-challenge``, as macondo writes it). Move
times are not written unless asked for, and then inside the move's ``#note`` (``time_notes``):
GCG readers do not all keep pragmas they do not know; macondo's (liwords' GCG upload) refuses
the whole file at a line it has no pattern for. A move whose rack was not recorded is written
as ``gcg_write`` says (the tiles the move shows, and the note ``rack not recorded``), which
``gcg.parse_gcg`` reads back with no rack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.refusal import Refusal, gettext_noop

from .gcg import EventKind, GcgEvent, GcgGame, GcgPlayer
from .outcomes import Ending
from .rules import ChallengeRule, RuleSet
from .scoresheet import CHALLENGED_VALID, NO_CHALLENGE, PHONY_WITHDRAWN, SheetEntry, SheetReplay

PHONY_WITHOUT_PLAY = gettext_noop(
    "Line %(line)d: a withdrawn phony (--) must follow a play by the same player."
)
CHALLENGE_WITHOUT_PLAY = gettext_noop(
    "Line %(line)d: a challenge line must follow the play that was challenged."
)
IMPORT_SCORE = gettext_noop(
    "Line %(line)d: the record says %(recorded)+d but under these rules the sheet gives "
    "%(computed)+d."
)
IMPORT_TOTAL = gettext_noop(
    "Line %(line)d: the record's running total is %(recorded)d but the sheet's is %(computed)d."
)
IMPORT_PLAYER = gettext_noop(
    "Line %(line)d: under these rules this line is %(expected)s's, not %(recorded)s's."
)
IMPORT_NOT_SETTLED = gettext_noop(
    "Line %(line)d: under these rules no rack is settled here (the game is not over yet, or "
    "nothing is owed)."
)
IMPORT_EXTRA = gettext_noop("Line %(line)d: under these rules the scoresheet has no line here.")
IMPORT_MISSING = gettext_noop(
    "Line %(line)d: the record stops here but under these rules the sheet goes on with a "
    "line for %(player)s."
)

# Sheet lines that GCG writes as a pass: a turn that scored nothing and placed nothing.
_PASS_LIKE = {"pass", "time_overrun", "lost_challenge"}
_SETTLING = {EventKind.END_RACK_BONUS, EventKind.END_RACK_PENALTY, EventKind.TIME_PENALTY}
# The note macondo writes after the pass line that stands for a turn lost to a challenge.
UNSUCCESSFUL_CHALLENGE_NOTE = "#unsuccessful-challenge"
_TURNS = {EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE}


class GcgImportError(Refusal):
    """A record that cannot become a scoresheet; ``line`` is the GCG line (0: the whole file)
    and is also a param."""

    def __init__(self, template: str, /, *, line: int, **params: object) -> None:
        self.line = line
        super().__init__(template, line=line, **params)


@dataclass(frozen=True, slots=True)
class RecordEntries:
    """A record read as entries: ``swapped`` when #player2 moved first."""

    entries: list[SheetEntry]
    swapped: bool


def first_mover(record: GcgGame) -> int:
    """Index (0/1) of the GCG player who made the first move (player 1 for an empty record)."""
    return record.events[0].player if record.events else 0


def entries_from_record(record: GcgGame, rules: RuleSet | None = None) -> RecordEntries:
    """The sheet entries a record describes; raises ``GcgImportError`` for a misplaced phony or
    challenge line. Under a double challenge (``rules``), macondo's lost turn (a pass with the
    note ``#unsuccessful-challenge``) after the other player's play, with a turn after it,
    becomes the play challenged and standing: the engine writes the lost turn again."""
    swapped = first_mover(record) == 1
    lose_turn = rules is not None and rules.challenge is ChallengeRule.LOSE_TURN
    entries: list[SheetEntry] = []
    last_play: tuple[int, int] | None = None  # (entry index, GCG player)
    for index, event in enumerate(record.events):
        notes = "\n\n".join(event.notes)
        kind = event.kind
        if kind is EventKind.PLAY:
            entries.append(
                SheetEntry(
                    move=f"{event.position} {event.word}",
                    rack=event.rack,
                    notes=notes,
                    line=event.line,
                )
            )
            last_play = (len(entries) - 1, event.player)
            continue
        if kind in (EventKind.PHONY_WITHDRAWN, EventKind.CHALLENGE_BONUS):
            entries[-1] = _challenged(entries, last_play, event, notes)
        elif lose_turn and _marked_lost_turn(record, index, last_play, len(entries)):
            entries[-1] = _stood(entries[-1], event.notes)
        elif kind is EventKind.PASS:
            entries.append(SheetEntry(move="-", rack=event.rack, notes=notes, line=event.line))
        elif kind is EventKind.EXCHANGE:
            tiles = event.exchanged or str(event.exchange_count)
            entries.append(
                SheetEntry(move=f"-{tiles}", rack=event.rack, notes=notes, line=event.line)
            )
        elif kind is EventKind.TIME_PENALTY:
            side = event.player ^ swapped
            entries.append(
                SheetEntry(penalty=event.score, player=side, notes=notes, line=event.line)
            )
        last_play = None
    return RecordEntries(entries, swapped)


def _marked_lost_turn(
    record: GcgGame, index: int, last_play: tuple[int, int] | None, count: int
) -> bool:
    """Whether event ``index`` is macondo's record of a turn lost to a challenge of the play
    just before it (``count`` entries so far), with a turn after it (the game goes on)."""
    event = record.events[index]
    following = record.events[index + 1] if index + 1 < len(record.events) else None
    return (
        event.kind is EventKind.PASS
        and event.score == 0
        and UNSUCCESSFUL_CHALLENGE_NOTE in event.notes
        and last_play is not None
        and last_play == (count - 1, 1 - event.player)
        and following is not None
        and following.kind in _TURNS
    )


def _stood(play: SheetEntry, notes: tuple[str, ...]) -> SheetEntry:
    """The play challenged and standing, with the notes of the line of the lost turn (less
    macondo's marker)."""
    kept = [n for n in (play.notes, *notes) if n and n != UNSUCCESSFUL_CHALLENGE_NOTE]
    return replace(play, challenge=CHALLENGED_VALID, notes="\n\n".join(kept))


def _challenged(
    entries: list[SheetEntry], last_play: tuple[int, int] | None, event: GcgEvent, notes: str
) -> SheetEntry:
    """The previous play's entry with the challenge outcome the event records."""
    if last_play is None or last_play[0] != len(entries) - 1:
        template = (
            PHONY_WITHOUT_PLAY
            if event.kind is EventKind.PHONY_WITHDRAWN
            else CHALLENGE_WITHOUT_PLAY
        )
        raise GcgImportError(template, line=event.line)
    entry = entries[-1]
    if event.kind is EventKind.PHONY_WITHDRAWN:
        if last_play[1] != event.player or entry.challenge != NO_CHALLENGE:
            raise GcgImportError(PHONY_WITHOUT_PLAY, line=event.line)
        outcome = PHONY_WITHDRAWN
    else:
        outcome = CHALLENGED_VALID
    joined = "\n\n".join(n for n in (entry.notes, notes) if n)
    return replace(entry, challenge=outcome, notes=joined)


def lost_turn_after_going_out(
    record: GcgGame, read: RecordEntries, index: int, before: SheetReplay
) -> tuple[GcgGame, RecordEntries] | None:
    """Macondo's record of a play that went out and stood a double challenge: the challenger's
    lost turn as a pass (``>doug: EGOP - +0 451``) right after the play, though the game is over.

    ``index`` is the entry the engine refused and ``before`` the replay of the entries before
    it. When that entry is a scoreless pass by the other player, at the challenger's running
    total, right after a play that ended the game by going out under a double challenge, return
    the record without the pass line and the entries with the play challenged and standing (our
    sheet has no line for a turn that cannot be taken); otherwise ``None``."""
    entries = read.entries
    if (
        index < 1
        or before.state.rules.challenge is not ChallengeRule.LOSE_TURN
        or before.ending != Ending.OUT.value
        or entries[index - 1].challenge != NO_CHALLENGE
    ):
        return None
    by_line = {event.line: event for event in record.events}
    play, lost = by_line.get(entries[index - 1].line), by_line.get(entries[index].line)
    if (
        play is None
        or lost is None
        or play.kind is not EventKind.PLAY
        or lost.kind is not EventKind.PASS
        or lost.player == play.player
        or lost.score != 0
        or lost.cumulative != before.totals[lost.player ^ read.swapped]
    ):
        return None
    kept = tuple(event for event in record.events if event is not lost)
    stood = _stood(entries[index - 1], lost.notes)
    folded = [*entries[: index - 1], stood, *entries[index + 1 :]]
    return replace(record, events=kept), RecordEntries(folded, read.swapped)


def events_from_turns(turns: Sequence) -> list[GcgEvent]:
    """GCG events for sheet lines (``Turn`` rows or anything with the same attributes); the
    event's ``player`` is the sheet side (0 = first player)."""
    events: list[GcgEvent] = []
    for turn in turns:
        total = turn.first_total if turn.player == 0 else turn.second_total
        notes = (turn.notes,) if turn.notes else ()
        events.extend(_EVENTS_OF_KIND.get(turn.kind, _clock_events)(turn, total, notes))
    return events


def _play_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    """A play; a phony is written as the play at the points it made, then taken back."""
    position, word = turn.move.split()
    common = {"player": turn.player, "rack": turn.rack}
    placed = {"position": position, "word": word, **common}
    if turn.kind != "phony":
        return [GcgEvent(EventKind.PLAY, score=turn.score, cumulative=total, notes=notes, **placed)]
    played = turn.withdrawn_score or 0
    return [
        GcgEvent(EventKind.PLAY, score=played, cumulative=total + played, **placed),
        GcgEvent(EventKind.PHONY_WITHDRAWN, score=-played, cumulative=total, notes=notes, **common),
    ]


def _exchange_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    body = turn.move[1:]
    counted = body.isdigit() and len(body) <= 2
    return [
        GcgEvent(
            EventKind.EXCHANGE,
            player=turn.player,
            rack=turn.rack,
            score=0,
            cumulative=total,
            exchanged="" if counted else body,
            exchange_count=int(body) if counted else len(body),
            notes=notes,
        )
    ]


def _pass_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    """A pass; a turn lost to a challenge is a pass with macondo's note after it."""
    kind = EventKind.PASS
    if turn.kind == "lost_challenge":
        notes = (UNSUCCESSFUL_CHALLENGE_NOTE, *notes)
    return [
        GcgEvent(kind, player=turn.player, rack=turn.rack, score=0, cumulative=total, notes=notes)
    ]


def _challenge_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    kind = EventKind.CHALLENGE_BONUS
    return [GcgEvent(kind, player=turn.player, score=turn.score, cumulative=total, notes=notes)]


def _rack_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    """The rack settled at the end: added to the player who went out, or deducted."""
    gained = turn.score > 0
    return [
        GcgEvent(
            EventKind.END_RACK_BONUS if gained else EventKind.END_RACK_PENALTY,
            player=turn.player,
            rack="" if gained else turn.rack,
            score=turn.score,
            cumulative=total,
            counted_rack=turn.rack,
            notes=notes,
        )
    ]


def _clock_events(turn, total: int, notes: tuple[str, ...]) -> list[GcgEvent]:
    kind = EventKind.TIME_PENALTY
    return [GcgEvent(kind, player=turn.player, score=turn.score, cumulative=total, notes=notes)]


_EVENTS_OF_KIND = {
    "play": _play_events,
    "phony": _play_events,
    "exchange": _exchange_events,
    **dict.fromkeys(_PASS_LIKE, _pass_events),
    "challenge_bonus": _challenge_events,
    "challenge_penalty": _challenge_events,
    "rack": _rack_events,
}


def time_notes(turns: Sequence) -> dict[int, str]:
    """The note ``time seconds=25 saved=2026-05-02T10:04:31+00:00`` for the first event of each
    move whose time is known, by event index. GCG has no time line: macondo's reader (and so
    liwords' GCG upload) refuses a ``#time`` pragma outright, so times ride in the move's
    ``#note``, which every reader keeps as text."""
    notes, before = {}, 0
    for turn in turns:
        seconds, saved = getattr(turn, "seconds", None), getattr(turn, "saved_at", None)
        parts = [f"seconds={seconds}"] if seconds is not None else []
        if saved is not None and getattr(turn, "is_entry", True):
            parts.append(f"saved={saved.isoformat(timespec='seconds')}")
        if parts:
            notes[before] = "time " + " ".join(parts)
        before += len(events_from_turns([turn]))
    return notes


def record_from_game(
    *,
    names: tuple[str, str],
    turns: Sequence,
    title: str = "",
    notes: str = "",
    lexicon: str = "",
    times: bool = False,
) -> GcgGame:
    """A GCG record of a scoresheet: players get nicknames p1/p2 (GCG nicknames have no spaces).

    ``times``: each move's seconds and saved moment as a ``#note`` after it (off by default:
    a record is the game, and most readers want nothing else)."""
    players = (GcgPlayer("p1", names[0]), GcgPlayer("p2", names[1]))
    events = events_from_turns(turns)
    if times:
        for index, note in time_notes(turns).items():
            events[index] = replace(events[index], notes=(*events[index].notes, note))
    return GcgGame(
        players=players,
        events=tuple(events),
        title=title,
        lexicon=lexicon,
        notes=(notes,) if notes else (),
    )


def compare_with_record(
    record: GcgGame, swapped: bool, computed: Sequence[GcgEvent], names: Sequence[str]
) -> None:
    """Raise ``GcgImportError`` at the first record line that the computed sheet does not match."""
    for index, event in enumerate(record.events):
        side = event.player ^ swapped
        if index >= len(computed):
            settling = event.kind in (EventKind.END_RACK_BONUS, EventKind.END_RACK_PENALTY)
            raise GcgImportError(IMPORT_NOT_SETTLED if settling else IMPORT_EXTRA, line=event.line)
        mine = computed[index]
        settles = (EventKind.END_RACK_BONUS, EventKind.END_RACK_PENALTY)
        if event.kind in settles and mine.kind not in settles:
            raise GcgImportError(IMPORT_NOT_SETTLED, line=event.line)
        if mine.player != side:
            raise GcgImportError(
                IMPORT_PLAYER, line=event.line, expected=names[mine.player], recorded=names[side]
            )
        if mine.score != event.score:
            raise GcgImportError(
                IMPORT_SCORE, line=event.line, recorded=event.score, computed=mine.score
            )
        if mine.cumulative != event.cumulative:
            raise GcgImportError(
                IMPORT_TOTAL, line=event.line, recorded=event.cumulative, computed=mine.cumulative
            )
    # A record may stop before its rack and clock lines: the sheet settles them itself.
    rest = [e for e in computed[len(record.events) :] if e.kind not in _SETTLING]
    if rest:
        last = record.events[-1].line if record.events else 0
        raise GcgImportError(IMPORT_MISSING, line=last, player=names[rest[0].player])
