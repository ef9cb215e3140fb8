"""Table numbers: pinned tables first, then top boards to the top of the standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from . import messages as m
from .messages import PairingError
from .types import PairingOut


def check_fixed_tables(fixed_tables: Mapping[int, int]) -> None:
    """Reject table pins that are not positive numbers (sharing is checked once games exist)."""
    for player, table in fixed_tables.items():
        if table < 1:
            raise PairingError(m.TABLE_NOT_POSITIVE, table=table, player=player)


def assign_tables(
    pairings: Sequence[PairingOut],
    standings_order: Sequence[int],
    fixed_tables: Mapping[int, int],
) -> list[PairingOut]:
    """Number the tables of ``pairings`` and return them by table, byes last.

    A game with a pinned player gets that table. Other games fill the free numbers from 1 up,
    the game holding the best-placed player first. Two players pinned to one table must be
    opponents, and two opponents pinned to different tables is an error.
    """
    check_fixed_tables(fixed_tables)
    place = {player: index for index, player in enumerate(standings_order)}
    games = [p for p in pairings if not p.is_bye]
    byes = [p for p in pairings if p.is_bye]
    pinned: dict[int, PairingOut] = {}
    free: list[PairingOut] = []
    for game in games:
        table = _pinned_table(game, fixed_tables)
        if table is None:
            free.append(game)
            continue
        if table in pinned:
            first = _pinned_player(pinned[table], fixed_tables)
            raise PairingError(
                m.TABLE_SHARED, first=first, second=_pinned_player(game, fixed_tables), table=table
            )
        pinned[table] = game
    free.sort(key=lambda game: min(place.get(p, len(place)) for p in game.players))
    numbered = [replace(game, table=table) for table, game in pinned.items()]
    next_table = 1
    for game in free:
        while next_table in pinned:
            next_table += 1
        numbered.append(replace(game, table=next_table))
        next_table += 1
    numbered.sort(key=lambda game: game.table or 0)
    byes.sort(key=lambda bye: place.get(bye.first, len(place)))
    return numbered + [replace(bye, table=None) for bye in byes]


def _pinned_table(game: PairingOut, fixed_tables: Mapping[int, int]) -> int | None:
    tables = {fixed_tables[p] for p in game.players if p in fixed_tables}
    if len(tables) > 1:
        low, high = sorted(tables)
        raise PairingError(
            m.TABLE_CONFLICT, first=game.first, second=game.second, table=low, other_table=high
        )
    return tables.pop() if tables else None


def _pinned_player(game: PairingOut, fixed_tables: Mapping[int, int]) -> int:
    return next(p for p in game.players if p in fixed_tables)
