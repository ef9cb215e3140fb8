"""The ratings' tables: the club ladder's "#" is the ladder's own place, on every page and order;
its CSV writes numbers plain."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import CasualGame
from clubs.services import casual_game_add
from ratings.models import RatingChange
from ratings.services import club_session_rate
from tests import factories
from tests.ratings.rating_world import club_night, seeded_list

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


def test_the_ladder_csv_writes_its_numbers_plain_as_the_standings_csv_does(client):
    # Spread and rating change alike: the plain number (-32, not "-32" beside "+32"); a first
    # rating in a column of its own, the change beside it a number.
    club = factories.club("Chess Club")
    anna, nell = factories.player("Anna"), factories.player("Nell Newcomer")
    seeded_list({anna: 1500}, scope_club=club)
    night = club_night(club, TODAY)
    casual_game_add(by=None, session=night, player_a=anna, player_b=nell, score_a=420, score_b=380)
    club_session_rate(by=None, session=night)
    ann_change, first = (RatingChange.objects.get(player=p) for p in (anna, nell))
    url = reverse("clubs:ladder", args=[club.slug])
    lines = client.get(url, {"season": 2025, "_export": "csv"}).content.decode("utf-8-sig")
    assert lines.splitlines() == [
        "#,Player,Games,Wins,Losses,Spread,Rating change,First rating",
        f"1,Anna,1,1,0,40,{ann_change.published - ann_change.published_before},",
        f"2,Nell Newcomer,1,0,1,-40,0,{first.published}",
    ]
    page = client.get(url, {"season": 2025}).text
    assert ">+40<" in page and f">first rating {first.published}<" in page
