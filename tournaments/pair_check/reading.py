"""Reading a ``.t`` file round by round: what each round was, and what its system is given."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pairing.plan import PlannedRound
from pairing.types import FIRST, SECOND, Competitor, RoundInput
from tournaments.results.standings import standings

from ..tsh.division import P12_FIRST, P12_SECOND, TshDivision
from ..tsh.results import tsh_players, tsh_results
from .findings import CheckSettings, RoundView


def rounds_in(division: TshDivision) -> int:
    """How many rounds the file pairs (the longest opponent list)."""
    return max((len(p.opponents) for p in division.players), default=0)


def round_view(division: TshDivision, round_number: int) -> RoundView:
    """Round ``round_number`` as the file records it."""
    index = round_number - 1
    games, known, byes, forfeits = [], set(), [], []
    for player in division.players:
        if index >= len(player.opponents):
            continue
        opponent = player.opponents[index]
        score = player.scores[index] if index < len(player.scores) else None
        if opponent == 0:
            if score is None or score > 0:
                byes.append(player.number)
            elif score < 0:
                forfeits.append(player.number)
            continue
        if player.number > opponent:
            continue
        side = player.p12[index] if index < len(player.p12) else None
        if side == P12_SECOND:
            games.append((opponent, player.number))
        else:
            games.append((player.number, opponent))
        if side in (P12_FIRST, P12_SECOND):
            known.add(games[-1])
    return RoundView(tuple(games), frozenset(known), tuple(byes), tuple(forfeits))


def round_input(
    division: TshDivision,
    round_number: int,
    players: Iterable[int],
    planned: PlannedRound,
    settings: CheckSettings,
    seed: int = 0,
) -> RoundInput:
    """What the round's system is given: ``players`` in the standings order of the round the
    plan bases it on (by rating before any result), and the history of the earlier rounds."""
    results = tsh_results(division)
    rows = standings(tsh_players(division), results, through_round=planned.based_on_round)
    if planned.based_on_round == 0:
        rating = {p.number: p.rating_value for p in division.players}
        rows = sorted(rows, key=lambda r: (-r.wins, -r.spread, -rating[r.player], r.player))
    playing = set(players)
    history, sides, byes = _history(division, round_number)
    competitors = []
    for position, row in enumerate(rows, start=1):
        if row.player not in playing:
            continue
        player = division.player(row.player)
        own = sides.get(row.player, [])
        competitors.append(
            Competitor(
                id=row.player,
                rank=position if planned.based_on_round == 0 else row.rank,
                wins=row.wins,
                losses=row.losses,
                spread=row.spread,
                rating=player.rating_value,
                byes=byes[row.player],
                firsts=own.count(FIRST),
                seconds=own.count(SECOND),
                last_sides=tuple(own),
                name=player.display_name,
            )
        )
    return RoundInput(
        round_number=round_number,
        total_rounds=settings.total_rounds,
        competitors=tuple(competitors),
        history=tuple(history),
        settings=settings.pairing,
        seed=seed,
        roster=tuple(p.number for p in division.players),
        round_in_step=planned.round_in_step,
    )


def _history(
    division: TshDivision, round_number: int
) -> tuple[list[tuple[int, int | None]], dict[int, list[str]], Counter[int]]:
    """Games and byes before ``round_number``, each player's sides in order, and byes had."""
    history: list[tuple[int, int | None]] = []
    sides: dict[int, list[str]] = {}
    byes: Counter[int] = Counter()
    for earlier in range(1, round_number):
        view = round_view(division, earlier)
        history += list(view.games) + [(p, None) for p in view.byes]
        byes.update(view.byes)
        for first, second in view.games:
            if (first, second) in view.sides_known:
                sides.setdefault(first, []).append(FIRST)
                sides.setdefault(second, []).append(SECOND)
    return history, sides, byes
