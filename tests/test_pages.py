"""The site's main pages answer on a fresh database and after the demo is loaded."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from players.models import Club, Player

pytestmark = pytest.mark.django_db


def test_quickstart_loads_the_demo_once(capsys):
    call_command("quickstart", no_serve=True)
    first = (Player.objects.count(), Club.objects.count())
    call_command("quickstart", no_serve=True)
    assert (Player.objects.count(), Club.objects.count()) == first
    assert first[0] >= 30 and first[1] == 1
    assert "Director login: director / " in capsys.readouterr().out


def test_main_pages_answer_after_quickstart(client):
    call_command("quickstart", no_serve=True)
    club = Club.objects.get()
    for url in [reverse("home"), reverse("players:list"), club.get_absolute_url(), "/admin/login/"]:
        assert client.get(url).status_code == 200, url
