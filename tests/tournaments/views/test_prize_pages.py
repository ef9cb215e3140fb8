"""The prizes page: bands with their current holders for everyone, add and remove for directors."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.tournaments import reports_world
from tests.tournaments.division_setup import field, play_round
from tournaments.models import PrizeBand, TournamentRole
from tournaments.services.prizes import prize_band_create

pytestmark = pytest.mark.django_db

# Tournament, division, session, user, the director's role, bands, entries and the results:
# the same for one game as for thirty players, three rounds and seven bands.
QUERIES = 9  # +1 on a cold cache: the event's language (EventLocaleMiddleware)


@pytest.fixture
def division(director):
    """reports_world after round 2 (see its docstring), directed by ``director``.

    Standings: #4 สมชาย ใจดี 1.5 +51, #1 Zoë Ångström 1.5 +40, #5 Anna Okafor 1 +297,
    #2 王小明 1 -37, #6 Ben Ng 1 -278, #3 山田さくら 0.
    """
    event = factories.tournament(name="Spring Open", slug="spring-open", director=director)
    return reports_world.build(event)


def url(name: str, **kwargs) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": "spring-open", "division_name": "A"} | kwargs,
    )


def holders(response) -> list[tuple[str, list[tuple[int, list[str], str]]]]:
    """The page's prizes as (label, [(place, sorted holder names, figure), ...])."""
    return [
        (
            line.band.label,
            [
                (prize.first, sorted(h.name for h in names), prize.figure)
                for prize, names, _kept in line.holders
            ],
        )
        for line in response.context["lines"]
    ]


def test_without_bands_the_page_shows_the_default_prizes_and_their_holders(client, division):
    response = client.get(url("prizes"))
    assert response.status_code == 200
    assert response.context["form"] is None
    assert holders(response) == [
        (
            "Place",
            [
                (1, ["สมชาย ใจดี"], "1.5–0.5 +51"),
                (2, ["Zoë Ångström"], "1.5–0.5 +40"),
                (3, ["Anna Okafor"], "1–1 +297"),
            ],
        ),
        ("High game", [(1, ["Anna Okafor"], "600")]),
        ("High loss", [(1, ["Anna Okafor"], "452")]),
        ("High win", [(1, ["Anna Okafor"], "+300")]),
        # stats.event_stats keeps one record per game for combined scores, under the player
        # with the lower number (#2 of #2 v #5, 455–452).
        ("High combined", [(1, ["王小明"], "907")]),
        ("Biggest upset", [(1, ["Ben Ng"], "300")]),
    ]
    html = response.content.decode()
    assert '<a href="/t/spring-open/A/player/4/">สมชาย ใจดี</a>' in html
    assert url("prize_add") not in html


def test_a_director_adds_bands_and_the_page_shows_who_holds_them(client, division, director):
    client.force_login(director)
    assert client.get(url("prizes")).context["form"] is not None
    for band in (
        {"kind": "rank", "label": "Winner", "places": 1, "position": 1},
        {"kind": "rating_class", "label": "Under 1450", "places": 1, "rating_high": 1449,
         "amount": "£20", "position": 2},
    ):  # fmt: skip
        response = client.post(url("prize_add"), band)
        assert response.status_code == 302
        assert response["Location"] == url("prizes")
    page = client.get(url("prizes"))
    assert holders(page) == [
        ("Winner", [(1, ["สมชาย ใจดี"], "1.5–0.5 +51")]),
        ("Under 1450", [(1, ["Anna Okafor"], "1–1 +297")]),
    ]
    assert AuditEntry.objects.filter(action="prize_band.create", actor=director).count() == 2
    # The public sees the same holders, without the buttons.
    client.logout()
    public = client.get(url("prizes"))
    assert holders(public) == holders(page)
    assert "prize_delete" not in public.content.decode() and public.context["form"] is None


def test_a_band_with_its_rating_range_upside_down_is_refused(client, division, director):
    client.force_login(director)
    response = client.post(
        url("prize_add"),
        {"kind": "rating_class", "label": "Odd", "places": 1, "rating_low": 1500,
         "rating_high": 1000, "position": 0},
    )  # fmt: skip
    assert response.status_code == 422
    assert response.context["form"].errors
    assert not PrizeBand.objects.exists()


def test_a_director_removes_a_band(client, division, director):
    band = prize_band_create(by=director, division=division, kind="high_game", label="Top score")
    client.force_login(director)
    page = client.get(url("prizes")).content.decode()
    assert url("prize_delete", band_id=band.pk) in page
    response = client.post(url("prize_delete", band_id=band.pk))
    assert response.status_code == 302
    assert not PrizeBand.objects.exists()
    assert AuditEntry.objects.filter(action="prize_band.delete", actor=director).exists()


def test_only_directors_change_prize_bands(client, division, director):
    band = prize_band_create(by=director, division=division, kind="high_game", label="Top score")
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=division.tournament, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    new_band = {"kind": "high_loss", "label": "Best loser", "places": 1, "position": 0}
    anonymous = client.post(url("prize_add"), new_band)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/login/")
    client.force_login(assistant)
    assert client.get(url("prizes")).context["form"] is None
    assert client.post(url("prize_add"), new_band).status_code == 403
    assert client.post(url("prize_delete", band_id=band.pk)).status_code == 403
    assert list(PrizeBand.objects.values_list("label", flat=True)) == ["Top score"]


def test_a_band_of_another_division_cannot_be_removed_from_this_one(client, division, director):
    other = factories.division(division.tournament, name="B")
    band = prize_band_create(by=director, division=other, kind="high_game", label="B top score")
    client.force_login(director)
    assert client.post(url("prize_delete", band_id=band.pk)).status_code == 404
    assert PrizeBand.objects.filter(pk=band.pk).exists()


def test_the_prizes_of_a_private_tournament_are_hidden(client, division):
    division.tournament.is_public = False
    division.tournament.save()
    assert client.get(url("prizes")).status_code == 404


def test_the_prizes_page_reads_a_fixed_number_of_queries(
    client, director, django_assert_max_num_queries
):
    small, _entries = field(2, director=director, rounds=1)
    factories.round_with_pairings(small, _entries)
    large, entries = field(30, director=director, rounds=3)
    for number in range(1, 4):
        factories.round_with_pairings(large, entries[number:] + entries[:number], number)
        play_round(large, number)
    for number in range(7):
        prize_band_create(by=None, division=large, kind="rank", label=f"Band {number}")
    client.force_login(director)
    for division in (small, large):
        address = reverse("tournaments:prizes", args=[division.tournament.slug, division.name])
        with django_assert_max_num_queries(QUERIES):
            assert client.get(address).status_code == 200


def test_a_handicap_prize_without_graded_entries_says_it_waits_and_lists_nobody(client, division):
    prize_band_create(by=None, division=division, kind="handicap", label="Handicap", places=3)
    response = client.get(url("prizes"))
    assert "The handicap prize is not given yet: no entry has a grade with base points." in (
        response.text
    )
    assert holders(response) == [("Handicap", [])]
