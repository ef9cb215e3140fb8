"""A half bye is half a win and half a loss in the running record a player reads round by round:
on the public player page and on the printed scorecard."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printouts.scorecards import build_scorecards_pdf
from tests import factories
from tournaments.models import Pairing, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def division():
    """Round 1: #1 beats #2 400-350, #3 has a half bye (a recorded spread of 0).
    Round 2: #3 beats #1 420-380, #2 has a full bye (+50)."""
    event = factories.tournament(name="Half Cup", slug="half-cup", is_public=True)
    division = factories.division(event, name="A", rounds=3)
    one, two, three = factories.entries(division, 3)
    first = Round.objects.create(division=division, number=1)
    Pairing.objects.create(
        round=first, table=1, first=one, second=two, first_score=400, second_score=350
    )
    Pairing.objects.create(round=first, first=three, kind=Pairing.Kind.BYE, first_score=0)
    second = Round.objects.create(division=division, number=2)
    Pairing.objects.create(
        round=second, table=1, first=three, second=one, first_score=420, second_score=380
    )
    Pairing.objects.create(round=second, first=two, kind=Pairing.Kind.BYE)
    return division


def player_html(client, number: int) -> str:
    url = reverse(
        "tournaments:public_player",
        kwargs={"tournament_slug": "half-cup", "division_name": "A", "player_number": number},
    )
    return client.get(url).content.decode()


def test_the_player_page_counts_a_half_bye_as_half_a_win_in_the_running_record(client, division):
    html = player_html(client, 3)
    assert "0.5–0.5" in html  # after the half bye
    assert "1.5–0.5" in html  # after the win that follows it
    assert "1–0" not in html and "1–1" not in html


def test_the_scorecard_counts_a_half_bye_as_half_a_win_in_the_running_record(division):
    data = build_scorecards_pdf(division, per_page=1)
    third = PdfReader(io.BytesIO(data)).pages[2].extract_text()
    records = [word for word in third.split() if "–" in word and word[0].isdigit()]
    assert records == ["0.5–0.5", "1.5–0.5"]


def test_the_player_page_runs_the_spread_round_by_round(client, division):
    html = player_html(client, 3)
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")
    # The last number cell of each row is the running spread (labelled for the phone's cards).
    cells = [row.rsplit('<td class="num"', 1)[1] for row in rows[:2]]
    spreads = [cell.split(">", 1)[1].split("</td>")[0] for cell in cells]
    assert spreads == ["0", "+40"]  # the half bye adds nothing, the 420-380 win adds 40


def test_the_scorecard_runs_the_spread_round_by_round(division):
    data = build_scorecards_pdf(division, per_page=1)
    first = PdfReader(io.BytesIO(data)).pages[0].extract_text().split()
    # #1: won 400-350 (+50), then lost 380-420 (-40): the running spread reads +50, then +10.
    assert first[first.index("1–0") + 1] == "+50"
    assert first[first.index("1–1") + 1] == "+10"
