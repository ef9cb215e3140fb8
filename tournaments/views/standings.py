"""Standings (sortable table, CSV export) and the crosstable of a division; public pages."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from core.permissions import may_change
from core.tablepages import configure_table
from tournaments.public_cache.http import page_snapshot

from ..tables.director import StandingsTable
from ..tables.public_rows import SECONDARY_STANDINGS, Labels, crosstable_rows, standings_rows
from .divisions import visible_division
from .public import cached_division_page, page_flags, player_urls


@require_safe
@cached_division_page
def standings(request, tournament_slug: str, division_name: str):
    """All of the field on one page (venue screens scroll it), sortable; CSV with every row."""
    division = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, division)
    # The table sorts its list of rows in place: a copy of the list keeps the snapshot as built.
    table = StandingsTable(list(snapshot.records))
    export = configure_table(
        request,
        table,
        filename=f"{division.tournament.slug}-{division.name}-standings",
        paginate=False,
    )
    if export:
        return export
    return render(
        request,
        "tournaments/standings.html",
        {
            "tournament": division.tournament,
            "division": division,
            "table": table,
            "rows": standings_rows(table.data, player_urls(division), Labels.current()),
            "secondary": SECONDARY_STANDINGS,
            "can_change": may_change(request.user, division),
        }
        | page_flags(request, snapshot),
    )


@require_safe
@cached_division_page
def crosstable(request, tournament_slug: str, division_name: str):
    division = visible_division(request, tournament_slug, division_name)
    snapshot = page_snapshot(request, division)
    records = {r["number"]: r for r in snapshot.records}
    withdrawn_after = {
        e.number: e.withdrawn_after_round
        for e in snapshot.entry_rows()
        if e.withdrawn_after_round is not None
    }
    rows = crosstable_rows(snapshot.crosstable(), records, withdrawn_after)
    return render(
        request,
        "tournaments/crosstable.html",
        {
            "tournament": division.tournament,
            "division": division,
            "rounds": snapshot.crosstable_rounds,
            "rows": rows,
            "can_change": may_change(request.user, division),
        }
        | page_flags(request, snapshot),
    )
