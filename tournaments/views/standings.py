"""Standings (sortable table, CSV export) and the crosstable of a division; public pages."""

from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from config.tablepages import configure_table
from core.permissions import may_change

from ..http_cache import page_snapshot
from ..tables.director import (
    StandingsTable,
    standing_texts,
    standings_lines,
    translated_cells,
)
from .divisions import visible_division
from .public import cached_division_page, page_flags


@require_safe
@cached_division_page
def standings(request, tournament_slug: str, division_name: str):
    """All of the field on one page (venue screens scroll it), sortable; CSV with every row."""
    found = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, found)
    # The table sorts its rows in place: a copy keeps the snapshot as built.
    table = StandingsTable([dict(record) for record in snapshot.records])
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
        }
        | page_flags(request, snapshot),
    )


@require_safe
@cached_division_page
def crosstable(request, tournament_slug: str, division_name: str):
    found = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, found)
    records = {r["number"]: r for r in snapshot.records}
    rows = [
        (line, standing_texts(records[line.player]), mark_safe(translated_cells(line.cells)))  # noqa: S308 - escaped when built
        for line in snapshot.crosstable()
    ]
    return render(
        request,
        "tournaments/crosstable.html",
        {
            "tournament": found.tournament,
            "division": found,
            "rounds": snapshot.crosstable_rounds,
            "rows": rows,
            "can_change": may_change(request.user, found),
        }
        | page_flags(request, snapshot),
    )
