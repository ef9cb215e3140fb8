"""Why this pairing? The director's pairing page lists the rule behind each game of the latest
Swiss or king-of-the-hill round, and a player's page gives the reason for their own game."""

import pytest
from django.urls import reverse

from tests.tournaments.division_setup import field, play_round
from tournaments.models import Round
from tournaments.services.round_edits import round_swap_players
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss_round_two(director):
    """Five players, Swiss; round 1 played (the first of each game won), round 2 paired."""
    division, entries = field(5, director=director, rounds=4, pairing_plan="1-N swiss")
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    round_pair(by=None, division=division, round_number=2, seed=1)
    return division, entries


def pairing_page(client, division) -> str:
    url = reverse("tournaments:pairing", args=[division.tournament.slug, division.name])
    return client.get(url).content.decode()


def player_page(client, division, number: int) -> str:
    url = reverse(
        "tournaments:public_player",
        kwargs={
            "tournament_slug": division.tournament.slug,
            "division_name": division.name,
            "player_number": number,
        },
    )
    return client.get(url).content.decode()


def test_the_pairing_page_says_why_each_game_of_the_latest_round_was_paired(
    client, director, swiss_round_two
):
    division, _entries = swiss_round_two
    client.force_login(director)
    html = pairing_page(client, division)
    assert "Why these games? Round 2" in html
    assert html.count("Score group: both had 1 wins; the nearest in the standings.") == 1
    assert "Bye rule: the lowest-placed of the players with the fewest byes (0 before)." in html
    assert "How COP paired" not in html


def test_a_player_sees_why_their_game_was_paired(client, swiss_round_two):
    division, _entries = swiss_round_two
    rnd = Round.objects.get(division=division, number=2)
    game = rnd.pairings.filter(second__isnull=False).order_by("table").first()
    html = player_page(client, division, game.first.number)
    assert "Why this pairing?" in html
    assert "Score group: both had 1 wins" in html


def test_a_player_with_the_bye_sees_the_bye_rule(client, swiss_round_two):
    division, _entries = swiss_round_two
    bye = Round.objects.get(division=division, number=2).pairings.get(second__isnull=True)
    html = player_page(client, division, bye.first.number)
    assert "Bye this round" in html
    assert "Bye rule: the lowest-placed of the players with the fewest byes" in html


def test_a_game_the_director_changed_afterwards_gives_no_reason(client, swiss_round_two):
    division, entries = swiss_round_two
    rnd = Round.objects.get(division=division, number=2)
    game = rnd.pairings.filter(second__isnull=False).order_by("table").first()
    bye = rnd.pairings.get(second__isnull=True)
    round_swap_players(
        by=None, division=division, round_number=2, first=game.first, second=bye.first
    )
    html = player_page(client, division, game.second.number)
    assert "Opponent" in html and "Why this pairing?" not in html


def test_a_round_without_stored_reasons_shows_no_why_section(client, director):
    division, _entries = field(4, director=director, rounds=3, pairing_plan="1-N queen")
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.force_login(director)
    assert "Why these games?" not in pairing_page(client, division)
    assert "Why this pairing?" not in player_page(client, division, 1)
