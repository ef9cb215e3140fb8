"""The prize engine from real standings: tied places share their money, ties straddling the last
paid place, one prize per player (the most valuable, whatever order the bands were made in),
stacking bands and trophies. The arithmetic is in the comments."""

from decimal import Decimal as D

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.results.prize_money import MoneyRules, Remainder
from tournaments.results.prize_settings import TieBy
from tournaments.results.prizes import Band, Field, award, slot_order
from tournaments.results.standings import GameResult, PlayerInfo, ResultKind, standings
from tournaments.results.stats import PrizeKind

EVEN = MoneyRules()


def game(rnd: int, a: int, b: int, sa: int, sb: int) -> list[GameResult]:
    return [GameResult(rnd, a, b, sa, sb), GameResult(rnd, b, a, sb, sa)]


def players(count: int, ratings: dict[int, int] | None = None) -> list[PlayerInfo]:
    ratings = ratings or {}
    return [PlayerInfo(n, f"P{n}", rating=ratings.get(n, 0)) for n in range(1, count + 1)]


def prizes(people, results, bands, money=EVEN, tie_by=TieBy.STANDINGS):
    rows = standings(people, results)
    found = award(bands, Field(rows, results, {}, tie_by), money)
    return [(p.band, p.first, p.players, p.shares, p.trophies, p.kept) for p in found]


PLACES = Band(1, PrizeKind.RANK, "Places", places=3, money=(D(500), D(300), D(200)))


def test_two_tied_for_first_share_first_and_second():
    # #1 and #2 both 1-0 +100 (same rank); #5 1-0 +10 third.
    # #1, #2: (500 + 300) / 2 = 400 each; #5: 200.
    results = game(1, 1, 3, 400, 300) + game(1, 2, 4, 400, 300) + game(1, 5, 6, 350, 340)
    assert prizes(players(6), results, [PLACES]) == [
        (1, 1, (1, 2), (D(400), D(400)), ("", ""), D(0)),
        (1, 3, (5,), (D(200),), ("",), D(0)),
    ]


def test_three_tied_share_three_places_with_the_unit_left_to_the_highest_placed():
    # #1, #2, #3 all 1-0 +100: (500 + 300 + 200) / 3 = 333.33 -> 333 each, 1 left to the first
    # in standings order (#1, player number among exact ties): 334, 333, 333.
    results = game(1, 1, 4, 400, 300) + game(1, 2, 5, 400, 300) + game(1, 3, 6, 400, 300)
    assert prizes(players(6), results, [PLACES]) == [
        (1, 1, (1, 2, 3), (D(334), D(333), D(333)), ("", "", ""), D(0)),
    ]
    kept = prizes(players(6), results, [PLACES], MoneyRules(remainder=Remainder.ORGANISER))
    assert kept == [(1, 1, (1, 2, 3), (D(333), D(333), D(333)), ("", "", ""), D(1))]


STRADDLE = game(1, 1, 4, 400, 200) + game(1, 2, 5, 400, 250)
STRADDLE += game(1, 3, 6, 400, 300) + game(1, 7, 8, 400, 300)


def test_a_tie_straddling_the_last_paid_place_shares_its_money_but_not_its_trophy():
    # #1 +200: 500; #2 +150: 300; #3 and #7 both +100 for 3rd and 4th: (200 + 0) / 2 = 100
    # each; the trophy of the 3rd place goes to #3, the one standing 3rd, #7 stands 4th.
    band = Band(1, PrizeKind.RANK, "Places", 3, (D(500), D(300), D(200)), trophy="Cup")
    assert prizes(players(8), STRADDLE, [band]) == [
        (1, 1, (1,), (D(500),), ("Cup",), D(0)),
        (1, 2, (2,), (D(300),), ("Cup",), D(0)),
        (1, 3, (3, 7), (D(100), D(100)), ("Cup", ""), D(0)),
    ]


def test_a_tie_just_inside_the_paid_places_pays_both_places_in_full():
    # Four paid places: #3 and #7 share 200 + 100 = 150 each (the other side of the boundary).
    band = Band(1, PrizeKind.RANK, "Places", 4, (D(500), D(300), D(200), D(100)))
    assert prizes(players(8), STRADDLE, [band])[-1] == (
        1, 3, (3, 7), (D(150), D(150)), ("", ""), D(0),
    )  # fmt: skip


def test_ties_by_wins_alone_pool_players_the_standings_separate_on_spread():
    # By wins: #1, #2, #3, #7 all 1-0: they take all three paid places (and a fourth unpaid):
    # (500 + 300 + 200 + 0) / 4 = 250 each.
    found = prizes(players(8), STRADDLE, [PLACES], tie_by=TieBy.WINS)
    assert found == [(1, 1, (1, 2, 3, 7), (D(250),) * 4, ("",) * 4, D(0))]


RATINGS = {1: 2000, 2: 1400, 3: 1800, 4: 1900, 5: 1300, 6: 1200, 7: 1100, 8: 1000}
# Standings: #1 +200, #2 +150, #3 +100, #4 +50, #8 -50, #7 -100, #6 -150, #5 -200.
FIELD = game(1, 1, 5, 400, 200) + game(1, 2, 6, 400, 250)
FIELD += game(1, 3, 7, 400, 300) + game(1, 4, 8, 400, 350)
RANK = Band(10, PrizeKind.RANK, "Places", 3, (D(1000), D(500), D(300)))
CLASS_RICH = Band(20, PrizeKind.RATING_CLASS, "Under 1500", 1, (D(600),), rating_high=1500)
CLASS_POOR = Band(20, PrizeKind.RATING_CLASS, "Under 1500", 1, (D(200),), rating_high=1500)


def test_a_class_prize_worth_more_than_a_place_goes_first_whatever_the_creation_order():
    # Most valuable first: 1st 1000 -> #1; class 600 -> #2 (best under 1500); 2nd 500 -> #3
    # (#2 already holds more); 3rd 300 -> #4.
    expected = [
        (10, 1, (1,), (D(1000),), ("",), D(0)),
        (10, 2, (3,), (D(500),), ("",), D(0)),
        (10, 3, (4,), (D(300),), ("",), D(0)),
        (20, 1, (2,), (D(600),), ("",), D(0)),
    ]
    people = players(8, RATINGS)
    assert prizes(people, FIELD, [RANK, CLASS_RICH]) == expected
    assert sorted(prizes(people, FIELD, [CLASS_RICH, RANK])) == sorted(expected)


def test_a_class_prize_worth_less_than_a_place_passes_to_the_next_eligible_player():
    # 1st 1000 -> #1; 2nd 500 -> #2; 3rd 300 -> #3; class 200: #2 already holds 500, so the
    # next player under 1500 in the standings, #8 (-50), gets it.
    people = players(8, RATINGS)
    for bands in ([RANK, CLASS_POOR], [CLASS_POOR, RANK]):
        found = {(p[0], p[1]): p[2] for p in prizes(people, FIELD, bands)}
        assert found == {(10, 1): (1,), (10, 2): (2,), (10, 3): (3,), (20, 1): (8,)}


def test_a_stacking_class_band_goes_to_its_best_player_whatever_they_hold():
    stacking = Band(20, PrizeKind.RATING_CLASS, "Under 1500", 1, (D(200),), rating_high=1500,
                    exclusive=False)  # fmt: skip
    found = {(p[0], p[1]): p[2] for p in prizes(players(8, RATINGS), FIELD, [RANK, stacking])}
    assert found == {(10, 1): (1,), (10, 2): (2,), (10, 3): (3,), (20, 1): (2,)}


def test_game_prizes_stack_by_default_and_rank_each_players_best_figure():
    # High game: #1, #2, #3, #4 all made 400 -> tied for the one place, sharing 100: 25 each.
    high = Band(30, PrizeKind.HIGH_GAME, "High game", 1, (D(100),))
    found = prizes(players(8, RATINGS), FIELD, [RANK, high])
    assert found[-1] == (30, 1, (1, 2, 3, 4), (D(25),) * 4, ("",) * 4, D(0))
    # High win, 2 places: #1 +200 then #2 +150.
    win = Band(31, PrizeKind.HIGH_WIN, "High win", 2, (D(50), D(30)))
    assert prizes(players(8, RATINGS), FIELD, [win]) == [
        (31, 1, (1,), (D(50),), ("",), D(0)),
        (31, 2, (2,), (D(30),), ("",), D(0)),
    ]


def test_a_high_win_figure_is_a_signed_spread_and_the_scores_are_plain():
    # The records write a high win +200 (fmt_spread); a score or a combined score has no sign.
    kinds = (PrizeKind.HIGH_GAME, PrizeKind.HIGH_WIN, PrizeKind.HIGH_LOSS, PrizeKind.HIGH_COMBINED)
    bands = [Band(30 + i, kind, kind.value, 1, (D(10),)) for i, kind in enumerate(kinds)]
    found = award(bands, Field(standings(players(8), FIELD), FIELD, {}, TieBy.STANDINGS), EVEN)
    assert {p.label: p.figure for p in found} == {
        "high_game": "400",
        "high_win": "+200",
        "high_loss": "350",
        "high_combined": "750",
    }


def test_an_exclusive_game_prize_skips_a_player_holding_more():
    # Places: 1000 -> #1, 500 -> #2, 300 -> #3. High game (exclusive, 100, given last): the 400s
    # are #1..#4; #1..#3 already hold a place, so #4 alone gets the whole 100 (not a quarter).
    high = Band(30, PrizeKind.HIGH_GAME, "High game", 1, (D(100),), exclusive=True)
    found = {(p[0], p[1]): (p[2], p[3]) for p in prizes(players(8, RATINGS), FIELD, [RANK, high])}
    assert found[(30, 1)] == ((4,), (D(100),))


def test_trophy_only_and_honour_bands():
    # A trophy-only band pays no money; the trophy counts as the player's one prize.
    cup = Band(40, PrizeKind.RANK, "Cup", 1, trophy="Gold cup")
    class_cup = Band(41, PrizeKind.RATING_CLASS, "Class cup", 1, trophy="Cup", rating_high=1500)
    found = prizes(players(8, RATINGS), FIELD, [cup, class_cup])
    assert found == [(40, 1, (1,), (D(0),), ("Gold cup",), D(0)),
                     (41, 1, (2,), (D(0),), ("Cup",), D(0))]  # fmt: skip


def test_players_without_a_game_get_no_standing_prize():
    # #9 entered and never played (0-0 +0 would stand above every loser).
    found = prizes(players(9), FIELD, [Band(1, PrizeKind.RANK, "All", 8)])
    assert 9 not in {n for p in found for n in p[2]}


def test_byes_forfeits_and_playoff_wins_count_as_the_standings_count_them():
    # #1 wins a tied game on the play-off word (a win), #3 has a bye (+50), #4 forfeits to #5.
    results = [
        GameResult(1, 1, 2, 400, 400, won_playoff=True),
        GameResult(1, 2, 1, 400, 400, won_playoff=False),
        GameResult(1, 3, None, None, None, ResultKind.BYE),
        GameResult(1, 4, 5, None, None, ResultKind.FORFEIT_LOSS),
        GameResult(1, 5, 4, None, None, ResultKind.FORFEIT_WIN),
    ]
    # Standings: #3 1-0 +50, #5 1-0 +50 (tied), #1 1-0 0; paid 300, 200, 100:
    # #3, #5 share 300 + 200 = 250 each; #1 100.
    band = Band(1, PrizeKind.RANK, "Places", 3, (D(300), D(200), D(100)))
    assert [(p[2], p[3]) for p in prizes(players(5), results, [band])] == [
        ((3, 5), (D(250), D(250))),
        ((1,), (D(100),)),
    ]


def test_slot_order_is_by_value_then_kind_then_place():
    cheap_rank = Band(1, PrizeKind.RANK, "A", 1, (D(10),))
    rich_class = Band(2, PrizeKind.RATING_CLASS, "B", 1, (D(20),))
    same_class = Band(3, PrizeKind.RATING_CLASS, "C", 1, (D(10),))
    slots = sorted([(cheap_rank, 1), (rich_class, 1), (same_class, 1)],
                   key=lambda s: slot_order(*s))  # fmt: skip
    assert [band.key for band, _ in slots] == [2, 1, 3]


BANDS = [
    RANK,
    CLASS_POOR,
    Band(21, PrizeKind.RATING_CLASS, "Under 1250", 2, (D(200), D(100)), rating_high=1250),
    Band(30, PrizeKind.HIGH_GAME, "High game", 1, (D(200),), exclusive=True),
    Band(31, PrizeKind.HIGH_WIN, "High win", 1, (D(50),)),
]


@settings(max_examples=30, deadline=None)
@given(order=st.permutations(BANDS))
def test_who_gets_what_never_depends_on_the_order_the_bands_were_made(order):
    people = players(8, RATINGS)
    assert sorted(prizes(people, FIELD, list(order))) == sorted(prizes(people, FIELD, BANDS))
