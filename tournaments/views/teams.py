"""Team standings of an event (schools, clubs, countries) across its divisions: a public page,
sortable, with a CSV export; the rule is ``tournaments.results.teams``."""

from dataclasses import asdict

from django.shortcuts import render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_safe

from core.permissions import RESULTS, may_change
from core.tablepages import configure_table
from tournaments.public_cache.http import LANGUAGE_VARY, MAX_AGE

from ..selectors.teams import event_team_standings
from ..tables.teams import TeamStandingsTable
from .events import visible_tournament


@require_safe
def team_standings(request, tournament_slug: str):
    """Every team's total wins and spread over the event's divisions, best first."""
    tournament = visible_tournament(request, tournament_slug)
    # A broadcast delay holds results back from those who may not enter them (``selectors.held``).
    hide_held = not may_change(request.user, tournament, RESULTS)
    rows = event_team_standings(tournament, hide_held=hide_held)
    table = TeamStandingsTable([asdict(row) for row in rows])
    export = configure_table(
        request, table, filename=f"{tournament.slug}-team-standings", paginate=False
    )
    if export:
        return export
    response = render(
        request,
        "tournaments/public/team_standings.html",
        {"tournament": tournament, "table": table},
    )
    patch_cache_control(response, max_age=MAX_AGE)
    patch_vary_headers(response, LANGUAGE_VARY)
    return response
