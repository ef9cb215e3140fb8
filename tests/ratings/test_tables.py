"""The ratings' tables: the club ladder's "#" is the ladder's own place, on every page and order."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import CasualGame
from tests import factories
from tests.ratings.rating_world import club_night

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2025, 3, 4)


def ranks_and_names(html: str) -> list[tuple[str, str]]:
    body = html[html.index("<tbody") : html.index("</tbody>")]
    rows = re.findall(r'<td class="num">(\d+)</td>\s*<td[^>]*><a[^>]*>([^<]+)</a>', body)
    return [(rank, name) for rank, name in rows]


def sixty_played(club):
    night = club_night(club, TODAY)
    players = [factories.player(f"P{n:02d}") for n in range(60)]
    for n in range(0, 60, 2):
        CasualGame.objects.create(
            session=night,
            player_a=players[n],
            player_b=players[n + 1],
            score_a=400 + n,
            score_b=300,
        )


def test_the_ladder_s_second_page_goes_on_from_the_first(client):
    club = factories.club("Big Club")
    sixty_played(club)
    url = reverse("clubs:ladder", args=[club.slug])
    csv = client.get(url, {"season": 2025, "_export": "csv"}).content.decode("utf-8-sig")
    first_on_page_two = csv.splitlines()[51].split(",")[:2]
    assert first_on_page_two[0] == "51"
    page_two = ranks_and_names(client.get(url, {"season": 2025, "page": 2}).text)
    assert page_two[0] == tuple(first_on_page_two)
    assert [rank for rank, _ in page_two] == [str(n) for n in range(51, 61)]


def test_sorting_the_ladder_by_name_keeps_each_player_s_place(client):
    club = factories.club("Sort Club")
    night = club_night(club, TODAY)
    zoe, abe = factories.player("Zoe Winner"), factories.player("Abe Loser")
    CasualGame.objects.create(session=night, player_a=zoe, player_b=abe, score_a=400, score_b=300)
    url = reverse("clubs:ladder", args=[club.slug])
    by_name = {"season": 2025, "sort": "name"}
    assert ranks_and_names(client.get(url, by_name).text) == [
        ("2", "Abe Loser"),
        ("1", "Zoe Winner"),
    ]
    csv = client.get(url, by_name | {"_export": "csv"}).content.decode("utf-8-sig").splitlines()
    assert [line.split(",")[:2] for line in csv[1:]] == [["2", "Abe Loser"], ["1", "Zoe Winner"]]
    pdf = client.get(reverse("clubs:ladder_pdf", args=[club.slug]), {"season": 2025})
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert re.search(r"1\s*Zoe Winner", text) and re.search(r"2\s*Abe Loser", text)
