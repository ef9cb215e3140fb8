"""The event page reads divisions first: each division's links and the rules it plays under
(its own, or the event's), the event's default rules only for its directors (and while there is
no division); the players' event page names each division's rules too."""

import pytest
from django.urls import reverse

from tests import factories
from tournaments.services.rules import division_rules_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rule_sets(director):
    """A NASPA event with a Thai-rules division and one on the event's rules."""
    event = factories.tournament(director=director, slug="bangkok-open", rules_preset="naspa")
    thai = factories.division(event, name="Thai")
    factories.division(event, name="Open")
    division_rules_update(by=director, division=thai, preset="thai")
    return event


def card(page: str, name: str) -> str:
    start = page.index(f"Division {name}</a>")
    end = page.find('<section class="card division-card">', start)
    return page[start : end if end > 0 else len(page)]


def test_each_division_comes_first_with_its_own_rules(client, two_rule_sets):
    page = client.get(reverse("tournaments:detail", args=["bangkok-open"])).text
    assert "Rules: Thai association" in card(page, "Thai")
    assert "NASPA tournament" not in card(page, "Thai")
    assert "Rules: NASPA tournament" in card(page, "Open")
    first = reverse("tournaments:public_pairings", args=["bangkok-open", "Open"])
    assert page.index(first) < page.index("Rules: ")  # the first division's links come first
    sheet = reverse("tournaments:print", args=["bangkok-open", "Thai", "rules"])
    assert sheet in card(page, "Thai")


def test_the_event_default_rules_are_for_its_directors_only(client, director, two_rule_sets):
    public = client.get(reverse("tournaments:detail", args=["bangkok-open"])).text
    assert 'id="rules"' not in public
    client.force_login(director)
    own = client.get(reverse("tournaments:detail", args=["bangkok-open"])).text
    assert own.index("Division Thai") < own.index('id="rules"')
    assert "play under the event's rules:" in own
    edit = reverse("tournaments:division_rules", args=["bangkok-open", "Thai"])
    assert edit in card(own, "Thai")


def test_an_event_without_divisions_still_shows_its_rules(client):
    factories.tournament(slug="empty-open", rules_preset="wespa")
    page = client.get(reverse("tournaments:detail", args=["empty-open"])).text
    assert "No divisions yet." in page and "Rules: WESPA tournament" in page


def test_the_players_event_page_names_each_divisions_rules(client, two_rule_sets):
    page = client.get(reverse("tournaments:public_home", args=["bangkok-open"])).text
    thai = page[page.index("Division Thai") :]
    opened = page[page.index("Division Open") : page.index("Division Thai")]
    assert "Rules: Thai association" in thai and "Rules: NASPA tournament" in opened


@pytest.mark.parametrize("count", [1, 12])
def test_the_event_page_reads_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, count
):
    event = factories.tournament(slug="many-open")
    for number in range(count):
        factories.division(event, name=f"D{number}")
    with django_assert_max_num_queries(6):
        assert client.get(reverse("tournaments:detail", args=["many-open"])).status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get(reverse("tournaments:public_home", args=["many-open"])).status_code == 200
