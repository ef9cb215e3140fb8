"""A result a broadcast delay holds back: the player's page offers no score form for it, as
their personal link does not, and a report posted for it says nothing of the result."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from games.broadcast import services as broadcast
from tests import factories
from tournaments.models import ScoreReport
from tournaments.selectors.entry_links import entry_token
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db
FORM = "Report your score"


@pytest.fixture
def table(director):
    """Round 1, table 1 of a self-reporting event with a 15-minute broadcast delay; its first
    player (#1) has an account; the game's scoresheet was just written."""
    event = factories.tournament(director=director, self_reporting=True)
    broadcast.broadcast_delay_set(by=director, tournament=event, minutes=15)
    division = factories.division(event, name="A")
    entries = factories.entries(division, 4)
    game = factories.round_with_pairings(division, entries).pairings.get(table=1)
    entries[0].player.user = factories.user()
    entries[0].player.save()
    factories.game(entries[0].player, entries[1].player, pairing=game)
    return game


def enter_result(director, game):
    result_services.result_record(
        by=director, pairing_id=game.pk, first_score=420, second_score=380, expected_version=0
    )


def pages(client, game) -> tuple[str, str]:
    """The player's page, as the logged-in player, and their personal link."""
    event = game.round.division.tournament
    link = client.get(
        reverse("tournaments:entry_link", args=[event.slug, entry_token(game.first_id)])
    ).text
    client.force_login(game.first.player.user)
    page = client.get(reverse("tournaments:public_player", args=[event.slug, "A", 1])).text
    return page, link


def post_scores(client, game) -> list[str]:
    client.force_login(game.first.player.user)
    event = game.round.division.tournament
    response = client.post(
        reverse("tournaments:self_report", args=[event.slug, "A", 1]),
        {"pairing": game.pk, "first_score": 420, "second_score": 380},
    )
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_both_pages_offer_the_form_while_the_game_has_no_result(client, table):
    page, link = pages(client, table)
    assert (FORM in page, FORM in link) == (True, True)


def test_neither_page_offers_the_form_for_a_result_the_delay_holds(client, director, table):
    enter_result(director, table)
    page, link = pages(client, table)
    assert (FORM in page, FORM in link) == (False, False)
    assert "420" not in page


def test_a_report_posted_for_a_held_result_does_not_tell_it_is_in(client, director, table):
    enter_result(director, table)
    assert post_scores(client, table) == [
        "Scores for this game cannot be sent here; ask a director."
    ]
    assert ScoreReport.objects.count() == 0


def test_a_report_posted_once_the_result_is_out_says_it_is_in(client, director, table):
    broadcast.broadcast_delay_set(
        by=director, tournament=table.round.division.tournament, minutes=0
    )
    enter_result(director, table)
    assert post_scores(client, table) == [
        "This game already has a result; ask a director to change it."
    ]
    assert ScoreReport.objects.count() == 0
