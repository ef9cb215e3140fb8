"""The "Scoresheet" links: on the director's pairing rows and, for a scorekeeper, on the
player's page; both lead to games:create?pairing=<id> (the division's rules and players)."""

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Pairing, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(event):
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 5))  # 2 tables, a bye
    return division


def sheet_link(pairing) -> str:
    return f'href="{reverse("games:create")}?pairing={pairing.pk}"'


def division_page(client, division):
    return client.get(reverse("tournaments:division", args=[division.tournament.slug, "A"]))


def player_page(client, division, number: int):
    args = [division.tournament.slug, "A", number]
    return client.get(reverse("tournaments:public_player", args=args))


def test_each_pairing_row_links_its_scoresheet_for_the_director(client, division, director):
    client.force_login(director)
    page = division_page(client, division).text
    for pairing in Pairing.objects.filter(second__isnull=False):
        assert sheet_link(pairing) in page
    bye = Pairing.objects.get(second__isnull=True)
    assert sheet_link(bye) not in page
    assert page.count(">Scoresheet</a>") == 2


def test_visitors_see_no_scoresheet_links(client, division, stranger):
    assert ">Scoresheet<" not in division_page(client, division).text
    client.force_login(stranger)
    assert ">Scoresheet<" not in division_page(client, division).text


def test_the_players_page_links_the_game_in_progress_for_a_scorekeeper(client, division, event):
    scorekeeper = factories.user()
    TournamentRole.objects.create(
        tournament=event, user=scorekeeper, role=TournamentRole.Role.ASSISTANT
    )
    client.force_login(scorekeeper)
    pairing = Pairing.objects.get(table=2)
    assert sheet_link(pairing) in player_page(client, division, pairing.second.number).text
    assert ">Scoresheet<" not in player_page(client, division, 5).text  # the bye


def test_a_reported_game_is_no_longer_linked_from_the_players_page(client, division, director):
    pairing = Pairing.objects.get(table=1)
    client.force_login(director)
    assert sheet_link(pairing) in player_page(client, division, 1).text
    Pairing.objects.filter(pk=pairing.pk).update(first_score=400, second_score=300)
    assert ">Scoresheet<" not in player_page(client, division, 1).text


def test_visitors_and_strangers_see_no_scoresheet_on_the_players_page(client, division, stranger):
    assert ">Scoresheet<" not in player_page(client, division, 1).text
    client.force_login(stranger)
    assert ">Scoresheet<" not in player_page(client, division, 1).text
