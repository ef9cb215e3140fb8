"""Standings (sortable table, CSV export) and the crosstable of a division; public pages."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from config.tablepages import configure_table
from players.permissions import may_change

from .. import selectors
from ..tables import StandingsTable
from .divisions import visible_division


@require_safe
def standings(request, slug: str, division: str):
    found = visible_division(request, slug, division)
    records = selectors.standings_records(selectors.division_results(found))
    table = StandingsTable(records)
    export = configure_table(
        request, table, filename=f"{found.tournament.slug}-{found.name}-standings", paginate=False
    )
    if export:
        return export
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": found.tournament,
            "division": found,
            "table": table,
            "can_change": may_change(request.user, found),
        },
    )


@require_safe
def crosstable(request, slug: str, division: str):
    found = visible_division(request, slug, division)
    results = selectors.division_results(found)
    chart = results.crosstable()
    records = {r["number"]: r for r in selectors.standings_records(results)}
    rows = [(row, records[row.player]) for row in chart.rows]
    return render(
        request,
        "tournaments/crosstable.html",
        {
            "tournament": found.tournament,
            "division": found,
            "rounds": chart.rounds,
            "rows": rows,
            "can_change": may_change(request.user, found),
        },
    )
