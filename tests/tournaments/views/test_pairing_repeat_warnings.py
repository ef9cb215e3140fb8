"""The pairing page says, before pairing, when the next round's system ignores the division's
repeat limit, and, after pairing, which tables are rematches beyond it."""

import pytest
from django.urls import reverse

from pairing.registry import LIMIT_IGNORED, SYSTEMS
from pairing.repeats import rematches_beyond
from tests import factories
from tournaments.models import Pairing
from tournaments.selectors.repeats import round_rematches
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


def division_with(director, players: int, plan: str, max_repeats: int = 0):
    event = factories.tournament(director=director)
    division = factories.division(
        event, name="A", rounds=3, pairing_plan=plan, max_repeats=max_repeats
    )
    return division, factories.entries(division, players)


def play(round_, director) -> None:
    for pairing in round_.pairings.filter(second__isnull=False):
        result_services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=400,
            second_score=350,
            expected_version=0,
        )


def pairing_url(division) -> str:
    return reverse("tournaments:pairing", args=[division.tournament.slug, division.name])


def test_the_pure_count_names_only_games_beyond_the_limit_by_table():
    games = [(2, 1, 2), (1, 3, 4), (3, 5, 6)]
    history = [(1, 2), (2, 1), (3, 4), (7, 8)]
    assert [(r.table, r.times) for r in rematches_beyond(games, history, 0)] == [(1, 1), (2, 2)]
    assert [(r.table, r.times) for r in rematches_beyond(games, history, 1)] == [(2, 2)]
    assert rematches_beyond(games, history, 2) == []


def test_every_system_that_ignores_the_limit_is_a_real_system():
    assert set(SYSTEMS) > LIMIT_IGNORED
    assert not {"swiss", "koth", "cop"} & LIMIT_IGNORED


def test_before_pairing_the_page_says_the_next_system_ignores_the_limit(client, director):
    division, entries = division_with(director, 4, "1 swiss; 2-3 queen")
    play(factories.round_with_pairings(division, entries), director)
    client.force_login(director)
    page = client.get(pairing_url(division)).text
    assert (
        "Round 2 is paired by Queen of the hill, which ignores the repeat limit (0): players may "
        "meet again more often than that."
    ) in page


def test_no_warning_before_a_round_paired_by_a_system_keeping_the_limit(client, director):
    division, entries = division_with(director, 4, "1 swiss; 2-3 koth")
    play(factories.round_with_pairings(division, entries), director)
    client.force_login(director)
    page = client.get(pairing_url(division)).text
    assert "ignores the repeat limit" not in page and "repeat-warnings" not in page


def test_after_pairing_the_rematches_beyond_the_limit_are_named_by_table(client, director):
    division, entries = division_with(director, 2, "1-3 koth")
    play(factories.round_with_pairings(division, entries), director)
    client.force_login(director)
    response = client.post(pairing_url(division), {"round_number": 2}, follow=True)
    assert Pairing.objects.filter(round__number=2).count() == 1
    expected = "Round 2: 1 rematch beyond the repeat limit of 0 (table 1)."
    assert expected in response.text  # the message after pairing
    assert expected in client.get(pairing_url(division)).text  # and on the pairing page


def test_several_rematches_list_every_table_and_a_higher_limit_silences_them(director):
    division, entries = division_with(director, 6, "1-3 koth")
    factories.round_with_pairings(division, entries)
    factories.round_with_pairings(division, entries, number=2)  # the same three games again
    assert [r.table for r in round_rematches(division, 2)] == [1, 2, 3]
    division.max_repeats = 1
    assert round_rematches(division, 2) == []
    factories.round_with_pairings(division, entries, number=3)
    assert [(r.table, r.times) for r in round_rematches(division, 3)] == [(1, 2), (2, 2), (3, 2)]


def test_king_of_the_hill_pairs_round_two_without_a_rematch_when_it_can(client, director):
    division, entries = division_with(director, 4, "1-3 koth")
    play(factories.round_with_pairings(division, entries), director)  # 1 v 2, 3 v 4; 1 and 3 won
    client.force_login(director)
    response = client.post(pairing_url(division), {"round_number": 2}, follow=True)
    assert "rematch" not in response.text
    assert round_rematches(division, 2) == []


@pytest.mark.parametrize(("plan", "title"), [("1-3 seeded", "Seeded"), ("1-3 random", "Random")])
def test_a_first_round_system_paired_again_is_warned_of_as_it_rematches(
    client, director, plan, title
):
    division, _entries = division_with(director, 2, plan)
    client.force_login(director)
    client.post(pairing_url(division), {"round_number": 1})
    play(division.round_set.get(number=1), director)
    before = client.get(pairing_url(division)).text
    assert (
        f"Round 2 is paired by {title}, which ignores the repeat limit (0): players may meet "
        "again more often than that."
    ) in before
    client.post(pairing_url(division), {"round_number": 2})
    assert [r.table for r in round_rematches(division, 2)] == [1]
    after = client.get(pairing_url(division)).text
    assert "Round 2: 1 rematch beyond the repeat limit of 0 (table 1)." in after
