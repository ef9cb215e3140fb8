"""Final-report figures from results, and the prize engine's game prizes drawn from them (pure:
runs without Django)."""

import random

from tournaments.results.prize_money import MoneyRules
from tournaments.results.prizes import Band, Field, award
from tournaments.results.standings import GameResult, PlayerInfo, ResultKind, standings
from tournaments.results.stats import (
    EventStats,
    PrizeKind,
    Upset,
    event_stats,
    played_games,
)

P = ResultKind.PLAYED
PLAYERS = [
    PlayerInfo(1, "Ann", rating=1800),
    PlayerInfo(2, "Ben", rating=1500),
    PlayerInfo(3, "Cai", rating=1200),
    PlayerInfo(4, "Dee", rating=0),
]


def game(rnd, a, b, sa, sb):
    return [GameResult(rnd, a, b, sa, sb, P, True), GameResult(rnd, b, a, sb, sa, P, False)]


RESULTS = [
    *game(1, 1, 2, 420, 380),
    *game(1, 3, 4, 350, 500),
    *game(2, 1, 3, 390, 410),  # Cai (1200) beats Ann (1800): upset by 600
    *game(2, 2, 4, 455, 452),  # Dee's 452 is the high loss
    GameResult(3, 1, None, None, None, ResultKind.BYE),
    *game(3, 2, 3, 300, 300),
]


def test_played_games_gives_each_game_from_both_sides_and_skips_byes():
    games = played_games(RESULTS)
    assert len(games) == 10
    assert all(g.round != 3 or g.score == 300 for g in games)


def test_high_game_high_loss_high_win_low_win_and_combined():
    stats = event_stats(PLAYERS, RESULTS)
    assert stats.games == 5
    assert [(g.player, g.score) for g in stats.high_game] == [(4, 500)]
    assert [(g.player, g.score, g.opponent) for g in stats.high_loss] == [(4, 452, 2)]
    assert [(g.player, g.spread) for g in stats.high_win] == [(4, 150)]
    assert [(g.player, g.score) for g in stats.low_win] == [(3, 410)]
    assert [(g.round, g.combined) for g in stats.high_combined] == [(2, 907)]


def test_upset_needs_both_players_rated_and_keeps_the_largest_difference():
    stats = event_stats(PLAYERS, RESULTS)
    assert [(u.game.player, u.game.opponent, u.difference) for u in stats.biggest_upset] == [
        (3, 1, 600)
    ]


def test_averages_count_each_side_and_ties_are_neither_win_nor_loss():
    stats = event_stats(PLAYERS, RESULTS)
    scores = [420, 380, 350, 500, 390, 410, 455, 452, 300, 300]
    assert stats.average_score == sum(scores) / 10
    assert stats.average_winning_score == (420 + 500 + 410 + 455) / 4
    assert stats.average_losing_score == (380 + 350 + 390 + 452) / 4
    assert stats.average_combined == (800 + 850 + 800 + 907 + 600) / 5


def test_records_keep_every_tied_game():
    results = [*game(1, 1, 2, 600, 300), *game(1, 3, 4, 600, 350)]
    stats = event_stats(PLAYERS, results)
    assert [g.player for g in stats.high_game] == [1, 3]


def test_no_results_give_empty_records_and_no_averages():
    stats = event_stats(PLAYERS, [])
    assert stats.games == 0
    assert stats.high_game == () and stats.biggest_upset == ()
    assert stats.average_score is None


def test_rank_prizes_and_class_prizes_skip_rank_winners_game_prizes_stack():
    rows = standings(PLAYERS, RESULTS)
    bands = [
        Band(1, PrizeKind.RANK, "Place", places=1),
        Band(2, PrizeKind.RATING_CLASS, "Under 1600", places=1, rating_high=1599),
        Band(3, PrizeKind.HIGH_GAME, "High game"),
        Band(4, PrizeKind.UPSET, "Upset"),
    ]
    awards = award(bands, Field(rows, RESULTS, {}), MoneyRules())
    by_band = {a.band: a for a in awards}
    assert by_band[1].players == (rows[0].player,)
    under = [r.player for r in rows if r.rating <= 1599 and r.player != rows[0].player]
    assert by_band[2].players == (under[0],)
    assert by_band[3].players == (4,) and by_band[3].figure == "500"
    assert by_band[4].players == (3,) and by_band[4].figure == "600"
    # The game prizes agree with the final-report figures they are drawn from.
    stats = event_stats(PLAYERS, RESULTS)
    assert by_band[3].figure == str(stats.high_game[0].score)
    assert by_band[4].figure == str(stats.biggest_upset[0].difference)


def test_tied_players_take_as_many_places_as_they_are():
    results = [*game(1, 1, 2, 400, 300), *game(1, 3, 4, 400, 300)]
    rows = standings(PLAYERS, results)
    two = award(
        [Band(1, PrizeKind.RANK, "Place", places=2)], Field(rows, results, {}), MoneyRules()
    )
    assert [(a.first, a.players) for a in two] == [(1, (1, 3))]
    three = award(
        [Band(1, PrizeKind.RANK, "Place", places=3)], Field(rows, results, {}), MoneyRules()
    )
    assert [(a.first, a.players) for a in three] == [(1, (1, 3)), (3, (2, 4))]


def figures_by_definition(players, results) -> EventStats:
    """The figures spelt out over ``played_games``, one record per side: the reference."""
    sides = played_games(results)
    once = [g for g in sides if g.player < g.opponent]
    wins = [g for g in sides if g.score > g.opponent_score]
    losses = [g for g in sides if g.score < g.opponent_score]
    rating = {p.number: p.rating for p in players}
    upsets = [
        Upset(g, rating[g.player], rating[g.opponent])
        for g in wins
        if 0 < rating[g.player] < rating[g.opponent]
    ]

    def best(items, key):
        top = max(map(key, items), default=None)
        return tuple(item for item in items if key(item) == top)

    def mean(values):
        return sum(values) / len(values) if values else None

    return EventStats(
        games=len(once),
        high_game=best(sides, lambda g: g.score),
        high_loss=best(losses, lambda g: g.score),
        high_win=best(wins, lambda g: g.spread),
        low_win=best(wins, lambda g: -g.score),
        high_combined=best(once, lambda g: g.combined),
        biggest_upset=best(upsets, lambda u: u.difference),
        average_score=mean([g.score for g in sides]),
        average_winning_score=mean([g.score for g in wins]),
        average_losing_score=mean([g.score for g in losses]),
        average_combined=mean([g.combined for g in once]),
    )


def test_figures_of_a_large_random_field_equal_their_definitions():
    rng = random.Random(14)
    players = [
        PlayerInfo(n, f"P{n}", rating=rng.choice((0, 900, 1000, 1500))) for n in range(1, 41)
    ]
    results = []
    for rnd in range(1, 13):
        order = list(range(1, 41))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            # Few distinct scores: many records are shared by several games.
            results += game(rnd, a, b, rng.randrange(300, 320), rng.randrange(300, 320))
        results.append(GameResult(rnd, order[0], None, None, None, ResultKind.BYE))
    rng.shuffle(results)
    found = event_stats(players, results)
    assert found == figures_by_definition(players, results)
    assert len(found.high_game) > 1 and len(found.biggest_upset) > 1


# A tie the play-off word decided (docs/RULES.md): 400-400, #2 (rated 1500) wins the word against
# #1 (rated 1800). The standings count it as #2's win and #1's loss; so do the figures.
PLAYOFF = [
    GameResult(1, 1, 2, 400, 400, P, True, won_playoff=False),
    GameResult(1, 2, 1, 400, 400, P, False, won_playoff=True),
]


def test_a_tie_the_playoff_word_decided_is_a_win_and_a_loss_in_the_figures():
    stats = event_stats(PLAYERS[:2], PLAYOFF)
    assert [g.player for g in stats.high_loss] == [1]
    assert [g.player for g in stats.low_win] == [2]
    assert [g.player for g in stats.high_win] == [2]
    assert [u.game.player for u in stats.biggest_upset] == [2]
    assert (stats.average_winning_score, stats.average_losing_score) == (400, 400)


def test_a_plain_tie_is_still_neither_win_nor_loss():
    plain = [r._replace(won_playoff=None) for r in PLAYOFF]
    stats = event_stats(PLAYERS[:2], plain)
    assert stats.high_loss == stats.low_win == stats.high_win == ()
    assert stats.biggest_upset == ()
    assert (stats.average_winning_score, stats.average_losing_score) == (None, None)


def test_the_game_prizes_follow_the_playoff_word_as_the_standings_do():
    rows = standings(PLAYERS[:2], PLAYOFF)
    assert [(r.player, r.wins) for r in rows] == [(2, 1.0), (1, 0.0)]
    bands = [Band(1, PrizeKind.HIGH_LOSS, "High loss"), Band(2, PrizeKind.UPSET, "Upset")]
    awarded = award(bands, Field(rows, PLAYOFF, {}), MoneyRules())
    assert [(a.band, a.players) for a in awarded] == [(1, (1,)), (2, (2,))]
