"""The registration page's player picker: search by name, member id or club, at most
PICKER_LIMIT players, a constant number of queries, and a plain search form without JS."""

import pytest
from django.urls import reverse

from clubs.models import Membership
from tests import factories
from tournaments.selectors.registration import PICKER_LIMIT
from tournaments.services.entries import entry_add

pytestmark = pytest.mark.django_db


def _url(division, name="registration_picker"):
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.fixture
def desk(client, director):
    division = factories.division(factories.tournament(director=director), rounds=3)
    client.force_login(director)
    return division


def _names(response) -> list[str]:
    return [p.name for p in response.context["matches"]]


def test_the_picker_finds_by_name_member_id_and_club_but_not_those_entered(client, desk):
    anna = factories.player("Anna Okafor", member_id="N-17")
    factories.player("Bo Li")
    entered = factories.player("Anna Entered")
    entry_add(by=None, division=desk, player=entered)
    club = factories.club("Lagos Word Club")
    Membership.objects.create(player=factories.player("Cy Ng"), club=club)
    assert _names(client.get(_url(desk), {"q": "anna"})) == ["Anna Okafor"]
    assert _names(client.get(_url(desk), {"q": "n-17"})) == [anna.name]
    response = client.get(_url(desk), {"q": "lagos"})
    assert _names(response) == ["Cy Ng"]
    assert "Lagos Word Club" in response.content.decode()
    assert _names(client.get(_url(desk), {"q": ""})) == []


@pytest.mark.parametrize("count", [PICKER_LIMIT, PICKER_LIMIT + 1])
def test_the_picker_shows_at_most_the_limit_in_constant_queries(
    client, desk, count, django_assert_max_num_queries
):
    club = factories.club("Big Club")
    for i in range(count):
        person = factories.player(f"Same {i:03d}")
        Membership.objects.create(player=person, club=club)
    # 10: one asks whether the director may create a player (the "A new player" fields).
    with django_assert_max_num_queries(10):
        response = client.get(_url(desk), {"q": "same"})
    assert len(response.context["matches"]) == PICKER_LIMIT
    assert response.context["more"] is (count > PICKER_LIMIT)
    assert ("type more of the name" in response.content.decode()) is (count > PICKER_LIMIT)


def test_without_javascript_the_registration_page_searches_and_adds(client, desk):
    person = factories.player("Grace Hopper", rating=1800)
    page = client.get(_url(desk, "registration"), {"q": "grace"})
    assert (
        f'<input type="radio" name="player" value="{person.pk}" checked>' in page.content.decode()
    )
    data = {
        "player": person.pk,
        "joins_at_round": 1,
        "starting_wins": 0,
        "starting_losses": 0,
        "starting_spread": 0,
    }
    assert client.post(_url(desk, "registration"), data).status_code == 302
    assert desk.entries.get().player == person


def test_a_search_longer_than_the_limit_finds_nothing(client, desk):
    factories.player("A" * 100)
    assert _names(client.get(_url(desk), {"q": "A" * 100})) == ["A" * 100]
    assert _names(client.get(_url(desk), {"q": "A" * 101})) == []


def test_the_registration_page_queries_stay_constant(client, desk, django_assert_max_num_queries):
    people = [factories.player(f"P {i}") for i in range(30)]
    for person in people:
        entry_add(by=None, division=desk, player=person)
    with django_assert_max_num_queries(14):
        response = client.get(_url(desk, "registration"))
    assert len(response.context["table"].rows) == 30
