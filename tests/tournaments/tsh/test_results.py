"""TSH division to standings input: byes, forfeits, pending rounds, first/second."""

from __future__ import annotations

from pathlib import Path

from tournaments.results.standings import GameResult, PlayerInfo, ResultKind, standings
from tournaments.tsh import read_t, tsh_players, tsh_results

FIXTURES = Path(__file__).parent / "fixtures"
K = ResultKind


def test_every_tag_file_becomes_one_row_per_player_per_scored_round():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    assert tsh_results(division) == [
        GameResult(1, 1, 2, 410, 380, K.PLAYED, True),
        GameResult(2, 1, 4, 350, 400, K.PLAYED, False),
        GameResult(1, 2, 1, 380, 410, K.PLAYED, False),
        GameResult(2, 2, None, None, None, K.BYE, None, spread=50),
        GameResult(1, 3, 4, 300, 300, K.PLAYED, None),
        GameResult(2, 3, None, None, None, K.FORFEIT_LOSS, None, spread=-50),
        GameResult(1, 4, 3, 300, 300, K.PLAYED, None),
        GameResult(2, 4, 1, 400, 350, K.PLAYED, True),
    ]


def test_players_carry_number_name_first_rating_and_withdrawal():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    assert tsh_players(division) == [
        PlayerInfo(1, "Chew, John", 1720, False),
        PlayerInfo(2, "Smith, Jane", 1650, True),
        PlayerInfo(3, "Doe, Ann", 1500, False),
        PlayerInfo(4, "Roe, Bo", 1400, False),
    ]


def test_zero_spread_bye_is_half_a_win():
    division = read_t(b"Solo, Han 1500 0; 0\n")
    [result] = tsh_results(division)
    assert (result.kind, result.spread) == (K.HALF_BYE, 0)
    row = standings(tsh_players(division), [result])[0]
    assert (row.wins, row.losses, row.spread) == (0.5, 0.5, 0)


def test_standings_of_every_tag_file():
    division = read_t((FIXTURES / "every_tag.t").read_bytes())
    rows = standings(tsh_players(division), tsh_results(division))
    assert [(r.rank, r.player, r.wins, r.losses, r.spread) for r in rows] == [
        (1, 4, 1.5, 0.5, 50),
        (2, 2, 1.0, 1.0, 20),
        (3, 1, 1.0, 1.0, -20),
        (4, 3, 0.5, 1.5, -50),
    ]
