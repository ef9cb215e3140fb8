"""The language switcher takes a POST only from this site's own pages (a CSRF token that checks,
or the browser's Origin or Sec-Fetch-Site naming this site), and in production its cookie is
Secure; the health check answers over plain HTTP while every page redirects to HTTPS."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from core.languages import profile_language
from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent.parent
COOKIE = settings.LANGUAGE_COOKIE_NAME


def production_settings(*names: str) -> dict:
    probe = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {list(names)!r}}}))"
    )
    env = dict(os.environ, DEBUG="0", SECRET_KEY="production-probe-" + "k" * 40)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def choose(client, **headers):
    return client.post(reverse("set_language"), {"language": "ja", "next": "/"}, **headers)


@pytest.fixture
def guarded():
    return Client(enforce_csrf_checks=True)


def test_a_cross_site_post_is_refused_and_sets_no_cookie(guarded):
    response = choose(guarded, HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    assert "A language change from another site was refused." in response.content.decode()
    assert COOKIE not in response.cookies


def test_a_cross_site_post_from_a_browser_without_origin_is_refused(guarded):
    response = choose(guarded, HTTP_SEC_FETCH_SITE="cross-site")
    assert response.status_code == 403
    assert COOKIE not in response.cookies


def test_a_post_with_no_sign_of_where_it_came_from_is_refused(guarded):
    assert choose(guarded).status_code == 403


def test_a_logged_in_cross_site_post_changes_neither_cookie_nor_profile(guarded):
    director = factories.user("dir")
    guarded.force_login(director)
    response = choose(guarded, HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    assert profile_language(director) == ""


@pytest.mark.parametrize(
    "headers",
    [{"HTTP_ORIGIN": "http://testserver"}, {"HTTP_SEC_FETCH_SITE": "same-origin"}],
    ids=["origin", "sec-fetch-site"],
)
def test_the_sites_own_switcher_without_a_token_sets_the_cookie(guarded, headers):
    response = choose(guarded, **headers)
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "ja"


def test_a_trusted_origin_is_taken(guarded):
    with override_settings(CSRF_TRUSTED_ORIGINS=["https://desk.example.org"]):
        response = choose(guarded, HTTP_ORIGIN="https://desk.example.org")
    assert response.status_code == 302


def test_a_token_that_checks_is_enough_and_saves_the_profile(guarded):
    director = factories.user("dir")
    guarded.force_login(director)
    guarded.get(reverse("home"))  # the page with the switcher sets the CSRF cookie
    token = guarded.cookies[settings.CSRF_COOKIE_NAME].value
    response = guarded.post(
        reverse("set_language"), {"language": "ja", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert profile_language(director) == "ja"


def test_in_production_the_language_cookie_is_secure():
    assert production_settings("LANGUAGE_COOKIE_SECURE") == {"LANGUAGE_COOKIE_SECURE": True}
    with override_settings(LANGUAGE_COOKIE_SECURE=True):
        response = choose(Client(), HTTP_ORIGIN="http://testserver")
    assert response.cookies[COOKIE]["secure"] is True


def test_in_development_the_language_cookie_is_not_marked_secure(client):
    response = choose(client)
    assert response.cookies[COOKIE]["secure"] == ""


def test_in_production_the_health_check_answers_over_plain_http_and_pages_redirect():
    found = production_settings("SECURE_SSL_REDIRECT", "SECURE_REDIRECT_EXEMPT")
    assert found["SECURE_SSL_REDIRECT"] is True
    with override_settings(**found):
        plain = Client()
        health = plain.get("/healthz")
        assert health.status_code == 200
        assert json.loads(health.content)["status"] == "ok"
        home = plain.get("/")
        assert home.status_code == 301
        assert home["Location"] == "https://testserver/"
        assert plain.get("/healthz/x").status_code == 301  # the exemption is this path only
