"""The venue needs no internet: every kind of page the hall's wifi serves (public and
directors' pages, hall screens, a player's personal link with self check-in and self-report,
broadcast boards) fetches nothing from another host. Walked through the quickstart demo as the
anonymous visitor and as the director, following links: a script, stylesheet, image, font,
frame or media source, an inline style's or a stylesheet's ``url()`` or ``@import``, or a
script file's address naming any host but the site's own fails the test."""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.urls import Resolver404, resolve, reverse

from config import demo
from tournaments.models import Division, Entry, Pairing, Tournament
from tournaments.selectors.entry_links import entry_link

pytestmark = pytest.mark.django_db
HOST = "testserver"
# Attributes whose address the browser fetches by itself (a link's href waits for a click).
FETCHED = {"src", "srcset", "poster", "data", "background", "xlink:href"}
FETCHING_TAGS = {"link", "image", "use", "feimage"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+(?:url\()?\s*['"]?([^'");\s]+)""")
# XML namespaces name no place to fetch.
NAMESPACES = ("http://www.w3.org/",)
# In a script file an address it could fetch from elsewhere (its comments and regular
# expressions hold "//" often enough that only a scheme counts).
ABSOLUTE = re.compile(r"""https?://[A-Za-z0-9.-]+[^\s'"<>)`]*""")
# Each kind of page a few times is each kind: bounded so the walk stays short.
PER_VIEW = 1
MOST_PAGES = 260
SKIPPED = ("/admin/", "/logout/", "/i18n/")


def outside(address: str) -> bool:
    """Does fetching ``address`` go to another host?"""
    address = address.strip()
    if address.startswith(NAMESPACES) or address.startswith("data:"):
        return False
    try:
        parts = urlsplit(address)
    except ValueError:  # not an address a browser would fetch from here either: flagged
        return True
    if parts.scheme and parts.scheme not in ("http", "https"):
        return parts.scheme not in ("mailto", "tel", "javascript", "blob")
    return bool(parts.netloc) and parts.hostname != HOST


class References(HTMLParser):
    """What a page makes the browser fetch, and the links it offers."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.fetched: list[str] = []
        self.links: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if not value:
                continue
            if name in FETCHED or (name == "href" and tag in FETCHING_TAGS):
                self.fetched += [part.split()[0] for part in value.split(",") if part.split()]
            elif name == "href" and tag == "a":
                self.links.append(value)
            elif name == "style":
                self.fetched += css_addresses(value)
            elif name == "content" and dict(attrs).get("http-equiv", "").lower() == "refresh":
                self.fetched.append(value.partition("=")[2])
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.fetched += css_addresses(data)


def css_addresses(text: str) -> list[str]:
    return [a or b for a, b in CSS_URL.findall(text)]


def static_file(address: str) -> str | None:
    path = urlsplit(address).path
    if not path.startswith(settings.STATIC_URL):
        return None
    found = finders.find(path.removeprefix(settings.STATIC_URL))
    return found if isinstance(found, str) else None


def asset_problems(address: str, seen: set[str]) -> list[str]:
    """A stylesheet's url()s and @imports, a script's addresses, once each."""
    if address in seen:
        return []
    seen.add(address)
    found = static_file(address)
    if found is None or not found.endswith((".css", ".js")):
        return []
    with open(found, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    named = css_addresses(text) if found.endswith(".css") else ABSOLUTE.findall(text)
    return [f"{address}: {name}" for name in named if outside(name)]


def view_name(path: str) -> str | None:
    try:
        return resolve(path).view_name
    except Resolver404:
        return None


def walk(client, starts: list[str]) -> tuple[dict[str, int], list[str]]:
    """Pages reached from ``starts`` by their links: the kinds seen and what was outside."""
    queue, queued, kinds, problems, assets = deque(starts), set(starts), {}, [], set()
    pages = 0
    while queue and pages < MOST_PAGES:
        path = queue.popleft()
        kind = view_name(urlsplit(path).path)
        if kind is None or kinds.get(kind, 0) >= PER_VIEW:
            continue
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        kinds[kind] = kinds.get(kind, 0) + 1
        pages += 1
        parser = References()
        parser.feed(response.content.decode("utf-8", "replace"))
        problems += [f"{path}: {a}" for a in parser.fetched if outside(a)]
        for address in parser.fetched:
            problems += asset_problems(urljoin(path, address), assets)
        for link in parser.links:
            target = urljoin(path, link).split("#")[0]
            parts = urlsplit(target)
            if parts.netloc or parts.path.startswith(SKIPPED) or target in queued:
                continue
            queued.add(target)
            queue.append(target)
    return kinds, problems


@pytest.fixture
def venue(quickstart):
    """The demo, with a player's personal link that offers check-in and a score to report."""
    quickstart()
    waiting = Pairing.objects.filter(first_score__isnull=True, second__isnull=False).first()
    division = waiting.round.division
    Tournament.objects.filter(pk=division.tournament_id).update(self_reporting=True)
    Division.objects.filter(pk=division.pk).update(check_in_open=True)
    Entry.objects.filter(pk=waiting.first_id).update(status=Entry.Status.REGISTERED)
    return division, waiting.first


def test_no_page_of_the_venue_fetches_anything_from_another_host(client, venue):
    division, entry = venue
    event = division.tournament
    personal = entry_link(event.slug, entry.pk)
    page = client.get(personal).text
    # The personal link offers both: "I'm here" and the score of the game waiting.
    token = personal.rstrip("/").rsplit("/", 1)[1]
    for form in ("tournaments:entry_link_check_in", "tournaments:entry_link_report"):
        assert f'action="{reverse(form, args=[event.slug, token])}"' in page
    public_starts = [personal, "/", f"/t/{event.slug}/", f"/t/{event.slug}/hall/"]
    kinds, problems = walk(client, public_starts)
    client.force_login(get_user_model().objects.get(username=demo.DIRECTOR_USERNAME))
    director_kinds, director_problems = walk(client, ["/", f"/t/{event.slug}/"])
    assert problems + director_problems == []
    seen = set(kinds) | set(director_kinds)
    expected = {
        "home",
        "tournaments:detail",
        "tournaments:public_home",
        "tournaments:public_pairings",
        "tournaments:standings",
        "tournaments:crosstable",
        "tournaments:hall",
        "tournaments:event_hall",
        "tournaments:entry_link",
        "tournaments:results",
        "games:broadcast_division",
        "publishing:page",
    }
    assert expected - seen == set()
    assert len(seen) >= 60, sorted(seen)


@pytest.mark.parametrize(
    ("address", "fetched"),
    [
        ("https://cdn.example.org/htmx.js", True),
        ("//fonts.example.org/css", True),
        ("http://testserver/static/desk.css", False),
        ("/static/desk/desk.css", False),
        ("desk.css", False),
        ("data:image/png;base64,AAAA", False),
        ("http://www.w3.org/2000/svg", False),
        ("ftp://files.example.org/x", True),
    ],
)
def test_an_address_is_outside_when_it_names_another_host(address, fetched):
    assert outside(address) is fetched


def test_the_walk_finds_each_way_a_page_fetches():
    parser = References()
    parser.feed(
        '<script src="https://cdn.example.org/a.js"></script>'
        '<link rel="stylesheet" href="//fonts.example.org/b.css">'
        '<img srcset="https://img.example.org/c.png 2x, /d.png 1x">'
        '<iframe src="https://maps.example.org/"></iframe>'
        '<div style="background: url(https://e.example.org/e.png)"></div>'
        "<style>@import 'https://f.example.org/f.css';</style>"
        '<a href="https://www.example.org/">a link waits for a click</a>'
    )
    assert [a for a in parser.fetched if outside(a)] == [
        "https://cdn.example.org/a.js",
        "//fonts.example.org/b.css",
        "https://img.example.org/c.png",
        "https://maps.example.org/",
        "https://e.example.org/e.png",
        "https://f.example.org/f.css",
    ]
    assert parser.links == ["https://www.example.org/"]
