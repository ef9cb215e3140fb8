"""The "New game" link of a pairing: games:create?pairing=<id> prefills and links the sheet,
for those who may enter that tournament's results."""

import pytest
from django.urls import reverse

from games.models import Game
from tests import factories
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairing(event):
    division = factories.division(event)
    entries = factories.entries(division, 3)  # the third has a bye
    return factories.round_with_pairings(division, entries).pairings.get(table=1)


def new_game_url(pairing) -> str:
    return reverse("games:create") + f"?pairing={pairing.pk}"


def test_assistant_of_the_tournament_may_start_the_pairings_sheet(client, pairing, event):
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=event, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    client.force_login(assistant)
    page = client.get(new_game_url(pairing))
    assert page.status_code == 200
    assert f'<option value="{pairing.second.player.pk}" selected>' in page.text
    response = client.post(
        new_game_url(pairing),
        {"first_player": pairing.second.player.pk, "second_player": pairing.first.player.pk,
         "rules_preset": "home"},
    )  # fmt: skip
    game = Game.objects.get()
    assert response["Location"] == reverse("games:sheet", args=[game.pk])
    assert (game.pairing, game.first_player, game.created_by) == (
        pairing,
        pairing.second.player,
        assistant,
    )


def test_stranger_and_anonymous_may_not_start_a_pairings_sheet(client, pairing, stranger):
    anonymous = client.get(new_game_url(pairing))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/login/")
    client.force_login(stranger)
    assert client.get(new_game_url(pairing)).status_code == 403
    players = {"first_player": pairing.first.player.pk, "second_player": pairing.second.player.pk}
    assert (
        client.post(new_game_url(pairing), {**players, "rules_preset": "home"}).status_code == 403
    )
    assert not Game.objects.exists()


def test_other_players_than_the_pairings_are_refused(client, pairing, director):
    client.force_login(director)
    response = client.post(
        new_game_url(pairing),
        {"first_player": pairing.first.player.pk, "second_player": factories.player().pk,
         "rules_preset": "home"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "A pairing&#x27;s scoresheet must be between that pairing&#x27;s players." in (
        response.text
    )
    assert not Game.objects.exists()


def test_the_link_of_a_pairing_with_a_sheet_opens_that_sheet(client, pairing, director):
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    client.force_login(director)
    response = client.get(new_game_url(pairing))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:sheet", args=[game.pk])


def test_a_bye_has_no_sheet_to_start(client, pairing, director):
    bye = pairing.round.pairings.get(second__isnull=True)
    client.force_login(director)
    assert client.get(new_game_url(bye)).status_code == 404


@pytest.mark.parametrize("asked", ["abc", "²", "-1", "999999", "9" * 30])
def test_a_link_naming_no_game_is_not_found(client, director, asked):
    client.force_login(director)
    assert client.get(reverse("games:create"), {"pairing": asked}).status_code == 404


# --- the division's rules ------------------------------------------------------------------


def players_of(pairing) -> dict:
    return {"first_player": pairing.first.player.pk, "second_player": pairing.second.player.pk}


def test_a_pairings_sheet_takes_its_divisions_rules_not_naspa(client, pairing, event, director):
    from dataclasses import replace

    from games.engine.rules import PRESETS
    from tournaments.services.rules import division_rules_update

    event.rules_preset = "home"
    event.save()
    division_rules_update(
        by=director,
        division=pairing.round.division,
        preset="thai",
        fields={"max_turns_per_player": 18},
    )
    client.force_login(director)
    page = client.get(new_game_url(pairing))
    assert 'name="rules_preset"' not in page.text  # the division decides, not the form
    assert "<li>18 turns a side.</li>" in page.text
    # Whatever the request says, the division's rules apply.
    client.post(new_game_url(pairing), {**players_of(pairing), "rules_preset": "home"})
    game = Game.objects.get()
    assert game.rules_preset == "thai"
    assert game.rule_set() == replace(PRESETS["thai"], max_turns_per_player=18)


def test_a_pairings_sheet_of_an_inheriting_division_takes_the_events_rules(
    client, pairing, event, director
):
    from games.engine.rules import PRESETS

    event.rules_preset, event.rules = "thai", {"late_forfeit_minutes": 5}
    event.save()
    client.force_login(director)
    client.post(new_game_url(pairing), players_of(pairing))
    game = Game.objects.get()
    assert game.rules_preset == "thai"
    assert game.rule_set().late_forfeit_minutes == 5
    assert game.rule_set().turn_time_limit_seconds == PRESETS["thai"].turn_time_limit_seconds


def test_a_sheet_of_no_pairing_offers_naspa_first_and_keeps_the_rules_chosen(
    client, event, director
):
    client.force_login(director)
    page = client.get(reverse("games:create"))
    assert '<option value="naspa" selected>' in page.text
    first, second = factories.player(), factories.player()
    data = {"first_player": first.pk, "second_player": second.pk, "rules_preset": "nine_tile"}
    client.post(reverse("games:create"), data)
    assert Game.objects.get().rule_set().rack_size == 9
