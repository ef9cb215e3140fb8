"""A late entry's running record, on the public player page and on the printed scorecard, starts
from the starting shares the standings count (``DivisionRows.starting``, the records the files
write), not from the record typed: a starting 1-0 with spread 0 is the win of +1 the files
write (no share of a win carries 0)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printouts.scorecards import build_scorecards_pdf
from tests import factories
from tournaments.models import Pairing, Round
from tournaments.selectors.divisions import division_rows, standings_records

pytestmark = pytest.mark.django_db


@pytest.fixture
def division():
    """#4 joins at round 2 with a starting 1-0, spread 0. Round 1: #1 beats #2 400-350, #3 a
    bye. Round 2: #4 beats #1 420-400, #2 beats #3 390-380."""
    event = factories.tournament(name="Late Cup", slug="late-cup", is_public=True)
    division = factories.division(event, name="A", rounds=3)
    one, two, three = factories.entries(division, 3)
    late = factories.late_entry(division, "Lee Late", 2, wins=1, losses=0, spread=0)
    first = Round.objects.create(division=division, number=1)
    game = Pairing.objects.create
    game(round=first, table=1, first=one, second=two, first_score=400, second_score=350)
    game(round=first, first=three, kind=Pairing.Kind.BYE)
    second = Round.objects.create(division=division, number=2)
    game(round=second, table=1, first=late, second=one, first_score=420, second_score=400)
    game(round=second, table=2, first=two, second=three, first_score=390, second_score=380)
    return division


def test_the_standings_count_the_share_the_files_write(division):
    record = next(r for r in standings_records(division_rows(division)) if r["number"] == 4)
    assert (record["wins"], record["losses"], record["spread"]) == (2, 0, 21)


def test_the_player_page_runs_from_the_starting_shares(client, division):
    url = reverse(
        "tournaments:public_player",
        kwargs={"tournament_slug": "late-cup", "division_name": "A", "player_number": 4},
    )
    html = client.get(url).content.decode()
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")
    cell = rows[0].rsplit('<td class="num"', 1)[1]
    assert cell.split(">", 1)[1].split("</td>")[0] == "+21"  # +1 of the share, +20 of the win
    assert "2–0" in rows[0]


def test_the_scorecard_runs_from_the_starting_shares(division):
    data = build_scorecards_pdf(division, per_page=1)
    words = PdfReader(io.BytesIO(data)).pages[3].extract_text().split()
    records = [word for word in words if "–" in word and word[0].isdigit()]
    assert records == ["2–0"]
    assert words[words.index("2–0") + 1] == "+21"
