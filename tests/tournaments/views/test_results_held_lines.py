"""The entry page's lines behind an open question ("held") and lines sent again after a reload."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(event):
    """Round 1: T1 #1 v #2, T2 #3 v #4, #5 has the bye."""
    division = factories.division(event, name="A")
    round_ = factories.round_with_pairings(division, factories.entries(division, 5))
    return {
        "t1": round_.pairings.get(table=1),
        "t2": round_.pairings.get(table=2),
        "url": reverse("tournaments:results", args=[event.slug, "A", 1]),
    }


@pytest.fixture
def desk(client, director):
    client.force_login(director)
    return client


def test_a_line_for_a_held_game_waits_and_says_which_game(desk, game):
    held = f"{game['t2'].pk},{game['t1'].pk}"
    response = desk.post(game["url"], {"line": "1 402 380", "held": held}, **HTMX)
    assert response.status_code == 200
    assert 'data-state="waiting"' in response.text
    assert f'data-pairing="{game["t1"].pk}"' in response.text
    assert "HX-Trigger-After-Settle" not in response.headers  # nothing saved
    assert not AuditEntry.objects.exists()


def test_a_line_for_another_game_goes_on_past_the_held_ones(desk, game):
    response = desk.post(game["url"], {"line": "1 402 380", "held": str(game["t2"].pk)}, **HTMX)
    assert 'data-state="saved"' in response.text
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score) == (402, 380)


@pytest.mark.parametrize(
    "held",
    [
        "x",
        "1,,2",
        "1;2",
        "-1",
        pytest.param("1," + "9" * 11, id="an-11-digit-number"),
        pytest.param("1," * 1000 + "1", id="2001-characters"),
    ],
)
def test_a_malformed_held_list_is_refused_and_nothing_is_saved(desk, game, held):
    response = desk.post(game["url"], {"line": "1 402 380", "held": held}, **HTMX)
    assert response.status_code == 422
    assert 'data-state="error"' in response.text
    assert not AuditEntry.objects.exists()


def test_a_line_sent_again_after_a_reload_is_saved_once_and_asks_nothing(desk, game):
    first = desk.post(game["url"], {"line": "1 402 380"}, **HTMX)
    again = desk.post(game["url"], {"line": "1 402 380"}, **HTMX)
    assert 'data-state="saved"' in first.text and 'data-state="saved"' in again.text
    assert "already has a result" not in again.text
    assert AuditEntry.objects.filter(action="result.record").count() == 1


def test_a_held_list_at_its_longest_is_read(desk, game):
    held = ",".join(["9" * 10] * 181) + "," + "1" * 9  # 2,000 characters, the most it takes
    assert len(held) == 2000
    response = desk.post(game["url"], {"line": "1 402 380", "held": held}, **HTMX)
    assert 'data-state="saved"' in response.text
