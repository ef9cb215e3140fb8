"""A result typed as one line ("3 380 402", "7 380 12 402", "f 12", "ff 3"): parsed, matched to
its game, checked and recorded. The result entry page and the ``result`` command both go through
``result_enter_line``, so a line means the same thing, and is refused for the same reasons, in
both.
"""

from dataclasses import dataclass
from enum import StrEnum

from tournaments.results.result_entry import EntryLineError, parse_entry_line

from ..models import Pairing, Round
from ..selectors.rules import tie_break_rule
from .results import (
    RESULT_FIELDS,
    ResolvedResult,
    ResultConflict,
    ResultOutcome,
    ResultRefused,
    UnusualResult,
    result_record,
    result_resolve,
    result_snapshot,
)


class LineState(StrEnum):
    """What entering a line came to (a refusal raises ``ResultRefused`` instead)."""

    CONFIRM = "confirm"  # not saved: show the director which game the line names first
    SAVED = "saved"  # saved, or it was already the stored result
    UNUSUAL = "unusual"  # not saved: unusual scores, to be confirmed
    CONFLICT = "conflict"  # not saved: the game's result changed since the director saw it
    TIE_BREAK_WORD = "playoff"  # not saved: a tie whose rules give it a winner, to say who
    WAITING = "waiting"  # not saved: its game has a question open on the page; it waits behind


@dataclass(frozen=True)
class Shown:
    """The game the director was shown for the line, and the version of its result they saw."""

    pairing_id: int | None = None
    version: int | None = None


@dataclass(frozen=True)
class EnteredLine:
    """A line matched to its game, and what became of it."""

    resolved: ResolvedResult
    state: LineState
    expected_version: int | None = None
    outcome: ResultOutcome | None = None
    unusual: UnusualResult | None = None
    conflict: ResultConflict | None = None


def result_resolve_line(*, round_: Round, line: str) -> ResolvedResult:
    """The game ``line`` names in ``round_`` and the result it gives; reads only.

    Raises ``ResultRefused`` for a line that is not a result or names no game of the round.
    """
    try:
        command = parse_entry_line(line)
    except EntryLineError as err:
        raise ResultRefused(err.template, **err.params) from err
    return result_resolve(round_=round_, command=command)


def _is_tie(resolved: ResolvedResult) -> bool:
    return resolved.kind == Pairing.Kind.PLAYED and resolved.first_score == resolved.second_score


def tie_to_break(resolved: ResolvedResult, division) -> bool:
    """Whether the line is a tie that ``division``'s rules give a winner (a play-off word, or who
    led before the racks): it is saved only with that winner named."""
    return _is_tie(resolved) and tie_break_rule(division) is not None


def _already_stored(resolved: ResolvedResult, playoff_winner_id: int | None) -> bool:
    """Whether the game already holds exactly this line's result (a line sent again after a
    reload, or typed twice): a line that names no play-off winner agrees with a stored one."""
    pairing = resolved.pairing
    if not pairing.is_reported:
        return False
    stored = {
        "kind": str(pairing.kind),
        "first_score": pairing.first_score,
        "second_score": pairing.second_score,
        "forfeited_by": pairing.forfeited_by_id,
    }
    if any(stored[name] != resolved.proposed[name] for name in RESULT_FIELDS):
        return False
    return playoff_winner_id in (None, pairing.playoff_winner_id)


def _version_to_save_against(resolved: ResolvedResult, shown: Shown) -> int | None:
    """The result version a line from the page is saved against; ``None``: show the game first.

    The game shown, at the version shown; a game the preview had not caught up with (typed
    faster) at the version just read, unless it has a result: replacing one takes seeing it."""
    if shown.pairing_id == resolved.pairing.pk and shown.version is not None:
        return shown.version
    if resolved.pairing.is_reported:
        return None
    return resolved.pairing.version


def result_enter_line(
    *,
    by,
    round_: Round,
    line: str,
    confirm: bool = False,
    shown: Shown | None = None,
    playoff_winner_id: int | None = None,
    held: frozenset[int] = frozenset(),
) -> EnteredLine:
    """Parse ``line``, find its game in ``round_``, check and record it, audited.

    ``shown`` is what the page showed the director for this line. When it is not this game at a
    known version (the live preview had not caught up with fast typing), a game without a result
    is saved from the line alone, against the version read now; a game that already has one is
    not replaced unseen (state CONFIRM shows the names first). A result saved by someone else
    meanwhile is a CONFLICT rather than overwritten. ``shown=None``
    (commands) saves at once, ordered by the row lock alone. ``confirm`` saves unusual scores.
    A tie in a division whose rules give ties a winner (a play-off word, or who led before the
    racks) is saved only with ``playoff_winner_id`` (state TIE_BREAK_WORD asks for it), as the
    scoresheet would record it; a tie under rules where it stands stays a draw.
    ``held``: the games with a question still open on the page; a line for one of them waits
    (state WAITING, nothing written). A line whose result is already stored is SAVED without a
    write or a question, so a line sent again after a reload is never stored twice.
    """
    resolved = result_resolve_line(round_=round_, line=line)
    if resolved.pairing.pk in held:
        return EnteredLine(resolved, LineState.WAITING)
    playoff = tie_to_break(resolved, round_.division)
    if not playoff:
        playoff_winner_id = None
    if _already_stored(resolved, playoff_winner_id):
        return _stored_already(resolved)
    expected = None
    if shown is not None:
        expected = _version_to_save_against(resolved, shown)
        if expected is None:
            return EnteredLine(resolved, LineState.CONFIRM)
    if playoff and playoff_winner_id is None:
        return EnteredLine(resolved, LineState.TIE_BREAK_WORD, expected)
    return _record(by, resolved, expected, confirm=confirm, playoff_winner_id=playoff_winner_id)


def _record(
    by, resolved: ResolvedResult, expected: int | None, *, confirm: bool, playoff_winner_id
) -> EnteredLine:
    try:
        outcome = result_record(
            by=by,
            pairing_id=resolved.pairing.pk,
            first_score=resolved.first_score,
            second_score=resolved.second_score,
            kind=resolved.kind,
            forfeited_by_id=resolved.forfeited_by_id,
            expected_version=expected,
            confirm_unusual=confirm,
            playoff_winner_id=playoff_winner_id,
        )
    except UnusualResult as err:
        return EnteredLine(resolved, LineState.UNUSUAL, expected, unusual=err)
    except ResultConflict as err:
        return EnteredLine(resolved, LineState.CONFLICT, expected, conflict=err)
    return EnteredLine(resolved, LineState.SAVED, expected, outcome=outcome)


def _stored_already(resolved: ResolvedResult) -> EnteredLine:
    found = result_snapshot(resolved.pairing)
    outcome = ResultOutcome(resolved.pairing, found, found)
    return EnteredLine(resolved, LineState.SAVED, resolved.pairing.version, outcome=outcome)
