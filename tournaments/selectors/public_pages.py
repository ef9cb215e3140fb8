"""What the public pages and the JSON feed show, built from one ``DivisionRows`` read.

Everything here works on rows already loaded (entries with their names, pairings with their round
numbers), so a page costs the same few queries whatever the field size. The labels also take
``Pairing`` instances (the feed and the PDFs read models). The rows hold codes and figures:
``public_text`` writes them in the reader's language, and the statistics page's records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from tournaments.results.crosstable import CrosstableCell
from tournaments.results.formatting import fmt_record, fmt_spread, fmt_wins
from tournaments.results.game_rows import starting_through
from tournaments.results.outcomes import Outcome, side_outcome, won_playoff
from tournaments.results.standings import GameResult, StandingRow

from ..models import Pairing
from .divisions import DivisionResults, DivisionRows, EntryRow, PairingRow

BYE = Pairing.Kind.BYE


FIRST, SECOND = "first", "second"


def side_of(pairing: Pairing | PairingRow, first: bool) -> str:
    """``FIRST``/``SECOND`` when the sides are known, else empty (``public_text.side_label``)."""
    if not pairing.sides_known or pairing.second_id is None:
        return ""
    return FIRST if first else SECOND


class ResultMark(NamedTuple):
    """One side's result: its outcome, the play-off word's winner (``None``: no play-off word)
    and the points for and against (``public_text.result_label`` writes it)."""

    outcome: Outcome
    won_playoff: bool | None
    points_for: int | None
    points_against: int | None


def result_of(pairing: Pairing | PairingRow, first: bool) -> ResultMark | None:
    """The result from one side, or None while it is not in."""
    side = side_outcome(pairing, pairing.first_id if first else pairing.second_id)
    if side is None:
        return None
    playoff = won_playoff(side) if side.outcome.played else None
    return ResultMark(side.outcome, playoff, side.points_for, side.points_against)


def round_numbers(found: DivisionResults | DivisionRows) -> list[int]:
    return found.rounds_paired()


def pairings_by_name(
    found: DivisionRows | PageRows, number: int, url_of: Callable[[int], str], query: str = ""
) -> list[dict]:
    """Round ``number`` as one row per player, alphabetical; ``query`` keeps matching names.
    ``side`` and ``result`` are codes (``side_of``, ``result_of``); ``opponent`` is None for a
    bye (``public_text.pairing_rows_in_words``)."""
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
                    "side": side_of(p, first),
                    "opponent": f"{them.name} (#{them.number})" if them else None,
                    "result": result_of(p, first),
                    "bye": them is None and p.kind == BYE,
                    "alone": p.kind if them is None else None,
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
    ``player_page_of`` read them: a round's or a player's pairings are enough; ``starting``:
    the player's starting rows (``DivisionRows.starting``), for ``player_page_of``."""

    entries: list[EntryRow]
    pairings: list[PairingRow]
    starting: Sequence[GameResult] = ()


def player_page_of(
    found: DivisionRows | PageRows,
    entry: EntryRow,
    standing: StandingRow | None,
    cells: dict[int, CrosstableCell],
    url_of: Callable[[int], str],
) -> PlayerPage:
    """The page of ``entry`` from its standing and crosstable cells already computed (the
    snapshot's, ``DivisionRows.standings`` and ``player_cells`` read afresh)."""
    entries = {e.pk: e for e in found.entries}
    starting = [row for row in found.starting if row.player == entry.number]
    wins = losses = 0.0
    spread = 0
    page = PlayerPage(entry, standing, None)
    for p in found.pairings:
        if entry.pk not in (p.first_id, p.second_id):
            continue
        first = p.first_id == entry.pk
        them = entries.get(p.second_id if first else p.first_id)
        cell = cells.get(p.round_number)
        line = {
            "round": p.round_number,
            "opponent": f"{them.name} (#{them.number})" if them else None,
            "url": url_of(them.number) if them else "",
            "table": p.table,
            "side": side_of(p, first),
            "bye": them is None and p.kind == BYE,
            "alone": p.kind if them is None else None,
        }
        if cell is None:
            if them is not None:
                page.next_game = line
            continue
        wins += cell.worth
        losses += 1.0 - cell.worth
        spread += cell.spread
        # The starting shares of the rounds up to this one, as the standings count them.
        won, lost, given = starting_through(starting, p.round_number)
        line |= {
            "score": cell.score,
            "opponent_score": cell.opponent_score,
            "marker": cell.marker,
            "spread_text": fmt_spread(spread + given),
            "record": fmt_record(wins + won, losses + lost),
            "spread": spread + given,
        }
        page.rounds.append(line)
    return page
