"""What a player reads of their own score report, on their personal link and on their player page
(one shared template): waiting for the opponent while it is, the director's call once disputed."""

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import ScoreReport
from tournaments.selectors.entry_links import entry_token

pytestmark = pytest.mark.django_db

WAITING = "You reported 410–380; waiting for your opponent."
DISAGREE = "The reports disagree: a director will decide."


def link(entry_id: int, slug: str, name: str = "entry_link") -> str:
    return reverse(f"tournaments:{name}", args=[slug, entry_token(entry_id)])


def report(client, game, entry_id: int, first_score: int, second_score: int) -> None:
    slug = game.round.division.tournament.slug
    client.post(
        link(entry_id, slug, "entry_link_report"),
        {"pairing": game.pk, "first_score": first_score, "second_score": second_score},
    )


def test_a_report_the_opponent_has_not_answered_is_waiting_for_them(client, self_reporting_round):
    division, _entries, game = self_reporting_round
    report(client, game, game.first_id, 410, 380)
    page = client.get(link(game.first_id, division.tournament.slug)).text
    assert WAITING in page
    assert DISAGREE not in page


def test_a_disputed_report_says_a_director_will_decide_not_that_it_waits(
    client, self_reporting_round
):
    division, _entries, game = self_reporting_round
    report(client, game, game.first_id, 410, 380)
    report(client, game, game.second_id, 380, 410)  # typed in the wrong order
    assert set(ScoreReport.objects.values_list("status", flat=True)) == {"disputed"}
    first = client.get(link(game.first_id, division.tournament.slug)).text
    assert "You reported 410–380." in first
    assert first.count(DISAGREE) == 1
    assert "waiting for your opponent" not in first
    second = client.get(link(game.second_id, division.tournament.slug)).text
    assert "You reported 380–410." in second and DISAGREE in second
    assert "waiting for your opponent" not in second


def test_the_player_page_says_the_same_of_a_disputed_report(client, self_reporting_round):
    division, _entries, game = self_reporting_round
    report(client, game, game.first_id, 410, 380)
    report(client, game, game.second_id, 380, 410)
    game.first.player.user = factories.user()
    game.first.player.save(update_fields=["user"])
    client.force_login(game.first.player.user)
    page = client.get(
        reverse(
            "tournaments:public_player",
            args=[division.tournament.slug, division.name, game.first.number],
        )
    ).text
    assert "You reported 410–380." in page and DISAGREE in page
    assert "waiting for your opponent" not in page
