"""Players reporting their own scores from their phones, when the director allows it.

A report is only ever a proposal. The game's result is written through ``result_record`` (so it
is checked and audited like any other) when:

- the opponent submits the same scores (or presses "confirm", which submits them), or
- a director accepts one report.

A tie in a division whose rules give a tie a winner (a play-off word, or who led before the
racks) is the exception: the players' agreeing reports are left for a director as ``tie``
(the desk asks who won a tie too), and a director accepts a tie only naming its winner.

If the opponent submits different scores both reports become ``disputed`` for the director; a
report never overwrites a result that is already in: a result recorded any other way closes the
game's open reports (``report_closing``), and a director cannot accept a report of a game that
has a result. Each write locks the pairing row, so two players submitting at once are ordered
and the second sees the first.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from core.permissions import RESULTS, require_change
from core.refusal import Refusal
from tournaments.results.result_entry import MAX_SCORE

from ..models import Entry, Pairing, ScoreReport
from ..selectors.held import division_held
from ..selectors.rules import tie_break_rule
from ..selectors.self_reports import OPEN
from .report_closing import report_audit, report_settle
from .results import result_record

Status = ScoreReport.Status

OFF = gettext_noop("Players cannot report scores in this event.")
NOT_YOURS = gettext_noop("You can only report the scores of your own game.")
ALREADY_IN = gettext_noop("This game already has a result; ask a director to change it.")
NOT_PLAYED = gettext_noop("Only a played game can be reported.")
BAD_SCORE = gettext_noop("Scores must be whole numbers from 0 to %(most)d.")
FINALIZED = gettext_noop("The tournament is finalized.")
NOT_OPEN = gettext_noop("This report has already been settled.")
HELD = gettext_noop("Scores for this game cannot be sent here; ask a director.")
TIE_WINNER = gettext_noop(
    "A tie: under this division's rules it has a winner. Choose who won it to accept the report."
)
RESULT_IN = gettext_noop(
    "This game already has a result, so the report was not accepted; to change the result, "
    "use the result entry page."
)


class ReportRefused(Refusal):
    """A player's score report that cannot be taken."""


def player_entry(user, pairing: Pairing) -> Entry | None:
    """The entry of ``pairing`` that belongs to ``user`` (through their linked Player), if any."""
    if not getattr(user, "is_authenticated", False):
        return None
    for entry in (pairing.first, pairing.second):
        if entry is not None and entry.player.user_id == user.pk:
            return entry
    return None


def _locked(pairing_id: int) -> Pairing:
    return (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("round__division__tournament", "first__player", "second__player")
        .get(pk=pairing_id)
    )


def _linked_entry(pairing: Pairing, entry_id: int) -> Entry | None:
    """The entry of ``pairing`` a personal link names (``selectors.entry_links``), if any."""
    for entry in (pairing.first, pairing.second):
        if entry is not None and entry.pk == entry_id:
            return entry
    return None


def report_submit(
    *,
    by,
    pairing_id: int,
    first_score: int,
    second_score: int,
    as_entry_id: int | None = None,
    device: str = "",
) -> ScoreReport:
    """``by`` (a player of the game) reports its scores, in the pairing's first/second order.
    ``as_entry_id``: the report comes through that entry's personal link, with no account
    (``by`` is then None and the report names the entry only). ``device``: the keyed hash of
    the browser's device cookie (``tournaments.devices``), kept for the integrity desk."""
    for score in (first_score, second_score):
        if not isinstance(score, int) or not 0 <= score <= MAX_SCORE:
            raise ReportRefused(BAD_SCORE, most=MAX_SCORE)
    with transaction.atomic():
        pairing = _locked(pairing_id)
        mine = _reporter(by, pairing, as_entry_id)
        open_reports = list(pairing.score_reports.filter(status__in=OPEN))
        for old in open_reports:
            if old.reported_by_id == mine.pk:
                report_settle(old, Status.WITHDRAWN, by=by, action="score_report.withdraw")
        report = ScoreReport.objects.create(
            pairing=pairing,
            reported_by=mine,
            user=by if getattr(by, "is_authenticated", False) else None,
            first_score=first_score,
            second_score=second_score,
            device=device[:32],
        )
        theirs = [r for r in open_reports if r.reported_by_id != mine.pk]
        report_audit(by, report, "score_report.submit")
        if theirs:
            _match(by, pairing, report, theirs[-1])
    return report


def _reporter(by, pairing: Pairing, as_entry_id: int | None) -> Entry:
    """The entry of ``pairing`` reporting its scores, or the refusal of the report."""
    tournament = pairing.round.division.tournament
    if not tournament.self_reporting:
        raise ReportRefused(OFF)
    if tournament.finalized_at is not None:
        raise ReportRefused(FINALIZED)
    linked = as_entry_id is not None
    mine = _linked_entry(pairing, as_entry_id) if linked else player_entry(by, pairing)
    if mine is None:
        raise ReportRefused(NOT_YOURS)
    if pairing.second_id is not None and pairing.is_reported and _held(pairing):
        raise ReportRefused(HELD)
    if pairing.kind != Pairing.Kind.PLAYED or pairing.second_id is None:
        raise ReportRefused(NOT_PLAYED)
    if pairing.is_reported:
        raise ReportRefused(ALREADY_IN)
    return mine


def _held(pairing: Pairing) -> bool:
    """Whether a broadcast delay still holds the game's result back from the public pages,
    which the player's page and personal link follow: a refusal must not tell it is in."""
    return pairing.pk in division_held(pairing.round.division)


def _match(by, pairing: Pairing, mine: ScoreReport, theirs: ScoreReport) -> None:
    """Two players' reports: the same scores write the result; different ones are disputed.
    The same tie, where the rules give it a winner, waits for a director to name the winner."""
    agree = (mine.first_score, mine.second_score) == (theirs.first_score, theirs.second_score)
    if agree and _tie_to_decide(pairing, mine):
        for report in (mine, theirs):
            report.status = Status.TIE
            report.save(update_fields=["status"])
            report_audit(by, report, "score_report.tie")
    elif agree:
        # Both players agree, so unusual scores need no further confirmation.
        _result_from(by, pairing, mine)
        report_settle(mine, Status.CONFIRMED, by=by, action="score_report.confirm")
        report_settle(theirs, Status.CONFIRMED, by=by, action="score_report.confirm")
    else:
        for report in (mine, theirs):
            report.status = Status.DISPUTED
            report.save(update_fields=["status"])
            report_audit(by, report, "score_report.dispute")


def _tie_to_decide(pairing: Pairing, report: ScoreReport) -> bool:
    """Whether ``report`` is a tie that the division's rules give a winner."""
    tied = report.first_score == report.second_score
    return tied and tie_break_rule(pairing.round.division) is not None


def _result_from(
    by, pairing: Pairing, report: ScoreReport, playoff_winner_id: int | None = None
) -> None:
    """Write ``report``'s scores as the game's result (``playoff_winner_id``: who won it, when
    a tie has a winner): agreed or accepted, so unusual scores need no further confirmation.
    The callers hold the pairing's lock and have checked it has no result, which the lock keeps
    so: no version to compare. They settle the game's reports themselves (confirmed,
    accepted), after the result, so none is superseded."""
    result_record(
        by=by,
        pairing_id=pairing.pk,
        first_score=report.first_score,
        second_score=report.second_score,
        expected_version=None,
        confirm_unusual=True,
        playoff_winner_id=playoff_winner_id,
        reports_settled=True,
    )


def report_accept(*, by, report_id: int, playoff_winner_id: int | None = None) -> ScoreReport:
    """A director (or assistant) accepts one report: its scores become the result. Refused for
    a game that already has a result (the director's, a forfeit, a scoresheet's): a report
    never replaces one. A tie the division's rules give a winner is accepted only with
    ``playoff_winner_id`` (one of the game's two entries); under other rules it is ignored.
    Another open report of the same scores is accepted with it, others are set aside."""
    with transaction.atomic():
        report = ScoreReport.objects.select_related("pairing").get(pk=report_id)
        pairing = _locked(report.pairing_id)
        require_change(by, pairing.round.division, RESULTS)
        report = ScoreReport.objects.select_for_update().get(pk=report_id)
        if pairing.is_reported:
            raise ReportRefused(RESULT_IN)
        if report.status not in OPEN:
            raise ReportRefused(NOT_OPEN)
        if not _tie_to_decide(pairing, report):
            playoff_winner_id = None
        elif playoff_winner_id is None:
            raise ReportRefused(TIE_WINNER)
        _result_from(by, pairing, report, playoff_winner_id)
        report_settle(report, Status.ACCEPTED)
        for other in pairing.score_reports.filter(status__in=OPEN).exclude(pk=report.pk):
            if (other.first_score, other.second_score) == (report.first_score, report.second_score):
                report_settle(other, Status.ACCEPTED, by=by, action="score_report.accept")
            else:
                report_settle(other, Status.WITHDRAWN, by=by, action="score_report.withdraw")
        report_audit(by, report, "score_report.accept")
    return report
