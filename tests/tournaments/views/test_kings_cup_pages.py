"""The pages of an event with many divisions: the director's event page with "Pair every ready
division", the pair-all page and its result, the players' event page and the team standings
(CSV too). Each reads a fixed number of queries with 1 and with 40 divisions."""

import pytest
from django.urls import reverse

from games.broadcast import services as broadcast
from tests import factories
from tournaments.models import Pairing, Round

pytestmark = pytest.mark.django_db


def cup(director, count: int, slug: str = "kings-cup"):
    """``count`` divisions of four players of two schools, round 1 played (first wins by 10)."""
    event = factories.tournament(director=director, slug=slug)
    for n in range(count):
        division = factories.division(event, name=f"D{n:02d}", rounds=3)
        people = factories.entries(division, 4)
        for entry, school in zip(people, ["North", "South", "North", "South"], strict=True):
            entry.team = school
            entry.save()
        factories.round_with_pairings(division, people)
        Pairing.objects.filter(round__division=division).update(first_score=410, second_score=400)
    return event


@pytest.mark.parametrize("count", [1, 40])
def test_many_division_pages_read_a_fixed_number_of_queries(
    client, director, django_assert_max_num_queries, count
):
    cup(director, count)
    client.force_login(director)
    with django_assert_max_num_queries(7):
        page = client.get(reverse("tournaments:detail", args=["kings-cup"]))
    assert page.status_code == 200 and "Pair every ready division" in page.text
    with django_assert_max_num_queries(6):
        assert client.get(reverse("tournaments:public_home", args=["kings-cup"])).status_code == 200
    # 7: one more than before, whether results are held back from the reader (h31c).
    with django_assert_max_num_queries(7):
        assert (
            client.get(reverse("tournaments:team_standings", args=["kings-cup"])).status_code == 200
        )
    with django_assert_max_num_queries(6):
        assert client.get(reverse("tournaments:pair_all", args=["kings-cup"])).status_code == 200
    posted = client.post(reverse("tournaments:pair_all", args=["kings-cup"]), {"confirm": "on"})
    assert posted.status_code == 302
    assert Round.objects.filter(number=2).count() == count
    with django_assert_max_num_queries(10):
        result = client.get(posted["Location"])
    assert result.text.count("paired round 2.") == count


@pytest.mark.parametrize("count", [1, 40])
def test_public_team_standings_behind_a_broadcast_delay_read_a_fixed_number_of_queries(
    client, director, django_assert_max_num_queries, count
):
    """The results a delay holds back are found for every division at once (h31c)."""
    event = cup(director, count)
    broadcast.broadcast_delay_set(by=director, tournament=event, minutes=15)
    with django_assert_max_num_queries(7):
        assert (
            client.get(reverse("tournaments:team_standings", args=["kings-cup"])).status_code == 200
        )


def test_team_standings_add_up_every_division(client, director):
    cup(director, 3)
    page = client.get(reverse("tournaments:team_standings", args=["kings-cup"]))
    rows = page.context["table"].data.data
    # In each division North plays South at both tables and the first player (North) wins by 10.
    assert [(r["rank"], r["team"], r["members"], r["wins"], r["spread"]) for r in rows] == [
        (1, "North", 6, 6.0, 60),
        (2, "South", 6, 0.0, -60),
    ]
    csv = client.get(reverse("tournaments:team_standings", args=["kings-cup"]) + "?_export=csv")
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode("utf-8-sig").splitlines()[0].startswith("Rank,Team,Members,Won")


def test_a_private_events_team_standings_are_not_found(client, director):
    event = cup(director, 1, slug="secret-cup")
    event.is_public = False
    event.save()
    assert client.get(reverse("tournaments:team_standings", args=["secret-cup"])).status_code == 404


def test_pair_all_asks_for_confirmation_and_is_for_directors(client, director, stranger):
    cup(director, 2)
    url = reverse("tournaments:pair_all", args=["kings-cup"])
    client.force_login(stranger)
    assert client.post(url, {"confirm": "on"}).status_code == 403
    client.force_login(director)
    refused = client.post(url, {}, follow=True)
    assert "Tick the box to confirm" in refused.text
    assert not Round.objects.filter(number=2).exists()
    assert client.get(url).status_code == 200
