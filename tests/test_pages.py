"""The site's main pages answer on a fresh database and after the demo is loaded."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club
from players.models import Player

pytestmark = pytest.mark.django_db


def test_quickstart_loads_the_demo_once(capsys):
    call_command("quickstart", no_serve=True)
    first = (Player.objects.count(), Club.objects.count())
    call_command("quickstart", no_serve=True)
    assert (Player.objects.count(), Club.objects.count()) == first
    assert first[0] >= 30 and first[1] == 1
    assert "Director login: director / " in capsys.readouterr().out


def test_main_pages_answer_after_quickstart(client, quickstart):
    quickstart()
    club = Club.objects.get()
    for url in [reverse("home"), reverse("players:list"), club.get_absolute_url(), "/admin/login/"]:
        assert client.get(url).status_code == 200, url


def test_demo_rates_the_finished_event_and_a_club_night(quickstart):
    from ratings.models import RatingList
    from tournaments.models import Tournament

    quickstart()
    finished = Tournament.objects.get(name="Riverside Winter Classic 2025")
    national = RatingList.objects.get(name="National ratings")
    club_list = RatingList.objects.get(name="Riverside club ratings")
    assert finished.finalized_at is not None
    assert national.events.filter(tournament=finished).count() == 1
    assert national.events.get().changes.count() == 30
    assert club_list.system == "naspa-club"
    assert club_list.events.get().changes.count() == 12


def test_djangos_default_login_address_leads_to_the_login_keeping_next(client):
    response = client.get("/accounts/login/?next=/t/")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=/t/"
    assert client.get(response["Location"]).status_code == 200


def test_the_readme_gives_the_login_address_and_try_it_before_production():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    login, try_it = readme.index("/login/"), readme.index("## Try it")
    production = readme.index("In production set")
    assert login < try_it < production
