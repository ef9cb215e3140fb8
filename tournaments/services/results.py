"""Recording, clearing and undoing results, with optimistic versions and an audit entry each.

Every write locks the pairing row (``select_for_update``) and, when the caller says which version
it last saw, refuses with ``ResultConflict`` if the row has moved on: two directors typing the same
table never overwrite each other silently. Commands and imports pass ``expected_version=None`` and
rely on the lock alone.

Corrections after rating: rating a tournament finalizes it. From then on only a director (CHANGE
permission; ``by=None`` for the system) may still change a result, and every such change or
undo re-rates each rating list the tournament is on from its event onwards, in the same
transaction, so the lists never show ratings from a result that no longer stands.

Undo policy: an undo restores the ``before`` of one audited change only while the result is still
exactly what that change left (same version). If the result changed again since, the undo is
refused with a message naming the later change to undo first; nothing is ever overwritten blindly.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_noop

from core.audit import audit_record, refuse_if_undone
from core.models import AuditEntry
from core.permissions import CHANGE, may_change
from core.refusal import NeedsConfirmation, Refusal
from tournaments.results.result_entry import (
    DoubleForfeit,
    EntryCommand,
    Forfeit,
    PlayerScores,
    Reason,
    TableScores,
    impossible_scores,
    unusual_scores,
)

from ..models import Pairing, Round
from ..models.rounds import RESULT_ACTIONS, RESULT_FIELDS, TIE_BREAK_WINNER, result_snapshot
from ..signals import rated_result_changed, result_saved
from . import round_end_points
from .report_closing import reports_reopened, reports_superseded

NO_SUCH_PAIRING = gettext_noop("That game no longer exists.")
FINALIZED = gettext_noop(
    "The tournament is finalized and rated; only a director can correct its results."
)
IS_BYE = gettext_noop("Player %(player)d has a bye in round %(round)d; a bye needs no result.")
NO_SUCH_TABLE = gettext_noop("There is no table %(table)d in round %(round)d.")
NOT_IN_ROUND = gettext_noop("Player %(player)d is not playing in round %(round)d.")
WRONG_OPPONENT = gettext_noop(
    "Player %(player)d plays %(actual)d in round %(round)d, not %(opponent)d."
)
NOT_IN_GAME = gettext_noop("Only one of the two players of this game can forfeit it.")
PLAYOFF_NOT_A_TIE = gettext_noop(
    "Only a tied game has a play-off, and only one of its two players can win it."
)
UNKNOWN_KIND = gettext_noop("A result cannot be of kind “%(kind)s” here.")
NOT_UNDOABLE = gettext_noop("Only result changes can be undone here.")
CHANGED_SINCE = gettext_noop(
    "This result changed again since (now version %(current)d); undo the later change first."
)


class ResultRefused(Refusal):
    """A result that cannot be saved, or a change that cannot be undone."""


class ResultConflict(Exception):
    """The result changed since the caller loaded it: both versions, for the director to choose."""

    def __init__(self, *, pairing: Pairing, current: dict, yours: dict) -> None:
        self.pairing = pairing
        self.current = current
        self.yours = yours
        super().__init__(f"Pairing {pairing.pk} is at version {current['version']}")


class UnusualResult(NeedsConfirmation):
    """Scores that are possible but unusual; saved only with ``confirm_unusual``."""

    def __init__(self, *, pairing: Pairing, reasons: list[Reason], yours: dict) -> None:
        self.pairing = pairing
        self.yours = yours
        super().__init__(reasons)


@dataclass(frozen=True)
class ResolvedResult:
    """A parsed line matched to its game, with scores in the pairing's side order."""

    pairing: Pairing
    kind: str
    first_score: int | None = None
    second_score: int | None = None
    forfeited_by_id: int | None = None

    @property
    def proposed(self) -> dict:
        return {
            "kind": self.kind,
            "first_score": self.first_score,
            "second_score": self.second_score,
            "forfeited_by": self.forfeited_by_id,
        }


@dataclass
class ResultOutcome:
    """What a write did: the pairing as saved, its result before and after, and the audit entry."""

    pairing: Pairing
    before: dict
    after: dict
    audit_entry: AuditEntry | None = field(default=None)

    @property
    def changed(self) -> bool:
        return self.audit_entry is not None


def same_result(one: dict, other: dict) -> bool:
    """Whether two snapshots hold the same result (play-off winner included)."""
    return all(one[n] == other[n] for n in RESULT_FIELDS) and one.get(
        TIE_BREAK_WINNER
    ) == other.get(TIE_BREAK_WINNER)


def scoresheet_scores(pairing: Pairing) -> tuple[int, int] | None:
    """Final (first, second) scores of the finished scoresheet linked to this pairing, if any.

    The games app links ``Game.pairing`` (OneToOne, related_name="game"). The access is guarded so
    this works without that app too: without it Pairing has no ``game`` descriptor at all, and a
    pairing without a game raises an AttributeError subclass, which ``getattr`` turns into None.
    A game still in progress, awaiting the tiles left on the racks, or ended by a forfeit has
    no final score to compare (``Game.has_final_scores``, the rule the sheet's result follows).
    """
    if not hasattr(Pairing, "game"):
        return None
    game = getattr(pairing, "game", None)
    if game is None or not getattr(game, "has_final_scores", False):
        return None
    first = getattr(game, "first_score", None)
    second = getattr(game, "second_score", None)
    if first is None or second is None:
        return None
    # The sheet may name the players the other way round from the pairing.
    sheet_first_player = getattr(game, "first_player_id", None)
    if sheet_first_player is not None and sheet_first_player == pairing.second.player_id:
        return (second, first)
    return (first, second)


# Reads ------------------------------------------------------------------------------------------


def result_resolve(*, round_: Round, command: EntryCommand) -> ResolvedResult:
    """Find the game a parsed line is about; refuse a table or player not in this round."""
    if isinstance(command, TableScores | DoubleForfeit):
        pairing = _pairing_at_table(round_, command.table)
        if isinstance(command, DoubleForfeit):
            return ResolvedResult(pairing, Pairing.Kind.DOUBLE_FORFEIT)
        return ResolvedResult(
            pairing, Pairing.Kind.PLAYED, command.first_score, command.second_score
        )
    pairing = _pairing_of_player(round_, command.player)
    player_is_first = pairing.first.number == command.player
    if isinstance(command, Forfeit):
        forfeiter = pairing.first if player_is_first else pairing.second
        return ResolvedResult(pairing, Pairing.Kind.FORFEIT, forfeited_by_id=forfeiter.pk)
    assert isinstance(command, PlayerScores)
    opponent = pairing.second if player_is_first else pairing.first
    if opponent.number != command.opponent:
        raise ResultRefused(
            WRONG_OPPONENT,
            player=command.player,
            actual=opponent.number,
            round=round_.number,
            opponent=command.opponent,
        )
    if player_is_first:
        scores = (command.score, command.opponent_score)
    else:
        scores = (command.opponent_score, command.score)
    return ResolvedResult(pairing, Pairing.Kind.PLAYED, *scores)


def _pairings(round_: Round):
    return round_.pairings.select_related("first__player", "second__player")


def _pairing_at_table(round_: Round, table: int) -> Pairing:
    pairing = _pairings(round_).filter(table=table).first()
    if pairing is None:
        raise ResultRefused(NO_SUCH_TABLE, table=table, round=round_.number)
    if pairing.second_id is None:
        raise ResultRefused(IS_BYE, player=pairing.first.number, round=round_.number)
    return pairing


def _pairing_of_player(round_: Round, number: int) -> Pairing:
    pairing = _pairings(round_).filter(Q(first__number=number) | Q(second__number=number)).first()
    if pairing is None:
        raise ResultRefused(NOT_IN_ROUND, player=number, round=round_.number)
    if pairing.second_id is None:
        raise ResultRefused(IS_BYE, player=number, round=round_.number)
    return pairing


# Writes -----------------------------------------------------------------------------------------


def result_record(
    *,
    by,
    pairing_id: int,
    first_score: int | None,
    second_score: int | None,
    kind: str = Pairing.Kind.PLAYED,
    forfeited_by_id: int | None = None,
    expected_version: int | None,
    confirm_unusual: bool = False,
    playoff_winner_id: int | None = None,
    reports_settled: bool = False,
) -> ResultOutcome:
    """Save one game's result (``playoff_winner_id``: who won a tied game's play-off word).

    The players' reports still open on the game are closed as superseded, unless
    ``reports_settled`` (the report service, writing the result of the reports it settles).
    Raises ``ResultRefused`` for impossible values, ``ResultConflict`` when ``expected_version``
    is not the row's version, and ``UnusualResult`` for unusual scores unless confirmed.
    Saving the very result already stored changes nothing and is not a conflict.
    """
    with transaction.atomic():
        pairing = _locked_pairing(pairing_id, by)
        proposed = _checked_proposal(pairing, kind, first_score, second_score, forfeited_by_id)
        if _checked_playoff(pairing, proposed, playoff_winner_id) is not None:
            proposed[TIE_BREAK_WINNER] = playoff_winner_id
        before = result_snapshot(pairing)
        if same_result(before, proposed):
            return ResultOutcome(pairing, before, before)
        if expected_version is not None and expected_version != pairing.version:
            raise ResultConflict(pairing=pairing, current=before, yours=proposed)
        if kind == Pairing.Kind.PLAYED and not confirm_unusual:
            reasons = unusual_scores(first_score, second_score, scoresheet_scores(pairing))
            if reasons:
                raise UnusualResult(pairing=pairing, reasons=reasons, yours=proposed)
        _apply(pairing, proposed, reported_at=timezone.now())
        outcome = _save_and_audit(by, pairing, before, action="result.record")
        if not reports_settled:
            reports_superseded(by, pairing)
        return outcome


def result_clear(*, by, pairing_id: int, expected_version: int | None) -> ResultOutcome:
    """Remove a game's result so it counts as missing again."""
    with transaction.atomic():
        pairing = _locked_pairing(pairing_id, by)
        if pairing.second_id is None:
            raise ResultRefused(IS_BYE, player=pairing.first.number, round=pairing.round.number)
        before = result_snapshot(pairing)
        empty = dict.fromkeys(RESULT_FIELDS) | {"kind": str(Pairing.Kind.PLAYED)}
        if same_result(before, empty):
            return ResultOutcome(pairing, before, before)
        if expected_version is not None and expected_version != pairing.version:
            raise ResultConflict(pairing=pairing, current=before, yours=empty)
        _apply(pairing, empty, reported_at=None)
        return _save_and_audit(by, pairing, before, action="result.clear")


def audit_undo(*, by, entry_id: int) -> ResultOutcome:
    """Restore the result an audited change replaced; the undo is itself audited."""
    with transaction.atomic():
        entry = AuditEntry.objects.get(pk=entry_id)
        if entry.action not in RESULT_ACTIONS or entry.object_type != "tournaments.pairing":
            raise ResultRefused(NOT_UNDOABLE)
        if not entry.object_id.isdigit():
            # An imported event's log keeps no id for a pairing it no longer has.
            raise ResultRefused(NO_SUCH_PAIRING)
        # Checked under the pairing's lock, so of two simultaneous undos the second sees the first.
        pairing = _locked_pairing(int(entry.object_id), by)
        refuse_if_undone(entry, ResultRefused)
        if pairing.version != entry.after["version"]:
            raise ResultRefused(CHANGED_SINCE, current=pairing.version)
        before = result_snapshot(pairing)
        restored = entry.before
        reported_at = parse_datetime(restored["reported_at"]) if restored["reported_at"] else None
        _apply(pairing, restored, reported_at=reported_at)
        outcome = _save_and_audit(by, pairing, before, action="result.undo", undoes=entry)
        reports_superseded(by, pairing)
        reports_reopened(by, pairing, entry)
        return outcome


def _locked_pairing(pairing_id: int, by) -> Pairing:
    # of=("self",): PostgreSQL cannot lock the nullable side of the outer join to `second`.
    query = Pairing.objects.select_for_update(of=("self",)).select_related(
        "round__division__tournament", "first__player", "second__player"
    )
    try:
        pairing = query.get(pk=pairing_id)
    except Pairing.DoesNotExist:
        raise ResultRefused(NO_SUCH_PAIRING) from None
    tournament = pairing.round.division.tournament
    # Views already checked RESULTS; a finalized event's ratings hang on it, so more is needed.
    finalized = tournament.finalized_at is not None
    if finalized and by is not None and not may_change(by, tournament, CHANGE):
        raise ResultRefused(FINALIZED)
    return pairing


def _checked_proposal(
    pairing: Pairing,
    kind: str,
    first_score: int | None,
    second_score: int | None,
    forfeited_by_id: int | None,
) -> dict:
    """The result columns to write, or ``ResultRefused`` when they cannot stand."""
    if pairing.second_id is None:
        raise ResultRefused(IS_BYE, player=pairing.first.number, round=pairing.round.number)
    # str() turns a Kind member into its plain value, so snapshots compare and serialise alike.
    proposed = dict.fromkeys(RESULT_FIELDS) | {"kind": str(kind)}
    if kind == Pairing.Kind.PLAYED:
        reasons = impossible_scores(first_score, second_score)
        if reasons:
            raise ResultRefused(reasons[0].template, **reasons[0].params)
        return proposed | {"first_score": first_score, "second_score": second_score}
    if kind == Pairing.Kind.FORFEIT:
        if forfeited_by_id not in (pairing.first_id, pairing.second_id):
            raise ResultRefused(NOT_IN_GAME)
        return proposed | {"forfeited_by": forfeited_by_id}
    if kind == Pairing.Kind.DOUBLE_FORFEIT:
        return proposed
    raise ResultRefused(UNKNOWN_KIND, kind=kind)


def _checked_playoff(pairing: Pairing, proposed: dict, winner_id: int | None) -> int | None:
    if winner_id is None:
        return None
    tied = proposed["kind"] == Pairing.Kind.PLAYED and (
        proposed["first_score"] == proposed["second_score"]
    )
    if not tied or winner_id not in (pairing.first_id, pairing.second_id):
        raise ResultRefused(PLAYOFF_NOT_A_TIE)
    return winner_id


def _apply(pairing: Pairing, result: dict, *, reported_at) -> None:
    pairing.kind = result["kind"]
    pairing.first_score = result["first_score"]
    pairing.second_score = result["second_score"]
    pairing.forfeited_by_id = result["forfeited_by"]
    pairing.playoff_winner_id = result.get(TIE_BREAK_WINNER)
    pairing.reported_at = reported_at


def _save_and_audit(by, pairing: Pairing, before: dict, *, action: str, undoes=None):
    pairing.version += 1
    pairing.save(update_fields=[*RESULT_FIELDS, TIE_BREAK_WINNER, "reported_at", "version"])
    after = result_snapshot(pairing)
    entry = audit_record(
        by=by,
        action=action,
        obj=pairing,
        tournament_id=pairing.round.division.tournament_id,
        before=before,
        after=after,
        undoes=undoes,
    )
    result_saved.send(sender=Pairing, pairing=pairing, by=by)
    round_end_points.after_result(by, pairing, before)
    tournament = pairing.round.division.tournament
    if tournament.finalized_at is not None:
        # Inside the caller's transaction: a refused re-rate rolls the correction back too.
        rated_result_changed.send(sender=Pairing, tournament=tournament, by=by)
    return ResultOutcome(pairing, before, after, entry)
