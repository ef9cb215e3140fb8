"""What the public pages and the JSON feed show, built from one ``DivisionRows`` read.

Everything here works on rows already loaded (entries with their names, pairings with their round
numbers), so a page costs the same few queries whatever the field size. The labels also take
``Pairing`` instances (the feed and the PDFs read models).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.results.crosstable import MARKER_TEXTS, CrosstableCell
from tournaments.results.formatting import fmt_average, fmt_record, fmt_spread, fmt_wins
from tournaments.results.outcomes import Outcome, side_outcome, won_playoff
from tournaments.results.standings import StandingRow
from tournaments.results.stats import EventStats, GameRecord

from ..models import Pairing
from .divisions import DivisionResults, DivisionRows, EntryRow, PairingRow

BYE = Pairing.Kind.BYE


def side_label(pairing: Pairing | PairingRow, first: bool) -> str:
    """``1st``/``2nd`` when the sides are known, else empty."""
    if not pairing.sides_known or pairing.second_id is None:
        return ""
    return _("1st") if first else _("2nd")


_UNPLAYED_LABELS = {
    Outcome.BYE: gettext_lazy("bye"),
    Outcome.HALF_BYE: gettext_lazy("bye"),
    Outcome.FORFEIT_WIN: gettext_lazy("forfeit win"),
    Outcome.FORFEIT_LOSS: gettext_lazy("forfeit loss"),
    Outcome.DOUBLE_FORFEIT: gettext_lazy("double forfeit"),
}
_PLAYED_MARKS = {
    Outcome.WIN: gettext_lazy("W"),
    Outcome.LOSS: gettext_lazy("L"),
    Outcome.TIE: gettext_lazy("T"),
}


_PLAYOFF_MARKS = {True: gettext_lazy("W (play-off)"), False: gettext_lazy("L (play-off)")}


def result_label(pairing: Pairing | PairingRow, first: bool) -> str:
    """The result from one side: ``W 420–380``, ``L``, ``bye``, ``forfeit`` or empty (not in)."""
    side = side_outcome(pairing, pairing.first_id if first else pairing.second_id)
    if side is None:
        return ""
    if side.outcome.played:
        playoff = won_playoff(side)
        mark = _PLAYED_MARKS[side.outcome] if playoff is None else _PLAYOFF_MARKS[playoff]
        return f"{mark} {side.points_for}–{side.points_against}"
    return str(_UNPLAYED_LABELS[side.outcome])


def round_numbers(found: DivisionResults | DivisionRows) -> list[int]:
    return found.rounds_paired()


def pairings_by_name(
    found: DivisionRows | PageRows, number: int, url_of: Callable[[int], str], query: str = ""
) -> list[dict]:
    """Round ``number`` as one row per player, alphabetical; ``query`` keeps matching names."""
    entries = {e.pk: e for e in found.entries}
    needle = query.strip().casefold()
    rows = []
    for p in found.pairings:
        if p.round_number != number:
            continue
        for me_id, them_id, first in (
            (p.first_id, p.second_id, True),
            (p.second_id, p.first_id, False),
        ):
            if me_id is None:
                continue
            me, them = entries[me_id], entries.get(them_id)
            if needle and needle not in me.name.casefold():
                continue
            rows.append(
                {
                    "name": me.name,
                    "number": me.number,
                    "url": url_of(me.number),
                    "table": p.table,
                    "side": side_label(p, first),
                    "opponent": f"{them.name} (#{them.number})" if them else _("bye"),
                    "result": result_label(p, first),
                    "bye": them is None,
                    "withdrawn": me.withdrawn_after_round is not None,
                }
            )
    rows.sort(key=lambda row: (row["name"].casefold(), row["number"]))
    return rows


@dataclass(slots=True)
class PlayerPage:
    """A player's event: standing, next game and each round so far."""

    entry: EntryRow
    standing: StandingRow | None
    next_game: dict | None
    rounds: list[dict] = field(default_factory=list)

    @property
    def figures(self) -> dict[str, str] | None:
        """The standing's wins, losses and spread as the pages write them."""
        row = self.standing
        if row is None:
            return None
        return {
            "wins": fmt_wins(row.wins),
            "losses": fmt_wins(row.losses),
            "spread": fmt_spread(row.spread),
        }


class PageRows(NamedTuple):
    """Entries and (some of the) pairings of a division, as ``pairings_by_name`` and
    ``player_page_of`` read them: a round's or a player's pairings are enough."""

    entries: list[EntryRow]
    pairings: list[PairingRow]


def player_page(found: DivisionRows, entry: EntryRow, url_of: Callable[[int], str]) -> PlayerPage:
    """The page of ``entry``: rank and record, the unplayed game of the latest round, results."""
    standing = next((r for r in found.standings() if r.player == entry.number), None)
    cells = found.player_cells(entry.number)
    return player_page_of(found, entry, standing, cells, url_of)


def player_page_of(
    found: DivisionRows | PageRows,
    entry: EntryRow,
    standing: StandingRow | None,
    cells: dict[int, CrosstableCell],
    url_of: Callable[[int], str],
) -> PlayerPage:
    """``player_page`` from its standing and crosstable cells already computed."""
    entries = {e.pk: e for e in found.entries}
    wins, losses = float(entry.starting_wins), float(entry.starting_losses)
    spread = entry.starting_spread
    page = PlayerPage(entry, standing, None)
    for p in found.pairings:
        if entry.pk not in (p.first_id, p.second_id):
            continue
        first = p.first_id == entry.pk
        them = entries.get(p.second_id if first else p.first_id)
        cell = cells.get(p.round_number)
        line = {
            "round": p.round_number,
            "opponent": f"{them.name} (#{them.number})" if them else _("bye"),
            "url": url_of(them.number) if them else "",
            "table": p.table,
            "side": side_label(p, first),
            "bye": them is None and p.kind == BYE,
        }
        if cell is None:
            if them is not None:
                page.next_game = line
            continue
        wins += 1.0 if cell.outcome == "W" else 0.5 if cell.outcome == "T" else 0.0
        losses += 1.0 if cell.outcome == "L" else 0.5 if cell.outcome == "T" else 0.0
        spread += cell.spread
        line |= {
            "score": cell.score,
            "opponent_score": cell.opponent_score,
            "outcome": _(MARKER_TEXTS.get(cell.marker, cell.marker)),
            "spread_text": fmt_spread(spread),
            "record": fmt_record(wins, losses),
            "spread": spread,
        }
        page.rounds.append(line)
    return page


def record_lines(stats: EventStats, name: dict[int, str]) -> list[tuple[str, list[str]]]:
    """The statistics page's records as (label, lines) with names, e.g. ``600: Ann 600–300 v Ben``."""

    def game(g: GameRecord, figure) -> str:
        return _("%(figure)s: %(player)s %(score)d–%(against)d v %(opponent)s, round %(round)d") % {
            "figure": figure,
            "player": name.get(g.player, "?"),
            "score": g.score,
            "against": g.opponent_score,
            "opponent": name.get(g.opponent, "?"),
            "round": g.round,
        }

    lines = [
        (_("High game"), [game(g, g.score) for g in stats.high_game]),
        (_("High loss"), [game(g, g.score) for g in stats.high_loss]),
        (_("High win"), [game(g, fmt_spread(g.spread)) for g in stats.high_win]),
        (_("Low win"), [game(g, g.score) for g in stats.low_win]),
        (_("High combined"), [game(g, g.combined) for g in stats.high_combined]),
        (
            _("Biggest upset"),
            [
                game(u.game, _("%(diff)d rating points") % {"diff": u.difference})
                for u in stats.biggest_upset
            ],
        ),
    ]
    return lines


def average_lines(stats: EventStats) -> list[tuple[str, str]]:
    """The averages as (label, figure), one decimal: the statistics page and the final report."""
    return [
        (_("Games"), str(stats.games)),
        (_("Average score"), fmt_average(stats.average_score, "–")),
        (_("Average winning score"), fmt_average(stats.average_winning_score, "–")),
        (_("Average losing score"), fmt_average(stats.average_losing_score, "–")),
        (_("Average combined score"), fmt_average(stats.average_combined, "–")),
    ]
