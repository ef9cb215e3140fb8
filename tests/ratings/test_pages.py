"""Rating list pages, the player's rating chart, projections and the rate button."""

import re

import pytest
from django.urls import reverse

from ratings.models import RatingChange
from ratings.selectors import projected_ratings
from ratings.services import rating_list_create, tournament_rate
from tests import factories
from tests.command_runs import run
from tests.ratings.rating_world import played_division, seeded_list
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def rated_twice():
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    national = seeded_list({anna: 1600, ben: 1500})
    for score in (400, 300):
        division = played_division(
            [anna, ben], [[(1, 2, score, 350)]], event=factories.tournament(f"Open {score}")
        )
        tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    return anna, ben, national


def test_player_page_draws_the_rating_history_chart(client):
    anna, _ben, national = rated_twice()
    afters = [
        c.published for c in RatingChange.objects.filter(player=anna).order_by("event__order")
    ]
    page = client.get(reverse("players:detail", args=[anna.pk])).text
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert len(re.findall(r'<circle class="rating-point"', svg)) == 2
    titles = re.findall(r"<title>[^<]*: (\d+)</title>", svg)
    assert titles == [str(a) for a in afters]
    assert national.name in page and f"· {afters[-1]}" in page
    points = re.search(r'<polyline class="rating-line" fill="none" points="([^"]+)"', svg)
    assert len(points.group(1).split()) == 2


def test_rating_list_page_ranks_players_and_exports_csv(client):
    anna, ben, national = rated_twice()
    response = client.get(reverse("ratings:list", args=[national.slug]), {"_export": "csv"})
    rows = response.content.decode("utf-8-sig").splitlines()
    assert rows[0] == "#,Player,Country,Member id,Rating,Games,Provisional"
    ranked = sorted(national.ratings.select_related("player"), key=lambda r: -r.rating)
    assert rows[1:] == [
        f"{i},{r.player.name},GB,,{r.published},102,False" for i, r in enumerate(ranked, 1)
    ]


@pytest.mark.parametrize("rows", [1, 30])
def test_rating_list_page_queries_do_not_grow(client, django_assert_max_num_queries, rows):
    national = rating_list_create(by=None, name="National")
    for i in range(rows):
        national.ratings.create(player=factories.player(f"P{i}"), rating=1500.0 + i)
    with django_assert_max_num_queries(5):
        response = client.get(reverse("ratings:list", args=[national.slug]))
    assert response.status_code == 200 and "P0" in response.text


def test_projection_after_a_round_and_the_director_rates_the_event(client, director):
    anna, ben = factories.player("Anna Arden"), factories.player("Ben Bell")
    national = seeded_list({anna: 1500, ben: 1500})
    event = factories.tournament(director=director)
    division = played_division([anna, ben], [[(1, 2, 420, 380)], [(2, 1, None, None)]], event=event)
    entries = {e.player_id: e.pk for e in division.entries.all()}
    # Experienced players (seeded with 100 games): +10 for the one win so far and a 5-point
    # acceleration bonus (10 above 5 per game); the loser -10 and a quarter point of feedback.
    assert projected_ratings(division, national) == {
        entries[anna.pk]: (1500, 1515),
        entries[ben.pk]: (1500, 1490),
    }
    page = client.get(reverse("ratings:projected", args=[national.slug, event.slug])).text
    assert "+15" in page and "-10" in page and "Finalize and rate" not in page
    client.force_login(director)
    rate_url = reverse("ratings:rate_tournament", args=[national.slug, event.slug])
    response = client.post(rate_url)
    assert response.status_code == 302 and not RatingChange.objects.exists()
    Pairing.objects.filter(round__number=2).update(first_score=500, second_score=300)
    assert client.post(rate_url)["Location"] == national.get_absolute_url()
    event.refresh_from_db()
    assert event.finalized_at is not None
    assert projected_ratings(division, national) == {
        entries[anna.pk]: (1500, 1500),
        entries[ben.pk]: (1500, 1500),
    }


def test_a_stranger_cannot_rate_a_tournament(client, stranger):
    national = rating_list_create(by=None, name="National")
    event = factories.tournament()
    client.force_login(stranger)
    response = client.post(reverse("ratings:rate_tournament", args=[national.slug, event.slug]))
    assert response.status_code == 403
    event.refresh_from_db()
    assert event.finalized_at is None


def test_list_index_and_detail_link_the_rated_events_and_their_files(client):
    _anna, _ben, national = rated_twice()
    index = client.get(reverse("ratings:lists")).text
    assert national.get_absolute_url() in index
    page = client.get(national.get_absolute_url()).text
    events = list(national.events.order_by("-order"))
    assert [e.order for e in events] == [2, 1]
    for event in events:
        assert reverse("ratings:event_tsh", args=[national.slug, event.pk]) in page
        assert reverse("ratings:event_csv", args=[national.slug, event.pk]) in page
    assert "Re-rate the whole list" not in page


def test_a_provisional_rating_is_marked_wherever_the_list_shows_it(client):
    # Cleo comes to the list new (no starting rating) with fewer games than it asks for: the
    # list's page marks her provisional, and so do her player page, the CSV and the command.
    anna, cleo = factories.player("Anna Arden"), factories.player("Cleo Cruz")
    national = seeded_list({anna: 1600})
    division = played_division([anna, cleo], [[(1, 2, 350, 400)]])
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    chip = '<span class="chip" title="Fewer rated games than the list asks for">provisional</span>'
    assert chip in client.get(reverse("ratings:list", args=[national.slug])).text
    heading = client.get(reverse("players:detail", args=[cleo.pk])).text
    assert chip in heading[heading.index('<section class="card rating-history">') :]
    other = client.get(reverse("players:detail", args=[anna.pk])).text
    assert "provisional</span>" not in other
    rows = client.get(reverse("ratings:list", args=[national.slug]), {"_export": "csv"})
    marks = {line.split(",")[1]: line.split(",")[-1] for line in rows.text.splitlines()[1:]}
    assert marks == {"Anna Arden": "False", "Cleo Cruz": "True"}
    text = run("ratings", national.slug).splitlines()
    assert [line.endswith("provisional") for line in text] == ["Cleo" in line for line in text]
    assert any("Cleo" in line for line in text)


def test_the_projection_starts_a_newcomer_where_rating_the_event_will(client):
    # Anna is not on the list but has a typed rating of 1800; Ben has neither. The projection
    # before rating equals what the stored changes say after it (it projected Anna from none).
    anna, ben = factories.player("Anna", rating=1800), factories.player("Ben")
    national = rating_list_create(by=None, name="Nat", system="naspa")
    division = played_division([anna, ben], [[(1, 2, 400, 350)]])
    before = projected_ratings(division, national)
    tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    assert before == projected_ratings(division, national)
    anna_entry = division.entries.get(player=anna).pk
    assert before[anna_entry][0] == 1800


def test_a_player_ranked_on_a_list_with_no_rated_event_yet_is_shown_rated_on_it(client):
    # Seeded at 1600 and ranked on the list's page: the player page names the list and the
    # rating instead of "Not rated on any list yet."
    anna = factories.player("Anna Arden")
    national = seeded_list({anna: 1600})
    page = client.get(reverse("players:detail", args=[anna.pk])).text
    assert "Not rated on any list yet." not in page
    assert f">{national.name}</a> · 1600</h3>" in page
    listed = client.get(reverse("ratings:list", args=[national.slug])).text
    assert "Anna Arden" in listed
    nobody = factories.player("Nobody")
    assert (
        "Not rated on any list yet." in client.get(reverse("players:detail", args=[nobody.pk])).text
    )
