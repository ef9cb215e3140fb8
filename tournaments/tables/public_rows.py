"""The ``<tr>`` lines of the large public tables, built as strings from display-ready rows.

A 400-player standings page is 4,800 cells: Django's template engine spends ~5 µs on each
(resolve, localize, escape), django-tables2 ~80 µs a row. These builders write a row with one
f-string instead, escaping every text that came from a person (names) with the standard
library's ``escape`` as ``crosstable_cells`` does, so the page template only loops over the lines.

Translated words (``withdrawn``, ``bye this round``...) are looked up once per page, in the
reader's language, and passed in as ``Labels``. Cells marked ``secondary`` are hidden on a phone
(see the "public pages on a phone" block of desk.css): what stays is rank, name, won, lost and
spread; the rest is on the player's page, one tap away.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import NamedTuple

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.entry_text import withdrawn_text
from tournaments.result_text import alone_word
from tournaments.results.formatting import fmt_average, fmt_spread, fmt_wins

from .director import crosstable_cells, marker_translations, translated_cells

# Standings columns a phone does not show (StandingsTable names).
SECONDARY_STANDINGS = frozenset(
    {"number", "games", "points_for", "average_score", "firsts", "seconds", "rating"}
)


class Labels(NamedTuple):
    """The translated words of the rows, looked up once per page."""

    withdrawn: str
    bye: str
    number: str
    table: str
    goes: str
    opponent: str
    result: str

    @classmethod
    def current(cls) -> Labels:
        return cls(
            escape(_("withdrawn")),
            escape(_("bye this round")),
            escape(_("No.")),
            escape(_("Table")),
            escape(_("Goes")),
            escape(_("Opponent")),
            escape(_("Result")),
        )


def _withdrawn_tag(labels: Labels) -> str:
    return f' <span class="tag withdrawn">{labels.withdrawn}</span>'


def standings_rows(
    records: Iterable[dict], url_of: Callable[[int], str], labels: Labels
) -> list[SafeString]:
    """One ``<tr>`` per ``standings_records`` dict, in the order given."""
    tag = _withdrawn_tag(labels)
    lines = []
    for r in records:
        number = r["number"]
        average = r["average_score"]
        lines.append(
            mark_safe(  # noqa: S308 - the name is escaped, the rest are numbers
                f"<tr{' class=withdrawn' if r['withdrawn'] else ''}>"
                f'<td class="num">{r["rank"]}</td><td class="num secondary">{number}</td>'
                f'<td><a href="{url_of(number)}">{escape(r["name"])}</a>'
                f"{tag if r['withdrawn'] else ''}</td>"
                f'<td class="num">{fmt_wins(r["wins"])}</td>'
                f'<td class="num">{fmt_wins(r["losses"])}</td>'
                f'<td class="num">{fmt_spread(r["spread"])}</td>'
                f'<td class="num secondary">{r["games"]}</td>'
                f'<td class="num secondary">{r["points_for"]}</td>'
                f'<td class="num secondary">{"" if average is None else fmt_average(average)}</td>'
                f'<td class="num secondary">{r["firsts"]}</td>'
                f'<td class="num secondary">{r["seconds"]}</td>'
                f'<td class="num secondary">{r["rating"]}</td></tr>'
            )
        )
    return lines


def pairing_rows(rows: Iterable[dict], labels: Labels) -> list[SafeString]:
    """One ``<tr>`` per ``pairings_by_name`` dict; on a phone each line becomes a card. The
    player's own name is in ``data-name``: a published copy finds names by it (find-name.js)."""
    tag = _withdrawn_tag(labels)
    lines = []
    for r in rows:
        bye = r["bye"]
        own = escape(r["name"])
        name = f'<a href="{r["url"]}">{own}</a>' if r["url"] else own
        if bye:
            opponent = f'<strong class="bye-card">{labels.bye}</strong>'
        else:  # a player, or a forfeit without an opponent (never "bye" for that)
            opponent = escape(r["opponent"] or alone_word(r["alone"]))
        lines.append(
            mark_safe(  # noqa: S308 - every text is escaped
                f'<tr class="{"bye " if bye else ""}player-line" data-name="{own}">'
                f'<td class="player">{name}{tag if r["withdrawn"] else ""}</td>'
                f'<td class="num" data-label="{labels.number}">{r["number"]}</td>'
                f'<td class="num" data-label="{labels.table}">'
                f"{'–' if r['table'] is None else r['table']}</td>"
                f'<td data-label="{labels.goes}">{escape(r["side"] or "")}</td>'
                f'<td data-label="{labels.opponent}">{opponent}</td>'
                f'<td data-label="{labels.result}">{escape(r["result"] or "")}</td></tr>'
            )
        )
    return lines


def crosstable_rows(
    lines: Iterable, records: dict[int, dict], withdrawn_after: dict[int, int]
) -> list[SafeString]:
    """One ``<tr>`` per ``CrosstableLine`` (its cells joined by ``crosstable_cells``), with won,
    spread, rank; a withdrawn player's name tagged with the round, in the wall chart's words
    (``withdrawn_text``; ``withdrawn_after``: the round by player number, withdrawn ones only)."""
    tags = {
        number: f' <span class="tag withdrawn">{escape(withdrawn_text(after))}</span>'
        for number, after in withdrawn_after.items()
    }
    rows = []
    markers = marker_translations()
    for line in lines:
        r = records[line.player]
        tag = tags.get(line.player, "")
        rows.append(
            mark_safe(  # noqa: S308 - the name is escaped, and so is every cell's label
                f"<tr{' class=withdrawn' if tag else ''}>"
                f'<td class="num">{line.player}</td><td>{escape(line.name)}{tag}</td>'
                f"{translated_cells(crosstable_cells(line.cells), markers)}"
                f'<td class="num">{fmt_wins(r["wins"])}</td>'
                f'<td class="num">{fmt_spread(r["spread"])}</td>'
                f'<td class="num">{r["rank"]}</td></tr>'
            )
        )
    return rows
