"""Pages players see without logging in: event home, live pairings, a player's page, statistics.

A room of phones polls these while a round is under way, so every page is cached as
``tournaments/public_cache/http.py`` says, and polls itself (htmx ``every 30s``) only while the latest
round still has games to report.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from core.forms import error_lines
from core.messages import translated
from core.permissions import RESULTS
from core.tablepages import configure_table
from games.engine.rules import TieRule
from tournaments.public_cache.http import (
    LANGUAGE_VARY,
    MAX_AGE,
    cached_division_page,
    page_snapshot,
)

from .. import public_text, why_text
from ..devices import device_of, remember_device
from ..forms.self_reports import ReportAcceptForm, SelfReportForm
from ..models import Entry
from ..prize_texts import award_label
from ..rule_texts import preset_name
from ..selectors import public_pages, self_reports, why
from ..selectors.divisions import EntryRow
from ..selectors.rules import tie_break_rule
from ..selectors.stamps import tournament_stamp
from ..services import self_reporting
from ..services.results import ResultConflict, ResultRefused
from ..tables.public import PairingsByNameTable
from ..tables.public_rows import Labels, pairing_rows
from .divisions import changeable_division, visible_division
from .events import visible_tournament
from .rules import player_scoresheet_url

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
    divisions = list(
        tournament.divisions.annotate(latest=Max("round_set__number")).order_by("name")
    )
    for division in divisions:
        division.tournament = tournament  # read once for every division
        division.rules_name = preset_name(division.rule_set().name)
    stamp = tournament_stamp(tournament.pk)
    has_teams = Entry.objects.filter(division__tournament=tournament).exclude(team="").exists()
    response = render(
        request,
        "tournaments/public/event_home.html",
        {
            "tournament": tournament,
            "divisions": divisions,
            "changed_at": stamp.changed_at,
            "has_teams": has_teams,
        },
    )
    patch_cache_control(response, max_age=MAX_AGE)
    patch_vary_headers(response, LANGUAGE_VARY)
    return response


def player_urls(division):
    """``player_url`` for every number of a division at the cost of one ``reverse``."""
    # A 400-line pairings page would otherwise spend a third of its time in reverse().
    head, tail = player_url(division, _URL_PROBE).rsplit(str(_URL_PROBE), 1)
    return lambda number: f"{head}{number}{tail}"


_URL_PROBE = 987654321


@require_safe
@cached_division_page
def live_pairings(request, tournament_slug: str, division_name: str):
    """A round's pairings by name with a find-my-name box; the partial polls while games are on."""
    division = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, division)
    rounds = snapshot.rounds
    try:
        number = int(request.GET.get("round") or (rounds[-1] if rounds else 0))
    except ValueError:
        raise Http404 from None
    query = request.GET.get("q", "")
    rows = public_text.pairing_rows_in_words(
        public_pages.pairings_by_name(
            public_pages.PageRows(snapshot.entry_rows(), snapshot.round_pairings(number)),
            number,
            player_urls(division),
            query=query,
        )
    )
    table = PairingsByNameTable(rows)
    export = configure_table(
        request,
        table,
        filename=f"{division.tournament.slug}-{division.name}-round-{number}",
        paginate=False,
    )
    if export:
        return export
    state = snapshot.latest
    context = {
        "tournament": division.tournament,
        "division": division,
        "table": table,
        "rows": pairing_rows(table.data, Labels.current()),
        "rounds": rounds,
        "number": number,
        "query": query,
        "polling": state.under_way and number == state.number,
        "poll_seconds": POLL_SECONDS,
    } | page_flags(request, snapshot)
    if request.htmx:
        return render(request, "tournaments/public/partials/pairings.html", context)
    return render(request, "tournaments/public/pairings.html", context)


def page_flags(request, snapshot) -> dict:
    """What every public division page says besides its data: updating, and no CSRF token for
    visitors (their pages are compressed and shared; see ``http_cache``)."""
    return {
        "updating": snapshot.updating,
        "public_page": not request.user.is_authenticated,
        "latest_round": snapshot.latest,  # what a screen reader is told when results come in
    }


@require_safe
@cached_division_page
def player(request, tournament_slug: str, division_name: str, player_number: int):
    """A player's event page: rank, record, next opponent and table, results so far."""
    division = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, division)
    entry = snapshot.entry_by_number(player_number)
    if entry is None:
        raise Http404
    page = public_pages.player_page_of(
        public_pages.PageRows(
            snapshot.opponents_of(entry.pk),
            snapshot.player_pairings(entry.pk),
            snapshot.starting_of(player_number),
        ),
        entry,
        snapshot.standing(player_number),
        snapshot.cells_of(player_number),
        player_urls(division),
    )
    page = public_text.player_page_in_words(page)
    bye_now = (
        bool(page.rounds)
        and page.rounds[-1]["bye"]
        and page.rounds[-1]["round"] == snapshot.latest.number
    )
    context = {
        "tournament": division.tournament,
        "division": division,
        "page": page,
        "record": snapshot.record_of(player_number),
        "bye_now": bye_now,
        "why": _why(division, snapshot, entry.pk) if bye_now or page.next_game else "",
        "polling": snapshot.latest.under_way,
        "poll_seconds": POLL_SECONDS,
        "self_report": _self_report_context(request, division, entry, page),
        "scoresheet_url": player_scoresheet_url(request.user, division, entry.pk),
    } | page_flags(request, snapshot)
    if request.htmx:
        return render(request, "tournaments/public/partials/player.html", context)
    return render(request, "tournaments/public/player.html", context)


def _why(division, snapshot, entry_id: int) -> str:
    """Why the player's game (or bye) of the latest round was paired so (Swiss, king of the hill)."""
    latest = snapshot.latest.number
    mine = [p for p in snapshot.player_pairings(entry_id) if p.round_number == latest]
    if latest is None or not mine:
        return ""
    other = mine[0].second_id if mine[0].first_id == entry_id else mine[0].first_id
    return why_text.reasons_text(why.player_reason(division, latest, entry_id, other))


def _self_report_context(request, division, entry: EntryRow, page) -> dict | None:
    """The score form for the logged-in player themself while self-reporting is on."""
    if not (division.tournament.self_reporting and request.user.is_authenticated):
        return None  # nobody to offer the form to: spare the visitors the Entry read
    found = Entry.objects.select_related("player").get(pk=entry.pk)
    context = self_reports.report_context(request.user, division, found, page)
    if context is not None:
        pairing = context["pairing"].pk
        context["form"] = SelfReportForm(division=division, initial={"pairing": pairing})
    return context


@require_safe
@cached_division_page
def statistics(request, tournament_slug: str, division_name: str):
    """The final-report figures, live: records, averages and current prize holders."""
    division = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, division)
    stats = snapshot.stats
    name = {e[1]: e[2] for e in snapshot.entries}
    url_of = player_urls(division)
    context = {
        "tournament": division.tournament,
        "division": division,
        "stats": stats,
        "awards": [
            (
                replace(award, label=award_label(award)),
                [(name.get(n, "?"), url_of(n)) for n in award.players],
            )
            for award in snapshot.awards
        ],
        "records": public_text.record_lines(stats, name),
        "averages": public_text.average_lines(stats),
        "polling": snapshot.latest.under_way,
        "poll_seconds": POLL_SECONDS,
    } | page_flags(request, snapshot)
    if request.htmx:
        return render(request, "tournaments/public/partials/statistics.html", context)
    return render(request, "tournaments/public/statistics.html", context)


@login_required
@require_http_methods(["POST"])
def self_report(request, tournament_slug: str, division_name: str, player_number: int):
    """A player posts their game's scores from their phone (see services.self_reporting)."""
    division = visible_division(request, tournament_slug, division_name)
    form = SelfReportForm(request.POST, division=division)
    form.is_valid()
    pairing = form.cleaned_data.get("pairing")
    if pairing is None:
        raise Http404  # not a game of this division: a stale or altered page
    if self_reporting.player_entry(request.user, pairing) is None:
        raise PermissionDenied
    if form.errors:
        for line in error_lines(form):
            messages.error(request, line)
        return redirect(player_url(division, player_number))
    device, new_device = device_of(request)
    # The second of two agreeing reports writes the result: its refusals are said too.
    with report_written(request, _("Thank you: your scores were sent.")):
        self_reporting.report_submit(
            by=request.user,
            pairing_id=pairing.pk,
            device=device,
            first_score=form.cleaned_data["first_score"],
            second_score=form.cleaned_data["second_score"],
        )
    return remember_device(request, redirect(player_url(division, player_number)), new_device)


@contextmanager
def report_written(request, done: str):
    """Say on the next page how a score report's write went: ``done``, or why it was refused
    (the report's rules, the result's, or a result changed meanwhile)."""
    try:
        yield
    except (self_reporting.ReportRefused, ResultRefused) as err:
        messages.error(request, translated(err))
    except ResultConflict:
        messages.error(request, _("That game's result changed meanwhile; look again."))
    else:
        messages.success(request, done)


@login_required
@require_http_methods(["GET", "POST"])
def score_reports(request, tournament_slug: str, division_name: str):
    """Directors see players' open and disputed reports and accept the right one."""
    division = changeable_division(request, tournament_slug, division_name, RESULTS)
    if request.method == "POST":
        form = ReportAcceptForm(request.POST, division=division)
        if not form.is_valid():
            raise Http404  # not a report of this division: a stale or altered page
        with report_written(request, _("Result saved.")):
            self_reporting.report_accept(
                by=request.user,
                report_id=form.cleaned_data["report"].pk,
                playoff_winner_id=form.cleaned_data["playoff_winner"],
            )
        return redirect(request.path)
    tie_rule = tie_break_rule(division)
    return render(
        request,
        "tournaments/public/score_reports.html",
        {
            "tournament": division.tournament,
            "division": division,
            "queue": self_reports.report_queue(division),
            # A tied report is accepted naming its winner, as the desk asks (result_lines).
            "tie_has_winner": tie_rule is not None,
            "led_before_racks": tie_rule is TieRule.HIGHER_BEFORE_ADJUSTMENTS,
        },
    )
