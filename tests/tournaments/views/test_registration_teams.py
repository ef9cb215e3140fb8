"""A player's team set on their entry page or for every ticked player at once; a name of 80
characters is taken, 81 refused with nothing changed; the registration list shows it."""

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(director):
    event = factories.tournament(director=director, slug="school-cup")
    division = factories.division(event, name="U12")
    factories.entries(division, 3)
    return division


def url(name: str, **kwargs) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": "school-cup", "division_name": "U12"} | kwargs,
    )


def test_one_entry_gets_its_team_on_its_page(client, director, division):
    client.force_login(director)
    entry = division.entries.get(number=1)
    page = client.post(
        url("entry_update", entry_id=entry.pk), {"action": "team", "team": " Owls  Club "}
    )
    assert page.status_code == 302
    entry.refresh_from_db()
    assert entry.team == "Owls Club"
    assert "team: Owls Club" in client.get(url("registration")).text


@pytest.mark.parametrize("length, taken", [(80, True), (81, False)])
def test_every_ticked_entry_gets_the_team_within_its_length(
    client, director, division, length, taken
):
    client.force_login(director)
    ids = list(division.entries.filter(number__lte=2).values_list("pk", flat=True))
    name = "S" * length
    page = client.post(
        url("registration_bulk"), {"action": "team", "team": name, "entries": ids}, follow=True
    )
    teams = list(division.entries.order_by("number").values_list("team", flat=True))
    if taken:
        assert teams == [name, name, ""]
        assert "Team set: 2 players changed (0 already so)." in page.text
    else:
        assert teams == ["", "", ""]
        assert "at most 80 characters" in page.text
