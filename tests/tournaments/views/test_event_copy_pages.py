"""Setting next year's event up from this one, and templates of divisions, from the director's
pages: only a director of the event may, a bad date order is a message on the form."""

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import EventTemplate, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director):
    event = factories.tournament(director=director, slug="cup-2025", name="Cup 2025")
    for name in ("Open", "U12"):
        factories.division(event, name=name)
    return event


def test_the_director_copies_the_event_with_its_divisions(client, director, cup):
    client.force_login(director)
    url = reverse("tournaments:event_copy", args=["cup-2025"])
    assert 'value="Cup 2025"' in client.get(url).text
    posted = client.post(url, {"name": "Cup 2026", "slug": "cup-2026", "start_date": "2026-05-01"})
    assert posted.status_code == 302 and posted["Location"] == reverse(
        "tournaments:detail", args=["cup-2026"]
    )
    new = Tournament.objects.get(slug="cup-2026")
    assert sorted(new.divisions.values_list("name", flat=True)) == ["Open", "U12"]


def test_dates_out_of_order_are_refused_on_the_form(client, director, cup):
    client.force_login(director)
    url = reverse("tournaments:event_copy", args=["cup-2025"])
    page = client.post(
        url, {"name": "Cup 2026", "start_date": "2026-05-02", "end_date": "2026-05-01"}
    )
    assert "The last day cannot come before the first day." in page.text
    assert Tournament.objects.count() == 1


def test_a_stranger_may_not_copy_or_save_a_template(client, stranger, cup):
    client.force_login(stranger)
    assert client.get(reverse("tournaments:event_copy", args=["cup-2025"])).status_code == 403
    save = reverse("tournaments:template_save", args=["cup-2025"])
    assert client.post(save, {"template_name": "T"}).status_code == 403
    assert not EventTemplate.objects.exists()


def test_a_template_saved_here_adds_divisions_there(client, director, cup):
    client.force_login(director)
    save = reverse("tournaments:template_save", args=["cup-2025"])
    client.post(save, {"template_name": "Cup divisions"})
    other = factories.tournament(director=director, slug="other")
    apply = reverse("tournaments:template_apply", args=["other"])
    assert "Cup divisions" in client.get(apply).text
    template = EventTemplate.objects.get()
    page = client.post(apply, {"template": template.pk}, follow=True)
    assert "2 divisions added." in page.text
    assert other.divisions.count() == 2
    again = client.post(apply, {"template": template.pk})
    assert "already has a division called" in again.text
    assert other.divisions.count() == 2


def test_another_directors_template_is_neither_offered_nor_taken(client, director, stranger, cup):
    client.force_login(director)
    client.post(reverse("tournaments:template_save", args=["cup-2025"]), {"template_name": "Mine"})
    factories.tournament(director=stranger, slug="theirs")
    client.force_login(stranger)
    apply = reverse("tournaments:template_apply", args=["theirs"])
    assert "Mine" not in client.get(apply).text
    page = client.post(apply, {"template": EventTemplate.objects.get().pk})
    assert page.status_code == 200 and "No template yet" in page.text
    assert not Tournament.objects.get(slug="theirs").divisions.exists()
