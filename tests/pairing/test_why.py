"""Why this pairing? Each game of a Swiss or king-of-the-hill round names the rule that placed it."""

from __future__ import annotations

from pairing.cop.messages import Note
from pairing.registry import pair_round
from pairing.types import Competitor, PairingSettings, RoundInput
from pairing.why import GAME


def player(id_: int, wins: float, spread: int = 0, byes: int = 0) -> Competitor:
    return Competitor(id_, id_, wins, 3 - wins, spread, 1500, byes=byes, name=f"P{id_}")


def reasons(system: str, round_input: RoundInput) -> dict[frozenset[int], list[str]]:
    log: list[Note] = []
    pair_round(system, round_input, log)
    found = {}
    for n in log:
        assert n.template == GAME
        params = dict(n.params)
        players = frozenset(p for p in (params["first"], params["second"]) if p is not None)
        found[players] = [r.render() for r in params["reasons"]]
    return found


def swiss(competitors, history=(), **settings) -> RoundInput:
    return RoundInput(
        round_number=4,
        total_rounds=8,
        competitors=tuple(competitors),
        history=tuple(history),
        settings=PairingSettings(**settings),
    )


def test_a_game_inside_a_score_group_says_so():
    why = reasons("swiss", swiss([player(1, 3), player(2, 3), player(3, 1), player(4, 1)]))
    assert why[frozenset({1, 2})] == ["Score group: both had 3 wins; the nearest in the standings."]


def test_a_game_across_score_groups_says_so():
    field = [player(1, 3), player(2, 2), player(3, 2), player(4, 1)]
    why = reasons("swiss", swiss(field, history=[(2, 3)]))
    assert why[frozenset({1, 2})] == [
        "Across score groups: 3 wins against 2, as the groups between could not be paired among "
        "themselves."
    ]


def test_a_repeat_avoided_names_the_players_passed_over():
    field = [player(1, 3), player(2, 3), player(3, 3), player(4, 3)]
    why = reasons("swiss", swiss(field, history=[(1, 2), (3, 4)]))
    assert why[frozenset({1, 3})] == [
        "Score group: both had 3 wins; the nearest in the standings.",
        "Repeat avoided: P1 had already played P2.",
    ]


def test_a_rematch_says_whether_the_limit_allowed_it():
    field = [player(1, 3), player(2, 3)]
    within = reasons("swiss", swiss(field, history=[(1, 2)], max_repeats=1))
    assert within[frozenset({1, 2})][-1] == (
        "A rematch (1 earlier games), allowed by the limit of 1 repeats."
    )
    beyond = reasons("swiss", swiss(field, history=[(1, 2)], max_repeats=0))
    assert beyond[frozenset({1, 2})][-1] == (
        "A rematch beyond the limit of 0 repeats: no pairing of the round avoided it."
    )


def test_the_bye_names_the_bye_rule():
    field = [player(1, 3), player(2, 2), player(3, 1, byes=1), player(4, 0, byes=1), player(5, 0)]
    why = reasons("swiss", swiss(field))
    assert why[frozenset({5})] == [
        "Bye rule: the lowest-placed of the players with the fewest byes (0 before)."
    ]


def clinched(count: int) -> list[Competitor]:
    """P1 has won all seven games by a lot: with one round left nobody can catch them."""
    leader = Competitor(1, 1, 7, 0, 1500, 1500, name="P1")
    return [leader] + [
        Competitor(i, i, 4 - i // 3, 3 + i // 3, 0, 1500, name=f"P{i}") for i in range(2, count + 1)
    ]


def last_round(competitors, **settings) -> RoundInput:
    return RoundInput(8, 8, tuple(competitors), settings=PairingSettings(**settings))


def test_a_gibsonized_leader_s_game_names_gibsonization():
    why = reasons("swiss", last_round(clinched(6), prize_places=2))
    (leader_game,) = [v for k, v in why.items() if 1 in k]
    assert leader_game == [
        "Gibsonization: P1 has clinched first and plays the highest-placed player who cannot "
        "finish in the prizes."
    ]


def test_a_gibsonized_leader_takes_the_bye_of_an_odd_field():
    why = reasons("koth", last_round(clinched(5)))
    assert why[frozenset({1})] == [
        "Gibsonization: P1 has clinched first and takes the bye of the odd field."
    ]


def test_king_of_the_hill_names_the_neighbouring_places():
    field = [player(1, 3), player(2, 2), player(3, 2), player(4, 1)]
    why = reasons("koth", swiss(field, gibsonize=False))
    assert why[frozenset({1, 2})] == [
        "King of the hill: neighbours in the standings (places 1 and 2)."
    ]
    assert why[frozenset({3, 4})] == [
        "King of the hill: neighbours in the standings (places 3 and 4)."
    ]


def test_king_of_the_hill_names_the_repeat_it_avoided_within_the_limit():
    field = [player(1, 3), player(2, 2), player(3, 2), player(4, 1)]
    why = reasons("koth", swiss(field, history=[(1, 2)], gibsonize=False))
    assert why[frozenset({1, 3})] == [
        "King of the hill: the nearest opponent within the repeat limit (places 1 and 3).",
        "Repeat avoided: P1 had already played P2.",
    ]
    assert why[frozenset({2, 4})] == [
        "King of the hill: the nearest opponent within the repeat limit (places 2 and 4)."
    ]


def test_king_of_the_hill_names_a_rematch_within_a_limit_of_one():
    field = [player(1, 3), player(2, 2), player(3, 2), player(4, 1)]
    why = reasons("koth", swiss(field, history=[(1, 2)], gibsonize=False, max_repeats=1))
    assert why[frozenset({1, 2})] == [
        "King of the hill: neighbours in the standings (places 1 and 2).",
        "A rematch (1 earlier games), allowed by the limit of 1 repeats.",
    ]


def test_a_pinned_game_names_the_director():
    field = [player(1, 3), player(2, 2), player(3, 2), player(4, 1)]
    round_input = swiss(field)
    pinned = RoundInput(4, 8, round_input.competitors, fixed_pairs=((1, 4),))
    assert reasons("swiss", pinned)[frozenset({1, 4})] == ["Pinned by the director."]


def test_other_systems_log_no_reasons():
    log: list[Note] = []
    pair_round("queen", swiss([player(1, 3), player(2, 2), player(3, 2), player(4, 1)]), log)
    assert log == []


def teamed(id_: int, wins: float, team: str) -> Competitor:
    return Competitor(id_, id_, wins, 3 - wins, 0, 1500, name=f"P{id_}", team=team)


def apart(competitors, rounds: int) -> RoundInput:
    return RoundInput(
        round_number=3,
        total_rounds=8,
        competitors=tuple(competitors),
        settings=PairingSettings(gibsonize=False, avoid_team_rounds=rounds),
    )


def test_a_game_past_a_team_mate_names_the_team_mate_kept_apart():
    field = [teamed(1, 3, "Owls"), teamed(2, 3, "Owls"), teamed(3, 3, "Hawks"), teamed(4, 3, "")]
    why = reasons("swiss", apart(field, rounds=3))
    assert why[frozenset({1, 3})] == [
        "Score group: both had 3 wins; the nearest in the standings.",
        "Team-mates kept apart: P1 was not paired with P2, of the same team (Owls).",
    ]
    assert why[frozenset({2, 4})] == ["Score group: both had 3 wins; the nearest in the standings."]


def test_king_of_the_hill_past_a_team_mate_names_the_team_mate_kept_apart():
    field = [teamed(1, 3, "Owls"), teamed(2, 3, "Owls"), teamed(3, 2, "Hawks"), teamed(4, 2, "")]
    why = reasons("koth", apart(field, rounds=3))
    assert why[frozenset({1, 4})] == [
        "King of the hill: the nearest opponent within the repeat limit (places 1 and 4).",
        "Team-mates kept apart: P1 was not paired with P2, of the same team (Owls).",
    ]


def test_after_the_team_rounds_team_mates_are_not_named():
    field = [teamed(1, 3, "Owls"), teamed(2, 3, "Owls"), teamed(3, 3, "Hawks"), teamed(4, 3, "")]
    why = reasons("swiss", apart(field, rounds=2))
    assert why[frozenset({1, 2})] == ["Score group: both had 3 wins; the nearest in the standings."]
