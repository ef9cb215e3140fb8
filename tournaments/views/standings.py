"""Standings (sortable table, CSV export) and the crosstable of a division; public pages."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from config.tablepages import configure_table
from core.permissions import may_change

from ..selectors import divisions as selectors
from ..tables.director import StandingsTable, crosstable_cells, standing_texts, standings_lines
from .divisions import visible_division
from .public import cached_division_page


@require_safe
@cached_division_page
def standings(request, tournament_slug: str, division_name: str):
    """All of the field on one page (venue screens scroll it), sortable; CSV with every row."""
    found = visible_division(request, tournament_slug, division_name)
    records = selectors.standings_records(selectors.division_rows(found))
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
            "rows": standings_lines(table),
            "can_change": may_change(request.user, found),
        },
    )


@require_safe
@cached_division_page
def crosstable(request, tournament_slug: str, division_name: str):
    found = visible_division(request, tournament_slug, division_name)
    results = selectors.division_rows(found)
    chart = results.crosstable()
    records = {r["number"]: r for r in selectors.standings_records(results)}
    rows = [(row, standing_texts(records[row.player]), crosstable_cells(row)) for row in chart.rows]
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
