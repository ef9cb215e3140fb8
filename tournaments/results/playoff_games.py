"""A division's playoff games as ``playoffs.PlayoffGame`` values, and its final standings.

Pure. The games are the played (or forfeited) pairings of the rounds after the stage's
``after_round``, read through ``outcomes`` like every other result: a tie counts half a win to
each side, a tie decided by a play-off word is a whole win for the play-off's winner
(``playoff_decides=True``), a forfeit is a win for the side that did not forfeit, a double
forfeit nothing for either side.
"""

from __future__ import annotations

from collections.abc import Iterable

from .outcomes import pairing_outcomes
from .playoff_order import Place, playoff_places, playoff_standings
from .playoffs import PlayoffGame, Stage, bracket
from .standings import GameResult, StandingRow, row_win_value


def pairing_game(round_number: int, pairing, number: dict[int, int]) -> PlayoffGame | None:
    """The playoff game of a stored pairing (model or row; entry ids -> numbers via ``number``);
    None for a pairing without two players."""
    if pairing.second_id is None:
        return None
    sides = pairing_outcomes(pairing, playoff_decides=True)
    first, second = number[pairing.first_id], number[pairing.second_id]
    if not sides:
        return PlayoffGame(round_number, first, second, None)
    return PlayoffGame(
        round_number, first, second, sides[0].outcome.win_value, sides[1].outcome.win_value
    )


def results_games(results: Iterable[GameResult], after_round: int) -> list[PlayoffGame]:
    """The reported playoff games among standings rows (one game from its two rows)."""
    rows = {}
    for result in results:
        if result.round > after_round and result.opponent is not None:
            rows[(result.round, result.player)] = result
    games = []
    for (rnd, player), result in rows.items():
        other = rows.get((rnd, result.opponent))
        if player < result.opponent and other is not None:
            value = row_win_value(result)
            games.append(PlayoffGame(rnd, player, result.opponent, value, row_win_value(other)))
    return sorted(games, key=lambda g: (g.round, g.first))


def final_places(
    stage: Stage | None, results: Iterable[GameResult], through_round: int | None
) -> list[Place]:
    """The playoff's places (1..K, best first) once the standings reach past the preliminary
    rounds; none before that, and none without a playoff."""
    if stage is None or (through_round is not None and through_round <= stage.after_round):
        return []
    played = results_games(results, stage.after_round)
    if through_round is not None:
        played = [g for g in played if g.round <= through_round]
    return playoff_places(bracket(stage, played))


def final_standings(
    stage: Stage | None,
    rows: list[StandingRow],
    results: Iterable[GameResult],
    through_round: int | None,
) -> list[StandingRow]:
    """``rows`` with the playoff's places (``final_places``) above the Swiss order (before the
    playoff, and without one, ``rows`` unchanged)."""
    places = final_places(stage, results, through_round)
    return playoff_standings(rows, places) if places else rows
