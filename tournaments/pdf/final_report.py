"""Final report of a division: prize winners, the game records, averages and the top of the table."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from ..formatting import fmt_record, fmt_spread
from ..models import Division
from ..selectors.divisions import division_results
from ..selectors.public_pages import average_lines
from ..selectors.stamps import latest_round
from ..services.prizes import prize_rules
from ..stats import Award, EventStats, GameRecord, PrizeRule, award_prizes, event_stats
from .layout import Cells, grid_style, render, styles


def build_final_report_pdf(division: Division, rules: Sequence[PrizeRule] | None = None) -> bytes:
    """Prize holders under ``rules`` (default: the division's prize bands, ``prize_rules``),
    records and averages."""
    found = division_results(division)
    heading, through_round = _standings_heading(division)
    rows = found.standings(through_round)
    stats = event_stats(found.players, found.results)
    awards = award_prizes(rules if rules is not None else prize_rules(division), rows, stats)
    name = {p.number: p.name for p in found.players}
    title = _("%(event)s – %(division)s – final report") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles(cell_size=10)
    cells = Cells([title, *name.values()], look.cell)
    story: list = [cells.paragraph(title, look.title), Spacer(1, 4 * mm)]
    story += [Paragraph(_("Prize winners"), look.heading), _awards_table(awards, name, cells)]
    story += [
        Spacer(1, 5 * mm),
        Paragraph(_("Records"), look.heading),
        _records_table(stats, name, cells),
    ]
    story += [Spacer(1, 5 * mm), Paragraph(_("Averages"), look.heading), _averages_table(stats)]
    story += [Spacer(1, 5 * mm), Paragraph(heading, look.heading)]
    top = [["", _("Player"), _("Won–lost"), _("Spread")]]
    top += [
        [r.rank, cells(r.name), fmt_record(r.wins, r.losses), fmt_spread(r.spread)] for r in rows
    ]
    table = Table(top, hAlign="LEFT", colWidths=[12 * mm, 90 * mm, 30 * mm, 25 * mm], repeatRows=1)
    table.setStyle(grid_style(font_size=10))
    story.append(table)
    return render(story, title=title, footer=title)


def _standings_heading(division: Division) -> tuple[str, int | None]:
    """ "Final standings" once the last round is fully reported; before that the standings after
    the last complete round, marked provisional (a report printed early must not read as final)."""
    latest = latest_round(division)
    if latest.number is not None and latest.number >= division.rounds and not latest.unreported:
        return _("Final standings"), None
    complete = 0 if latest.number is None else latest.number - (1 if latest.unreported else 0)
    heading = _("Provisional standings after round %(round)d of %(rounds)d") % {
        "round": complete,
        "rounds": division.rounds,
    }
    return heading, complete


def _names(players: Sequence[int], name: dict[int, str]) -> str:
    return ", ".join(f"{name.get(n, '?')} #{n}" for n in players)


def _awards_table(awards: list[Award], name: dict[int, str], cells: Cells) -> Table:
    lines: list[list] = [[_("Prize"), _("Place"), _("Winner"), ""]]
    for award in awards:
        lines.append(
            [
                award.label,
                award.place,
                cells(_names(award.players, name), style=cells.style),
                award.figure,
            ]
        )
    if len(lines) == 1:
        lines.append([_("No results yet."), "", "", ""])
    table = Table(
        lines, hAlign="LEFT", colWidths=[45 * mm, 15 * mm, 95 * mm, 27 * mm], repeatRows=1
    )
    table.setStyle(grid_style(font_size=10))
    return table


def _game_text(game: GameRecord, name: dict[int, str]) -> str:
    return _("%(player)s %(score)d–%(against)d v %(opponent)s (round %(round)d)") % {
        "player": name.get(game.player, "?"),
        "score": game.score,
        "against": game.opponent_score,
        "opponent": name.get(game.opponent, "?"),
        "round": game.round,
    }


def _records_table(stats: EventStats, name: dict[int, str], cells: Cells) -> Table:
    records = [
        (_("High game"), stats.high_game, lambda g: g.score),
        (_("High loss"), stats.high_loss, lambda g: g.score),
        (_("High win"), stats.high_win, lambda g: fmt_spread(g.spread)),
        (_("Low win"), stats.low_win, lambda g: g.score),
        (_("High combined"), stats.high_combined, lambda g: g.combined),
    ]
    lines: list[list] = []
    for label, games, figure in records:
        for game in games or (None,):
            lines.append(
                [
                    label,
                    figure(game) if game else "–",
                    cells(_game_text(game, name), style=cells.style) if game else "",
                ]
            )
    for upset in stats.biggest_upset or (None,):
        if upset is None:
            lines.append([_("Biggest upset"), "–", ""])
            continue
        text = _game_text(upset.game, name) + f" {upset.winner_rating}/{upset.loser_rating}"
        lines.append([_("Biggest upset"), upset.difference, cells(text, style=cells.style)])
    table = Table(lines, hAlign="LEFT", colWidths=[35 * mm, 20 * mm, 127 * mm])
    table.setStyle(grid_style(font_size=10, header_rows=0))
    return table


def _averages_table(stats: EventStats) -> Table:
    lines = [[label, figure] for label, figure in average_lines(stats)]
    table = Table(lines, hAlign="LEFT", colWidths=[60 * mm, 30 * mm])
    table.setStyle(grid_style(font_size=10, header_rows=0))
    return table
