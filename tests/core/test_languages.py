"""Which language a page or printout is in: ``core.languages.language_for`` and the switcher."""

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import reverse

from core.languages import language_for, profile_language, profile_language_set
from core.models import AuditEntry, Profile
from tests import factories

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


class Event:
    def __init__(self, language: str) -> None:
        self.language = language


def request(*, cookie: str | None = None, browser: str | None = None):
    headers = {"HTTP_ACCEPT_LANGUAGE": browser} if browser else {}
    made = RequestFactory().get("/", **headers)
    if cookie:
        made.COOKIES[COOKIE] = cookie
    return made


def test_the_browser_preference_is_used_when_nothing_else_says():
    assert language_for(request(browser="ja,en;q=0.5")) == "ja"


def test_the_site_default_when_the_browser_asks_for_nothing_offered():
    assert language_for(request(browser="de")) == "en"


def test_the_events_language_beats_the_browser():
    assert language_for(request(browser="en"), Event("th")) == "th"


def test_an_event_without_a_language_leaves_the_browsers():
    assert language_for(request(browser="sw"), Event("")) == "sw"


def test_the_visitors_cookie_beats_the_events_language_on_pages():
    assert language_for(request(cookie="ja", browser="en"), Event("th")) == "ja"


def test_a_printout_is_in_the_events_language_even_for_a_visitor_who_chose_another():
    assert language_for(request(cookie="en"), Event("th"), printout=True) == "th"


def test_a_printout_of_an_event_without_a_language_follows_the_visitor():
    assert language_for(request(cookie="sw"), Event(""), printout=True) == "sw"


def test_a_language_the_request_names_beats_everything():
    chosen = language_for(request(cookie="ja"), Event("th"), asked="zh-hant", printout=True)
    assert chosen == "zh-hant"


def test_a_named_language_the_site_does_not_offer_is_ignored():
    assert language_for(request(), Event("th"), asked="de") == "th"


def test_a_cookie_naming_no_site_language_is_ignored():
    assert language_for(request(cookie="xx", browser="ja"), Event("")) == "ja"


def test_saving_a_profile_language_creates_then_updates_it_audited(director):
    profile_language_set(user=director, language="th", by=director)
    profile_language_set(user=director, language="sw", by=director)
    assert profile_language(director) == "sw"
    assert Profile.objects.filter(user=director).count() == 1
    actions = AuditEntry.objects.filter(action="profile.language").order_by("pk")
    assert [entry.after for entry in actions] == [{"language": "th"}, {"language": "sw"}]


def test_the_switcher_sets_the_cookie_for_anyone(client):
    response = client.post(reverse("set_language"), {"language": "th", "next": "/t/"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "th"
    assert response.cookies[COOKIE]["max-age"] == 365 * 24 * 60 * 60
    assert not Profile.objects.exists()


def test_the_switcher_saves_a_logged_in_users_choice_on_their_profile(client, director):
    client.force_login(director)
    client.post(reverse("set_language"), {"language": "ja", "next": "/"})
    assert profile_language(director) == "ja"


def test_the_switcher_refuses_an_unknown_language_and_changes_nothing(client, director):
    client.force_login(director)
    response = client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert response.status_code == 302
    assert COOKIE not in response.cookies
    assert not Profile.objects.exists()


def test_without_the_csrf_token_a_logged_in_choice_sets_only_the_cookie(director):
    from django.test import Client

    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(director)
    response = guarded.post(
        reverse("set_language"), {"language": "ja", "next": "/"}, HTTP_ORIGIN="http://testserver"
    )
    assert response.cookies[COOKIE].value == "ja"
    assert profile_language(director) == ""


def test_logging_in_brings_the_accounts_language(client):
    account = factories.user("lek")
    profile_language_set(user=account, language="th", by=account)
    response = client.post(reverse("login"), {"username": "lek", "password": "pw-for-tests-1"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "th"


def test_logging_in_without_a_saved_language_sets_no_cookie(client):
    factories.user("anan")
    response = client.post(reverse("login"), {"username": "anan", "password": "pw-for-tests-1"})
    assert response.status_code == 302
    assert COOKIE not in response.cookies


def test_every_page_has_the_switcher_with_every_site_language(client):
    body = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("set_language")}"' in body
    for code, _name in settings.LANGUAGES:
        assert f'<option value="{code}"' in body


def test_an_events_pages_are_in_its_language_for_a_visitor_who_chose_none(client):
    event = factories.tournament(language="th", is_public=True)
    response = client.get(reverse("tournaments:detail", kwargs={"tournament_slug": event.slug}))
    assert '<html lang="th">' in response.content.decode()


def test_an_events_pages_follow_the_visitors_choice(client):
    event = factories.tournament(language="th", is_public=True)
    client.cookies[COOKIE] = "ja"
    response = client.get(reverse("tournaments:detail", kwargs={"tournament_slug": event.slug}))
    assert '<html lang="ja">' in response.content.decode()


def test_other_pages_keep_the_browsers_language(client):
    factories.tournament(language="th", is_public=True)
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="sw")
    assert '<html lang="sw">' in response.content.decode()


def _standings(event, division):
    url = reverse(
        "tournaments:standings",
        kwargs={"tournament_slug": event.slug, "division_name": division.name},
    )
    return url


def test_a_public_division_page_is_in_the_events_language_read_with_its_stamp(client):
    from tournaments.services.rounds import round_pair

    event = factories.tournament(language="th", is_public=True)
    division = factories.division(event)
    factories.entries(division, 2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    first = client.get(_standings(event, division))
    again = client.get(_standings(event, division))  # the kept copy, in the same language
    assert '<html lang="th">' in first.content.decode()
    assert '<html lang="th">' in again.content.decode()


def test_a_public_division_page_follows_a_change_of_the_events_language(client):
    from tournaments.services.events import tournament_update
    from tournaments.services.rounds import round_pair

    event = factories.tournament(language="th", is_public=True)
    division = factories.division(event)
    factories.entries(division, 2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    assert '<html lang="th">' in client.get(_standings(event, division)).content.decode()
    tournament_update(by=None, tournament=event, language="ja")
    assert '<html lang="ja">' in client.get(_standings(event, division)).content.decode()
    tournament_update(by=None, tournament=event, language="")
    page = client.get(_standings(event, division), HTTP_ACCEPT_LANGUAGE="sw")
    assert '<html lang="sw">' in page.content.decode()


def test_a_visitors_choice_beats_the_events_language_on_a_public_division_page(client):
    from tournaments.services.rounds import round_pair

    event = factories.tournament(language="th", is_public=True)
    division = factories.division(event)
    factories.entries(division, 2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.get(_standings(event, division))
    client.cookies[COOKIE] = "ja"
    assert '<html lang="ja">' in client.get(_standings(event, division)).content.decode()
