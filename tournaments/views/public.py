"""Pages players see without logging in: event home, live pairings, a player's page, statistics.

A room of phones polls these while a round is under way, so every page is cached as
``tournaments/http_cache.py`` says, and polls itself (htmx ``every 30s``) only while the latest
round still has games to report.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from config.tablepages import configure_table
from core.messages import translated
from core.permissions import RESULTS

from ..http_cache import MAX_AGE, cached_division_page
from ..models import Entry, Pairing, ScoreReport
from ..selectors import public_pages, self_reports
from ..selectors.divisions import EntryRow, division_rows
from ..selectors.stamps import latest_round, tournament_stamp
from ..services import self_reporting
from ..services.prizes import prize_rules
from ..services.results import ResultConflict, ResultRefused
from ..stats import award_prizes, event_stats
from ..tables.public import PairingsByNameTable, PlayerResultsTable, pairings_lines
from .divisions import changeable_division, visible_division
from .events import visible_tournament

POLL_SECONDS = 30


def player_url(division, number: int) -> str:
    return reverse(
        "tournaments:public_player",
        kwargs={
            "tournament_slug": division.tournament.slug,
            "division_name": division.name,
            "player_number": number,
        },
    )


@require_safe
def event_home(request, tournament_slug: str):
    """The event for players: each division with its latest round and the pages to follow it."""
    tournament = visible_tournament(request, tournament_slug)
    divisions = tournament.divisions.annotate(latest=Max("round_set__number")).order_by("name")
    stamp = tournament_stamp(tournament.pk)
    response = render(
        request,
        "tournaments/public/event_home.html",
        {"tournament": tournament, "divisions": divisions, "changed_at": stamp.changed_at},
    )
    patch_cache_control(response, max_age=MAX_AGE)
    return response


@require_safe
@cached_division_page
def live_pairings(request, tournament_slug: str, division_name: str):
    """A round's pairings by name with a find-my-name box; the partial polls while games are on."""
    found = visible_division(request, tournament_slug, division_name)
    results = division_rows(found)
    rounds = public_pages.round_numbers(results)
    state = latest_round(found)
    try:
        number = int(request.GET.get("round") or (rounds[-1] if rounds else 0))
    except ValueError:
        raise Http404 from None
    query = request.GET.get("q", "")
    rows = public_pages.pairings_by_name(
        results, number, lambda n: player_url(found, n), query=query
    )
    table = PairingsByNameTable(rows)
    export = configure_table(
        request,
        table,
        filename=f"{found.tournament.slug}-{found.name}-round-{number}",
        paginate=False,
    )
    if export:
        return export
    context = {
        "tournament": found.tournament,
        "division": found,
        "table": table,
        "rows": pairings_lines(table),
        "rounds": rounds,
        "number": number,
        "query": query,
        "polling": state.under_way and number == state.number,
        "poll_seconds": POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "tournaments/public/partials/pairings.html", context)
    return render(request, "tournaments/public/pairings.html", context)


@require_safe
@cached_division_page
def player(request, tournament_slug: str, division_name: str, player_number: int):
    """A player's event page: rank, record, next opponent and table, results so far."""
    found = visible_division(request, tournament_slug, division_name)
    results = division_rows(found)
    entry = results.entry_by_number.get(player_number)
    if entry is None:
        raise Http404
    page = public_pages.player_page(results, entry, lambda n: player_url(found, n))
    state = latest_round(found)
    context = {
        "tournament": found.tournament,
        "division": found,
        "page": page,
        "table": PlayerResultsTable(page.rounds),
        "polling": state.under_way,
        "poll_seconds": POLL_SECONDS,
        "self_report": _self_report_context(request, found, entry, page),
    }
    if request.htmx:
        return render(request, "tournaments/public/partials/player.html", context)
    return render(request, "tournaments/public/player.html", context)


def _self_report_context(request, division, entry: EntryRow, page) -> dict | None:
    """The score form for the logged-in player themself while self-reporting is on."""
    if not (division.tournament.self_reporting and request.user.is_authenticated):
        return None  # nobody to offer the form to: spare the visitors the Entry read
    found = Entry.objects.select_related("player").get(pk=entry.pk)
    return self_reports.report_context(request.user, division, found, page)


@require_safe
@cached_division_page
def statistics(request, tournament_slug: str, division_name: str):
    """The final-report figures, live: records, averages and current prize holders."""
    found = visible_division(request, tournament_slug, division_name)
    results = division_rows(found)
    stats = event_stats(results.players, results.results)
    rows = results.standings()
    awards = award_prizes(prize_rules(found), rows, stats)
    name = {p.number: p.name for p in results.players}
    context = {
        "tournament": found.tournament,
        "division": found,
        "stats": stats,
        "awards": [
            (award, [(name.get(n, "?"), player_url(found, n)) for n in award.players])
            for award in awards
        ],
        "records": public_pages.record_lines(stats, name),
        "averages": public_pages.average_lines(stats),
        "polling": latest_round(found).under_way,
        "poll_seconds": POLL_SECONDS,
    }
    if request.htmx:
        return render(request, "tournaments/public/partials/statistics.html", context)
    return render(request, "tournaments/public/statistics.html", context)


@login_required
@require_http_methods(["POST"])
def self_report(request, tournament_slug: str, division_name: str, player_number: int):
    """A player posts their game's scores from their phone (see services.self_reporting)."""
    found = visible_division(request, tournament_slug, division_name)
    pairing = get_object_or_404(
        Pairing, pk=_int(request.POST.get("pairing")), round__division=found
    )
    if self_reporting.player_entry(request.user, pairing) is None:
        raise PermissionDenied
    first, second = _int(request.POST.get("first_score")), _int(request.POST.get("second_score"))
    try:
        self_reporting.report_submit(
            by=request.user, pairing_id=pairing.pk, first_score=first, second_score=second
        )
    except self_reporting.ReportRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Thank you: your scores were sent."))
    return redirect(player_url(found, player_number))


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@login_required
@require_http_methods(["GET", "POST"])
def score_reports(request, tournament_slug: str, division_name: str):
    """Directors see players' open and disputed reports and accept the right one."""
    found = changeable_division(request, tournament_slug, division_name, RESULTS)
    if request.method == "POST":
        try:
            self_reporting.report_accept(
                by=request.user, report_id=_int(request.POST.get("report"))
            )
        except ScoreReport.DoesNotExist:
            raise Http404 from None
        except (self_reporting.ReportRefused, ResultRefused) as err:
            messages.error(request, translated(err))
        except ResultConflict:
            messages.error(request, _("That game's result changed meanwhile; look again."))
        else:
            messages.success(request, _("Result saved."))
        return redirect(request.path)
    return render(
        request,
        "tournaments/public/score_reports.html",
        {
            "tournament": found.tournament,
            "division": found,
            "reports": self_reports.open_reports(found),
        },
    )
