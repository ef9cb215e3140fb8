"""Out of the prizes means beaten for sure: a player whose best finish only ties another's worst
finish can still share the place, so stays in the race; one point of spread less and they are out."""

from pairing.gibson import out_of_the_prizes
from pairing.types import Competitor

LEADER = Competitor(1, 1, 3, 0, 0, 1500)  # worst finish, one round left at 100 a game: (3, -100)


def test_a_best_finish_level_with_the_leaders_worst_is_still_in_the_prizes():
    level = Competitor(2, 2, 2, 1, -200, 1500)  # best finish (3, -100): level with the leader
    assert out_of_the_prizes([LEADER, level], 1, 100, 1) == []


def test_a_best_finish_one_point_short_of_the_leaders_worst_is_out_of_the_prizes():
    short = Competitor(2, 2, 2, 1, -201, 1500)  # best finish (3, -101)
    assert out_of_the_prizes([LEADER, short], 1, 100, 1) == [short]
