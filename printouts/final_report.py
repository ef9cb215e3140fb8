"""Final report of a division: prize winners, the game records, averages and the top of the table."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from tournaments.models import Division
from tournaments.prize_texts import award_label
from tournaments.public_text import average_lines
from tournaments.results.formatting import fmt_record, fmt_spread
from tournaments.results.stats import Award, EventStats, GameRecord, event_stats
from tournaments.selectors.divisions import division_results
from tournaments.selectors.prizes import awards_of, prizes_from
from tournaments.selectors.rounds import division_complete

from .fit import Column, fitted_table
from .layout import Cells, dated_footer, render, styles
from .standings import games_missing, marked_name, provisional_text


def build_final_report_pdf(division: Division, held: frozenset[int] = frozenset()) -> bytes:
    """Prize holders (the prize engine's, as on the prize list), records and averages."""
    found = division_results(division, held)
    heading, provisional = _standings_heading(division, found)
    rows = found.standings()
    stats = event_stats(found.players, found.results)
    grades = {entry.number: entry.grade for entry in found.entries}
    awards = awards_of(prizes_from(division, found, rows, grades))
    name = {p.number: p.name for p in found.players}
    title = _("%(event)s – %(division)s – final report") % {
        "event": division.tournament.name,
        "division": division.name,
    }
    look = styles(cell_size=10)
    cells = Cells([title, *name.values(), *(marked_name(r) for r in rows)], look.cell)
    story: list = [cells.paragraph(title, look.title), Spacer(1, 4 * mm)]
    story += [Paragraph(_("Prize winners"), look.heading), _awards_table(awards, name, cells)]
    story += [
        Spacer(1, 5 * mm),
        Paragraph(_("Records"), look.heading),
        _records_table(stats, name, cells),
    ]
    story += [
        Spacer(1, 5 * mm),
        Paragraph(_("Averages"), look.heading),
        _averages_table(stats, cells),
    ]
    story += [Spacer(1, 5 * mm), Paragraph(heading, look.heading)]
    if provisional:
        story += [cells.paragraph(provisional, look.body, bold=True), Spacer(1, 2 * mm)]
    story.append(_standings_table(rows, cells))
    return render(story, title=title, footer=dated_footer(title, division.tournament))


def _standings_table(rows, cells: Cells) -> Table:
    lines = [
        [r.rank, marked_name(r), fmt_record(r.wins, r.losses), fmt_spread(r.spread)] for r in rows
    ]
    columns = [
        Column("", [line[0] for line in lines]),
        Column(_("Player"), flex=1),
        Column(_("Won–lost"), [line[2] for line in lines]),
        Column(_("Spread"), [line[3] for line in lines]),
    ]
    return fitted_table(lines, columns, cells, header=True)


def _standings_heading(division: Division, found) -> tuple[str, str]:
    """ "Final standings" once the division is complete (``division_complete``: every round, and
    the playoff decided) with no result held back from this reader; before that "Provisional
    standings" and the standings printout's line counting the games still missing. The
    standings, prizes and records are those of every result in, as on the prize list and the
    standings page (a report printed early must not read as final)."""
    missing = games_missing(found.pairings, None)
    if not missing and division_complete(division):
        return _("Final standings"), ""
    return _("Provisional standings"), provisional_text(missing)


def _names(players: Sequence[int], name: dict[int, str]) -> str:
    return ", ".join(f"{name.get(n, '?')} #{n}" for n in players)


def _awards_table(awards: list[Award], name: dict[int, str], cells: Cells) -> Table:
    lines: list[list] = [
        [award_label(award), award.place, _names(award.players, name), award.figure]
        for award in awards
    ]
    if not lines:
        lines.append([_("No results yet."), "", "", ""])
    columns = [
        Column(_("Prize"), flex=0.5, narrowest=30 * mm),
        Column(_("Place"), [line[1] for line in lines]),
        Column(_("Winner"), flex=1, narrowest=50 * mm),
        Column("", [line[3] for line in lines]),
    ]
    return fitted_table(lines, columns, cells, header=True)


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
                    _game_text(game, name) if game else "",
                ]
            )
    for upset in stats.biggest_upset or (None,):
        if upset is None:
            lines.append([_("Biggest upset"), "–", ""])
            continue
        text = _game_text(upset.game, name) + f" {upset.winner_rating}/{upset.loser_rating}"
        lines.append([_("Biggest upset"), upset.difference, text])
    columns = [
        Column("", [line[0] for line in lines]),
        Column("", [line[1] for line in lines]),
        Column("", flex=1, narrowest=60 * mm),
    ]
    return fitted_table(lines, columns, cells, header=False)


def _averages_table(stats: EventStats, cells: Cells) -> Table:
    lines = [[label, figure] for label, figure in average_lines(stats)]
    columns = [Column("", [line[0] for line in lines]), Column("", [line[1] for line in lines])]
    return fitted_table(lines, columns, cells, header=False)
