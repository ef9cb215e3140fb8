"""Prize ties counted by wins alone (``TieBy.WINS``) against the rest of the standings: a
play-off's places are held alone; a withdrawal separates players only when the standings rank
withdrawn players last. The arithmetic is in the comments.

Play-off: four players, two Swiss rounds: #1 2–0 +110, #2 1–1 +40, #3 1–1 -90, #4 0–2 -60;
#1 and #2 are seeded into a one-game final in round 3.
"""

from decimal import Decimal as D

from tournaments.results.playoff_games import final_places, final_standings
from tournaments.results.playoffs import Stage
from tournaments.results.prize_money import MoneyRules
from tournaments.results.prize_settings import TieBy
from tournaments.results.prizes import Band, Field, award
from tournaments.results.standings import GameResult, PlayerInfo, StandingsSettings, standings
from tournaments.results.stats import PrizeKind


def game(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [GameResult(rnd, a, b, sa, sb), GameResult(rnd, b, a, sb, sa)]


SWISS = game(1, 1, 3, 400, 300) + game(1, 2, 4, 400, 350)
SWISS += game(2, 1, 2, 410, 400) + game(2, 3, 4, 410, 400)
FINAL = Stage(top=2, best_of=1, seeds=(1, 2), after_round=2)
TWO = Band(1, PrizeKind.RANK, "Places", places=2, money=(D(100), D(50)))
THREE = Band(1, PrizeKind.RANK, "Places", places=3, money=(D(100), D(50), D(20)))


def by_wins(results, band, stage=None):
    """(first place, holders, shares) of ``band``, ties by wins, the play-off's places (if
    any) as the standings read them."""
    people = [PlayerInfo(n, f"P{n}") for n in range(1, 5)]
    rows = final_standings(stage, standings(people, results), results, None)
    playoff = {place.number: place.place for place in final_places(stage, results, None)}
    found = award([band], Field(rows, results, {}, TieBy.WINS, playoff), MoneyRules())
    return [(p.first, p.players, p.shares) for p in found]


def test_the_final_s_winner_is_first_alone_though_both_finalists_end_on_two_wins():
    # #2 wins the final: #1 and #2 both 2–1, but the bracket says #2 1st, #1 2nd: 100, 50.
    results = SWISS + game(3, 1, 2, 380, 420)
    assert by_wins(results, TWO, FINAL) == [(1, (2,), (D(100),)), (2, (1,), (D(50),))]


def test_without_a_play_off_the_same_two_wins_share_the_two_places():
    # Round 3 a Swiss round: #2 and #1 both 2–1 (#2 +80 first): (100 + 50) / 2 = 75 each.
    results = SWISS + game(3, 1, 2, 380, 420)
    assert by_wins(results, TWO) == [(1, (2, 1), (D(75), D(75)))]


def test_a_play_off_place_is_not_shared_with_a_player_outside_the_bracket():
    # #1 wins the final (3–0): #2 2nd at 1–2 and #3 3rd at 1–1, equal on wins but #2 holds a
    # bracket place: 100, 50, 20 (not #2 and #3 sharing (50 + 20) / 2 = 35).
    results = SWISS + game(3, 1, 2, 420, 380)
    assert by_wins(results, THREE, FINAL) == [
        (1, (1,), (D(100),)),
        (2, (2,), (D(50),)),
        (3, (3,), (D(20),)),
    ]


# #1, #2 and #3 all 2–0 (+210, +110, +60), #2 withdrawn; #6 -60, #5 -110, #4 -210 all 0–2.
WITHDRAWN = game(1, 1, 4, 500, 300) + game(1, 2, 5, 400, 300) + game(1, 3, 6, 350, 300)
WITHDRAWN += game(2, 1, 6, 400, 390) + game(2, 2, 4, 400, 390) + game(2, 3, 5, 400, 390)
PAID_THREE = Band(1, PrizeKind.RANK, "Places", places=3, money=(D(300), D(200), D(100)))


def with_withdrawn(withdrawn_last: bool):
    people = [PlayerInfo(n, f"P{n}", withdrawn=n == 2) for n in range(1, 7)]
    rows = standings(people, WITHDRAWN, settings=StandingsSettings(withdrawn_last=withdrawn_last))
    field = Field(rows, WITHDRAWN, {}, TieBy.WINS, withdrawn_last=withdrawn_last)
    return [(p.first, p.players, p.shares) for p in award([PAID_THREE], field, MoneyRules())]


def test_ranked_by_record_a_withdrawn_player_shares_with_the_players_equal_on_wins():
    # Withdrawn players ranked like everyone: #1, #2, #3 all 2–0 share places 1–3:
    # (300 + 200 + 100) / 3 = 200 each (not #1 300, #2 200, #3 100 alone).
    assert with_withdrawn(withdrawn_last=False) == [(1, (1, 2, 3), (D(200),) * 3)]


def test_ranked_last_a_withdrawn_player_shares_with_no_active_player():
    # #2 ranked after every active player: #1 and #3 share places 1–2, (300 + 200) / 2 = 250
    # each; #6, #5, #4 (0–2) share place 3: 100 / 3 -> 34, 33, 33; #2 none.
    assert with_withdrawn(withdrawn_last=True) == [
        (1, (1, 3), (D(250), D(250))),
        (3, (6, 5, 4), (D(34), D(33), D(33))),
    ]
