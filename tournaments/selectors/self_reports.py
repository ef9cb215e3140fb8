"""Named reads of players' score reports."""

from dataclasses import dataclass

from django.db.models import Count, Q

from ..models import Division, Entry, Pairing, ScoreReport
from ..models.rounds import unreported_q

# Reports a director may still have to settle.
OPEN = (ScoreReport.Status.SUBMITTED, ScoreReport.Status.DISPUTED, ScoreReport.Status.TIE)


def open_reports(division: Division):
    """Reports waiting for a director, disputed first (1 query): open reports of games still
    without a result (a result recorded closes them; one left open from before is no more to
    settle, and cannot be accepted)."""
    return (
        ScoreReport.objects.filter(pairing__round__division=division, status__in=OPEN)
        .filter(unreported_q("pairing__"))
        .select_related("pairing__round", "reported_by__player")
        .order_by("-status", "pairing__round__number", "pairing__table")
    )


@dataclass(frozen=True, slots=True)
class ReportCounts:
    """How many games have players' reports waiting for a director, and how many are disputed."""

    waiting: int
    disputed: int


def report_counts(division: Division) -> ReportCounts:
    """The queue's counts for the links to it (1 query)."""
    found = (
        open_reports(division)
        .order_by()
        .aggregate(
            waiting=Count("pairing", distinct=True),
            disputed=Count("pairing", distinct=True, filter=Q(status=ScoreReport.Status.DISPUTED)),
        )
    )
    return ReportCounts(found["waiting"], found["disputed"])


def report_context(user, division: Division, entry: Entry, page) -> dict | None:
    """For the player page: the game ``user`` may report now and the reports on it (2 queries);
    None once the game has a result, even one a broadcast delay holds back from the page."""
    tournament = division.tournament
    if not tournament.self_reporting or tournament.finalized_at is not None:
        return None
    if not getattr(user, "is_authenticated", False) or entry.player.user_id != user.pk:
        return None
    game = page.next_game
    if game is None:
        return None
    pairing = (
        Pairing.objects.filter(round__division=division, round__number=game["round"])
        .filter(Q(first=entry) | Q(second=entry))
        .first()
    )
    if pairing is None or pairing.is_reported:
        # A result in, though a broadcast delay may still hide it from this page (``held``):
        # nothing left to report, as on the personal link (``views.entry_links``).
        return None
    reports = list(pairing.score_reports.filter(status__in=OPEN).select_related("reported_by"))
    theirs = next((r for r in reports if r.reported_by_id != entry.pk), None)
    return {
        "pairing": pairing,
        "mine": next((r for r in reports if r.reported_by_id == entry.pk), None),
        "theirs": theirs,
        "i_am_first": pairing.first_id == entry.pk,
    }


def report_queue(division: Division) -> list[dict]:
    """The director's queue, one item per game with open reports, first the games only a
    director can settle (disputed, or the same tie reported by both where the rules give a tie
    a winner: ``tie``): the report of the pairing's first player (key 1) and of its second
    (key 2), either may be missing (1 query)."""
    games: dict[int, dict] = {}
    for report in open_reports(division).select_related(
        "pairing__first__player", "pairing__second__player"
    ):
        game = games.setdefault(
            report.pairing_id,
            {
                "pairing": report.pairing,
                "first": None,
                "second": None,
                "disputed": False,
                "tie": False,
            },
        )
        side = "first" if report.reported_by_id == report.pairing.first_id else "second"
        game[side] = report
        game["disputed"] |= report.status == ScoreReport.Status.DISPUTED
        game["tie"] |= report.status == ScoreReport.Status.TIE
    for game in games.values():
        pairing = game["pairing"]
        game["sides"] = [(pairing.first, game["first"], 1), (pairing.second, game["second"], 2)]
    return sorted(
        games.values(),
        key=lambda g: (
            not (g["disputed"] or g["tie"]),
            g["pairing"].round.number,
            g["pairing"].table or 0,
        ),
    )
