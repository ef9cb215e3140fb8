"""Manual pairing: a director's edits over an existing round, each checked and returning a
new list (the input is never changed). Edited games keep the table of the slot they fill.
Sides of edited games are kept as they fall; re-run ``sides`` if the director wants them redone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from . import koth
from . import messages as m
from .meetings import Meetings
from .messages import PairingError
from .types import PairingOut, RoundInput


def pair(round_input: RoundInput) -> list[PairingOut]:
    """A starting draft for manual pairing: king of the hill down the standings."""
    return koth.pair(round_input)


def validate_pairings(pairings: Sequence[PairingOut], players: Iterable[int]) -> None:
    """Raise ``PairingError`` unless every one of ``players`` appears exactly once, nobody
    else appears, and nobody plays themselves."""
    expected = set(players)
    seen: set[int] = set()
    for pairing in pairings:
        if pairing.first == pairing.second:
            raise PairingError(m.SELF_PAIRING, player=pairing.first)
        for player in pairing.players:
            if player not in expected:
                raise PairingError(m.UNKNOWN_PLAYER, player=player)
            if player in seen:
                raise PairingError(m.PLAYER_TWICE, player=player)
            seen.add(player)
    for player in sorted(expected - seen):
        raise PairingError(m.PLAYER_MISSING, player=player)


def swap_players(
    pairings: Sequence[PairingOut], a: int, b: int, history: Sequence = ()
) -> list[PairingOut]:
    """``a`` and ``b`` exchange places: each takes the other's opponent, side and table."""
    _check_two(pairings, a, b)
    swapped = {a: b, b: a}
    out = [
        replace(
            p,
            first=swapped.get(p.first, p.first),
            second=None if p.second is None else swapped.get(p.second, p.second),
        )
        for p in pairings
    ]
    return _recount(out, history)


def pair_together(
    pairings: Sequence[PairingOut], a: int, b: int, history: Sequence = ()
) -> list[PairingOut]:
    """``a`` plays ``b`` at ``a``'s table (``b``'s if ``a`` had a bye); their former
    opponents play each other in the freed slot, or take the bye if only one is left."""
    _check_two(pairings, a, b)
    slot_a, slot_b = _slot(pairings, a), _slot(pairings, b)
    if slot_a == slot_b:
        return list(pairings)
    game_a, game_b = pairings[slot_a], pairings[slot_b]
    rest = [p for p in (_opponent(game_a, a), _opponent(game_b, b)) if p is not None]
    main, other = (game_b, game_a) if game_a.is_bye else (game_a, game_b)
    out = [p for i, p in enumerate(pairings) if i not in (slot_a, slot_b)]
    out.append(replace(main, first=a, second=b, sides_drawn=False))
    if rest:
        second = rest[1] if len(rest) == 2 else None
        table = None if second is None else other.table
        out.append(replace(other, first=rest[0], second=second, table=table, sides_drawn=False))
    return _recount(_by_table(out), history)


def give_bye(
    pairings: Sequence[PairingOut], player: int, history: Sequence = ()
) -> list[PairingOut]:
    """``player`` takes a bye. Their former opponent plays the player who had the bye, if
    there was one; otherwise the former opponent takes a bye too."""
    slot = _slot(pairings, player)
    game = pairings[slot]
    if game.is_bye:
        return list(pairings)
    opponent = _opponent(game, player)
    old_bye = next((i for i, p in enumerate(pairings) if p.is_bye), None)
    out = [p for i, p in enumerate(pairings) if i not in (slot, old_bye)]
    if old_bye is None:
        out.append(PairingOut(first=opponent, second=None))
    else:
        out.append(replace(game, first=opponent, second=pairings[old_bye].first, sides_drawn=False))
    out.append(PairingOut(first=player, second=None))
    return _recount(_by_table(out), history)


def _check_two(pairings: Sequence[PairingOut], a: int, b: int) -> None:
    if a == b:
        raise PairingError(m.SAME_PLAYER_EDIT)
    _slot(pairings, a)
    _slot(pairings, b)


def _slot(pairings: Sequence[PairingOut], player: int) -> int:
    for index, pairing in enumerate(pairings):
        if player in pairing.players:
            return index
    raise PairingError(m.UNKNOWN_PLAYER, player=player)


def _opponent(pairing: PairingOut, player: int) -> int | None:
    return pairing.second if pairing.first == player else pairing.first


def _by_table(pairings: list[PairingOut]) -> list[PairingOut]:
    # Tabled games in table order, then untabled games, then byes, as the registry lists them.
    return sorted(pairings, key=lambda p: (p.is_bye, p.table is None, p.table or 0))


def _recount(pairings: list[PairingOut], history: Sequence) -> list[PairingOut]:
    meetings = Meetings(history)
    players = [x for p in pairings for x in p.players]
    validate_pairings(pairings, players)
    return [
        replace(p, repeats=0 if p.second is None else meetings.times(p.first, p.second))
        for p in pairings
    ]
