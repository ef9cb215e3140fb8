"""Club night game entry: labelled fields; a misspelled name keeps what was typed and offers
the closest club players' names."""

import pytest
from django.urls import reverse

from clubs.forms import SUGGESTIONS, close_matches
from clubs.models import CasualGame, ClubSession, Membership
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(client):
    club = factories.club()
    officer = factories.officer(club).player.user
    for name in ["Anna Arden", "Ben Bell", "Anne Arder", "Cleo Chu"]:
        Membership.objects.create(club=club, player=factories.player(name))
    client.force_login(officer)
    return ClubSession.objects.create(club=club, date="2025-06-03")


def add_game(client, night, **typed):
    fields = {"player_a": "Anna Arden", "score_a": "410", "player_b": "Ben Bell", "score_b": "377"}
    return client.post(
        reverse("clubs:casual_game_add", args=[night.club.slug, night.pk]),
        fields | typed,
        headers={"HX-Request": "true"},
    )


def test_every_add_game_field_has_a_label(client, night):
    page = client.get(night.get_absolute_url()).text
    for field in ["player_a", "score_a", "player_b", "score_b"]:
        assert f'<label for="id_{field}">' in page
    assert '<label for="id_player">Player</label>' in page


def test_a_misspelled_name_keeps_all_four_fields_and_offers_close_matches(client, night):
    response = add_game(client, night, player_b="Ben Bel")
    html = response.text
    assert "No club player is called Ben Bel. Did you mean Ben Bell?" in html
    for value in ['value="Anna Arden"', 'value="410"', 'value="Ben Bel"', 'value="377"']:
        assert value in html
    assert CasualGame.objects.count() == 0


def test_a_name_like_nobody_is_refused_without_suggestions(client, night):
    html = add_game(client, night, player_a="Zygmunt").text
    assert "No club player is called Zygmunt." in html and "Did you mean" not in html
    assert 'value="Zygmunt"' in html


def test_a_saved_game_empties_the_form_for_the_next_one(client, night):
    html = add_game(client, night).text
    assert CasualGame.objects.count() == 1
    assert 'value="410"' not in html and "Anna Arden 410 – 377 Ben Bell" in html


def test_suggestions_are_the_closest_names_and_bounded():
    class P:
        def __init__(self, name):
            self.name = name
            first, last = name.split()
            self.sort_name = f"{last}, {first}"

    players = [P(f"Anna Arde{c}") for c in "nrstuvw"] + [P("Cleo Chu")]
    found = close_matches(players, "Anna Arden")
    assert len(found) == SUGGESTIONS == 3
    assert found[0] == "Anna Arden"
    assert close_matches(players, "Arden, Anna")[0] == "Anna Arden"
    assert close_matches(players, "Xavier Q") == []
