"""The early path (``core/polled/early.py``): a repeated anonymous request for a public page is
answered before the rest of the stack, and nothing else ever is.

A response from the early path is recognisable: the authentication middleware never ran, so its
request has no ``user``.
"""

import gzip

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from core.polled import early
from core.versions import tournament_changed
from tests.tournaments import reports_world
from tournaments.models import Pairing, Tournament, TournamentRole
from tournaments.services.results import result_record

KW = {"tournament_slug": "spring-open", "division_name": "A"}

pytestmark = pytest.mark.django_db


def url(name="standings", **extra):
    return reverse(f"tournaments:{name}", kwargs=KW | extra)


def from_early_path(response) -> bool:
    return not hasattr(response.wsgi_request, "user")


def kept_twice(client, path=None, **headers):
    """The page built by the full stack (after a first request that keeps the division's stamp
    under its version), then asked again: from the early path."""
    path = path or url()
    client.get(path, headers=headers)
    built = client.get(path, headers=headers)
    again = client.get(path, headers=headers)
    return built, again


@pytest.mark.parametrize("name", ["standings", "public_pairings", "public_stats", "feed"])
def test_the_second_anonymous_request_is_answered_early_with_the_same_page(client, name):
    reports_world.build()
    built, again = kept_twice(client, url(name))
    assert not from_early_path(built) and from_early_path(again)
    assert (again.status_code, again.content) == (200, built.content)
    for header in ("ETag", "Vary", "Cache-Control", "Content-Type", "Content-Language"):
        assert again.get(header) == built.get(header)
    assert "Set-Cookie" not in again and "csrfmiddlewaretoken" not in again.content.decode()
    assert again["X-Frame-Options"] == "DENY" and "Content-Security-Policy" in again


def test_the_etag_gets_a_304_from_the_early_path(client):
    reports_world.build()
    built, _ = kept_twice(client)
    again = client.get(url(), headers={"If-None-Match": built["ETag"]})
    assert again.status_code == 304 and from_early_path(again)
    assert again["ETag"] == built["ETag"] and again["Vary"] == built["Vary"]
    assert again.content == b"" and "Content-Type" not in again
    other = client.get(url(), headers={"If-None-Match": '"another"'})
    assert other.status_code == 200 and from_early_path(other)


def test_a_conditional_request_by_date_alone_goes_through_the_stack(client):
    reports_world.build()
    built, _ = kept_twice(client)
    again = client.get(url(), headers={"If-Modified-Since": built["Last-Modified"]})
    assert again.status_code == 304 and not from_early_path(again)


def test_gzip_is_kept_apart_and_each_answer_gets_its_own_gzip_header(client):
    reports_world.build()
    built, again = kept_twice(client, **{"Accept-Encoding": "gzip"})
    assert from_early_path(again) and again["Content-Encoding"] == "gzip"
    assert gzip.decompress(again.content) == gzip.decompress(built.content)
    assert again["Content-Length"] == str(len(again.content))
    plain = client.get(url())
    assert "Content-Encoding" not in plain and not from_early_path(plain)


def test_a_result_gives_a_new_tag_and_the_full_stack_builds_the_page_again(client):
    division = reports_world.build()
    built, _ = kept_twice(client, url("public_pairings"))
    game = Pairing.objects.filter(round__division=division, first_score__isnull=True).first()
    result_record(
        by=None, pairing_id=game.pk, first_score=432, second_score=380, expected_version=None
    )
    changed = client.get(url("public_pairings"), headers={"If-None-Match": built["ETag"]})
    assert changed.status_code == 200 and not from_early_path(changed)
    assert changed["ETag"] != built["ETag"] and "432" in changed.content.decode()
    assert from_early_path(client.get(url("public_pairings")))


def test_an_event_made_private_is_never_answered_early(client):
    reports_world.build()
    kept_twice(client)
    Tournament.objects.filter(slug="spring-open").update(is_public=False)
    tournament_changed(Tournament.objects.get(slug="spring-open").pk)
    hidden = client.get(url())
    assert hidden.status_code == 404 and not from_early_path(hidden)
    assert client.get(url()).status_code == 404


def test_a_private_event_its_director_sees_is_never_kept(client, django_user_model):
    division = reports_world.build()
    Tournament.objects.filter(pk=division.tournament_id).update(is_public=False)
    director = django_user_model.objects.create_user("boss")
    TournamentRole.objects.create(tournament=division.tournament, user=director, role="director")
    insider = Client()
    insider.force_login(director)
    for _ in range(2):
        seen = insider.get(url())
        assert seen.status_code == 200 and not from_early_path(seen)
    assert early._pages == {}
    for _ in range(2):
        outsider = client.get(url())
        assert outsider.status_code == 404 and not from_early_path(outsider)


def test_a_logged_in_director_always_goes_through_the_stack(client, django_user_model):
    reports_world.build()
    kept_twice(client)
    director = django_user_model.objects.create_user("watcher")
    insider = Client()
    insider.force_login(director)
    for _ in range(2):
        seen = insider.get(url())
        assert not from_early_path(seen) and "private" in seen["Cache-Control"]
        assert "Log out" in seen.content.decode()


def test_pages_a_logged_in_visitor_got_are_not_kept_for_anyone(client, django_user_model):
    reports_world.build()
    insider = Client()
    insider.force_login(django_user_model.objects.create_user("watcher"))
    insider.get(url())
    insider.get(url())
    assert early._pages == {}
    assert not from_early_path(client.get(url()))


@pytest.mark.parametrize("cookie", ["sessionid=abc123", "messages=xyz", "other=1", "bad;;=="])
def test_a_request_with_a_session_or_any_other_cookie_goes_through_the_stack(client, cookie):
    reports_world.build()
    kept_twice(client)
    seen = Client().get(url(), headers={"Cookie": cookie})
    assert not from_early_path(seen)


def test_the_csrf_cookie_alone_still_gets_the_kept_page(client):
    reports_world.build()
    built, _ = kept_twice(client)
    seen = Client().get(url(), headers={"Cookie": "csrftoken=" + "a" * 32})
    assert from_early_path(seen) and seen.content == built.content


def test_each_language_choice_is_a_page_of_its_own(client):
    reports_world.build()
    english, _ = kept_twice(client)
    chooser = Client()
    chooser.cookies["django_language"] = "ja"
    japanese = chooser.get(url())
    assert not from_early_path(japanese) and japanese["Content-Language"] == "ja"
    again = chooser.get(url())
    assert from_early_path(again) and again.content == japanese.content != english.content
    browser = client.get(url(), headers={"Accept-Language": "th"})
    assert not from_early_path(browser) and browser["Content-Language"] == "th"
    assert client.get(url(), headers={"Accept-Language": "th"}).content == browser.content
    assert client.get(url()).content == english.content


def test_the_htmx_partial_and_the_whole_page_are_kept_apart(client):
    reports_world.build()
    page, _ = kept_twice(client, url("public_pairings"))
    partial = client.get(url("public_pairings"), headers={"HX-Request": "true"})
    assert not from_early_path(partial) and partial.content != page.content
    again = client.get(url("public_pairings"), headers={"HX-Request": "true"})
    assert from_early_path(again) and again.content == partial.content


def test_only_get_is_answered_early(client):
    reports_world.build()
    kept_twice(client)
    assert not from_early_path(client.head(url()))
    refused = client.post(url())
    assert refused.status_code == 405 and not from_early_path(refused)


@override_settings(EARLY_PUBLIC_PAGES=False)
def test_switched_off_every_request_goes_through_the_stack(client):
    reports_world.build()
    built, again = kept_twice(client)
    assert not from_early_path(again) and again.content == built.content


def test_the_pages_kept_are_bounded(client, monkeypatch):
    reports_world.build()
    monkeypatch.setattr(early, "KEPT_PAGES", 2)
    for name in ("standings", "public_pairings", "public_stats"):
        kept_twice(client, url(name))
    assert len(early._pages) == 2
    assert not from_early_path(client.get(url("standings")))  # the oldest went first


def test_the_early_path_runs_no_query_and_trusts_only_a_standing_stamp(
    client, django_assert_num_queries
):
    reports_world.build()
    kept_twice(client)
    with django_assert_num_queries(0):
        assert from_early_path(client.get(url()))
    cache.clear()  # the stamp and the version gone: unsure, so the full stack answers
    assert not from_early_path(client.get(url()))
