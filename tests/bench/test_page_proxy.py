"""The caching nginx of `bench kingscup --proxy` (and of docs/DEPLOY.md) keeps a public page for
anonymous visitors, and never keeps what is asked with a session, a private event's answer or a
page of another language or kind: checked through a real nginx in front of the live server."""

import urllib.error
import urllib.request

import pytest

from bench.broadcast_proxy import start_proxy, stop_proxy
from bench.load import HOST, _free_port
from bench.load_http import wait_until_up
from tests import factories
from tournaments.models import Entry
from tournaments.selectors.entry_links import entry_link

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def ask(url: str, **headers) -> tuple[int, str]:
    """The status and nginx's X-Cache (HIT, MISS, BYPASS...) of a GET."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("X-Cache", "")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("X-Cache", "")


@pytest.fixture
def front(live_server):
    port = _free_port()
    proxy = start_proxy(port, int(live_server.url.rsplit(":", 1)[1]))
    try:
        wait_until_up(f"http://{HOST}:{port}/healthz", proxy)
        yield f"http://{HOST}:{port}"
    finally:
        stop_proxy(proxy)


def division_page(*, public: bool) -> str:
    event = factories.tournament(is_public=public)
    division = factories.division(event, name="A")
    factories.round_with_pairings(division, factories.entries(division, 4))
    return f"/t/{event.slug}/A/standings/"


def test_an_anonymous_public_page_is_kept_and_a_session_bypasses_it(front):
    page = front + division_page(public=True)
    assert ask(page) == (200, "MISS")
    assert ask(page) == (200, "HIT")
    assert ask(page, Cookie="sessionid=abc") == (200, "BYPASS")
    assert ask(page, **{"HX-Request": "true"}) == (200, "MISS")  # a partial is kept apart
    assert ask(page, Cookie="django_language=th") == (200, "MISS")  # so is each language
    assert ask(page, Cookie="django_language=th") == (200, "HIT")


def test_a_private_event_is_never_kept(front):
    page = front + division_page(public=False)
    assert ask(page) == (404, "MISS")
    assert ask(page) == (404, "MISS")


def test_a_player_s_personal_page_is_never_kept(front):
    page = front + division_page(public=True)
    entry = Entry.objects.get(number=1)
    link = front + entry_link(entry.division.tournament.slug, entry.pk)
    assert ask(page) == (200, "MISS")  # the proxy keeps pages of this event ...
    assert ask(link) == (200, "MISS")  # ... but not a player's own page
    assert ask(link) == (200, "MISS")
