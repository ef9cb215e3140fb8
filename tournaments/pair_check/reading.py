"""Reading a ``.t`` file round by round: what each round was, and what its system is given."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pairing.plan import PlannedRound
from pairing.types import FIRST, SECOND, Competitor, RoundInput
from tournaments.results.standings import StandingsSettings, division_tiebreaks, standings

from ..tsh.division import P12_FIRST, P12_SECOND, TshDivision
from ..tsh.results import tsh_players, tsh_results
from .findings import CheckSettings, RoundView

_RANKING = StandingsSettings(tiebreaks=division_tiebreaks())


def rounds_in(division: TshDivision) -> int:
    """How many rounds the file pairs (the longest opponent list)."""
    return max((len(p.opponents) for p in division.players), default=0)


def round_view(division: TshDivision, round_number: int) -> RoundView:
    """Round ``round_number`` as the file records it."""
    return _views(division, round_number, round_number)[0]


def _views(division: TshDivision, first: int, last: int) -> list[RoundView]:
    """Rounds ``first``..``last`` as the file records them, reading each line once (a line's
    sides are parsed once for all the rounds, not once a round)."""
    count = max(0, last - first + 1)
    games: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    known: list[set[tuple[int, int]]] = [set() for _ in range(count)]
    byes: list[list[int]] = [[] for _ in range(count)]
    forfeits: list[list[int]] = [[] for _ in range(count)]
    for player in division.players:
        sides: tuple[int, ...] | None = None
        for index in range(first - 1, min(last, len(player.opponents))):
            at = index - first + 1
            opponent = player.opponents[index]
            if opponent == 0 and index + 1 in player.skipped:
                continue  # a round that counts nothing: the player was not in it
            if opponent == 0:
                score = player.scores[index] if index < len(player.scores) else None
                if score is None or score > 0:
                    byes[at].append(player.number)
                elif score < 0:
                    forfeits[at].append(player.number)
                continue
            if player.number > opponent:
                continue
            sides = player.p12 if sides is None else sides
            side = sides[index] if index < len(sides) else None
            game = (opponent, player.number) if side == P12_SECOND else (player.number, opponent)
            games[at].append(game)
            if side in (P12_FIRST, P12_SECOND):
                known[at].add(game)
    return [
        RoundView(tuple(games[i]), frozenset(known[i]), tuple(byes[i]), tuple(forfeits[i]))
        for i in range(count)
    ]


def round_input(
    division: TshDivision,
    round_number: int,
    players: Iterable[int],
    planned: PlannedRound,
    settings: CheckSettings,
    seed: int = 0,
) -> RoundInput:
    """What the round's system is given: ``players`` in the standings order (wins, then spread,
    as the desk's own division) of the round the plan bases it on (by rating before any result),
    and the history of the earlier rounds."""
    results = tsh_results(division)
    based_on = planned.based_on_round
    rows = standings(tsh_players(division), results, through_round=based_on, settings=_RANKING)
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
    for view in _views(division, 1, round_number - 1):
        history += list(view.games) + [(p, None) for p in view.byes]
        byes.update(view.byes)
        for first, second in view.games:
            if (first, second) in view.sides_known:
                sides.setdefault(first, []).append(FIRST)
                sides.setdefault(second, []).append(SECOND)
    return history, sides, byes
