"""A new late entrant from the registration page: the player is created inline from the name
typed in the search, and the page comes back with them chosen and the late-entry fields open at
the next round."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from players.models import Player
from tests import factories
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(director):
    event = factories.tournament(director=director)
    return factories.division(event, name="A", rounds=6)


def urls(division) -> tuple[str, str]:
    args = [division.tournament.slug, division.name]
    return (
        reverse("tournaments:registration", args=args),
        reverse("tournaments:registration_new_player", args=args),
    )


def test_the_search_offers_to_create_the_typed_name(client, director, division):
    client.force_login(director)
    page, create = urls(division)
    text = client.get(page, {"q": "Zed Newcomer"}).text
    assert "No player not yet entered matches “Zed Newcomer”." in text
    assert 'name="new-name" id="id_new-name" value="Zed Newcomer"' in text
    assert f'formaction="{create}"' in text
    picker = reverse("tournaments:registration_picker", args=[division.tournament.slug, "A"])
    assert f'formaction="{create}"' in client.get(picker, {"q": "Zed"}).text


def test_creating_the_player_comes_back_with_them_chosen_and_the_late_fields_at_the_next_round(
    client, director, division
):
    entries = factories.entries(division, 4)
    factories.round_with_pairings(division, entries)
    factories.round_with_pairings(division, entries, number=2)
    client.force_login(director)
    page, create = urls(division)
    response = client.post(create, {"new-name": " Zed Newcomer ", "new-country": "ke"})
    player = Player.objects.get(name="Zed Newcomer")
    assert (player.country, player.member_id) == ("KE", "")
    assert response.status_code == 302
    assert response["Location"] == f"{page}?q=Zed+Newcomer&new={player.pk}#add-player"
    assert AuditEntry.objects.filter(action="player.create", object_id=str(player.pk)).exists()
    text = client.get(response["Location"]).text
    assert f'name="player" value="{player.pk}" checked' in text
    assert "Player Zed Newcomer added: check the entry details and press Add." in text
    assert "<details open><summary>Late entry" in text
    assert 'name="joins_at_round" value="3"' in text
    assert 'name="new-name"' not in text  # nothing left to create


def test_before_any_round_the_late_fields_stay_closed_at_round_one(client, director, division):
    client.force_login(director)
    page, _ = urls(division)
    text = client.get(page).text
    assert "<details><summary>Late entry" in text and 'name="joins_at_round" value="1"' in text


def test_a_bad_country_is_refused_with_its_message_and_nothing_is_created(
    client, director, division
):
    client.force_login(director)
    page, create = urls(division)
    response = client.post(create, {"new-name": "Zed", "new-country": "K9"}, follow=True)
    assert "“K9” is not a 2- or 3-letter country code." in response.text
    assert not Player.objects.filter(name="Zed").exists()
    assert 'value="Zed"' in response.text  # the typed name is kept


def test_a_look_alike_asks_first_and_is_created_once_confirmed(client, director, division):
    factories.player("Zed Newcomer", country="KE")
    client.force_login(director)
    _, create = urls(division)
    response = client.post(create, {"new-name": "Zed Newcomer", "new-country": "KE"}, follow=True)
    assert Player.objects.filter(name="Zed Newcomer").count() == 1
    assert 'name="new-confirm_duplicate"' in response.text
    client.post(
        create,
        {"new-name": "Zed Newcomer", "new-country": "KE", "new-confirm_duplicate": "on"},
    )
    assert Player.objects.filter(name="Zed Newcomer").count() == 2


def test_an_assistant_who_may_not_add_players_is_not_offered_it(client, division):
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=division.tournament, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    client.force_login(assistant)
    page, create = urls(division)
    assert 'name="new-name"' not in client.get(page, {"q": "Zed"}).text
    assert client.post(create, {"new-name": "Zed"}).status_code == 403
    assert client.get(create).status_code == 405
    assert not Player.objects.filter(name="Zed").exists()
