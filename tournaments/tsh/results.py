"""Turn a TSH division into standings input, so our standings can be set against TSH's."""

from __future__ import annotations

from tournaments.results.standings import GameResult, PlayerInfo, ResultKind
from tournaments.tsh.division import P12_FIRST, P12_SECOND, TshDivision, TshPlayer


def tsh_players(division: TshDivision) -> list[PlayerInfo]:
    """One ``PlayerInfo`` per line: number, name as written, first rating term, withdrawn."""
    return [
        PlayerInfo(p.number, p.name, rating=p.rating_value, withdrawn=p.withdrawn)
        for p in division.players
    ]


def tsh_results(division: TshDivision) -> list[GameResult]:
    """One ``GameResult`` per player per scored round (paired-but-unplayed rounds left out).

    Opponent 0 is a bye or forfeit whose score is the spread, as TSH counts it: positive is a
    bye (a win), negative a forfeit loss, zero a half bye (half a win). The recorded spread is
    carried on the row so it wins over the standings settings. A round the ``skip`` tag lists
    counts nothing (as the importer reads it).
    """
    results: list[GameResult] = []
    for player in division.players:
        p12, skipped = player.p12, player.skipped
        for index, score in enumerate(player.scores):
            if index + 1 not in skipped:
                results.append(_result(division, player, index, score, p12))
    return results


def _result(
    division: TshDivision, player: TshPlayer, index: int, score: int, p12: tuple[int, ...]
) -> GameResult:
    rnd = index + 1
    opponent = player.opponents[index]
    if opponent == 0:
        kind = (
            ResultKind.BYE
            if score > 0
            else ResultKind.FORFEIT_LOSS
            if score < 0
            else ResultKind.HALF_BYE
        )
        return GameResult(rnd, player.number, None, None, None, kind, None, spread=score)
    side = p12[index] if index < len(p12) else None
    went_first = True if side == P12_FIRST else False if side == P12_SECOND else None
    against = division.player(opponent).scores[index]
    return GameResult(rnd, player.number, opponent, score, against, ResultKind.PLAYED, went_first)
