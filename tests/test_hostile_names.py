"""Names typed by users stay text on every kind of page the product serves.

A player, an event, a division, a club and a scoresheet are given hostile names (quotes, script
tags, event handlers, ``javascript:`` links, spreadsheet formulas), then every named page is
fetched as staff (who may see every page) and each kind of output is checked as its reader
would read it: HTML and the board SVG parsed for live markup, the JSON feed decoded, every CSV
read as a spreadsheet would, every printable PDF's text extracted.
"""

import csv
import io
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from pypdf import PdfReader

from clubs.services import casual_game_add, club_guest_add, membership_add
from core.csv_export import FORMULA_START
from games.broadcast.services import broadcast_mark
from games.services.kiosk import kiosk_open
from games.services.words import lexicon_upload
from printouts.registry import reports
from ratings.services import rating_list_create, tournament_rate
from tests import factories
from tests.ratings.rating_world import club_night, played_division
from tests.test_permissions import named_patterns
from tournaments.models import Pairing
from tournaments.services.restore_points import restore_point_take

pytestmark = pytest.mark.django_db

PLAYER = '=HYPERLINK("http://evil.example","x") <script>alert(1)</script>" onload="alert(1)'
EVENT = 'javascript:alert(1) <script>alert(2)</script> \'" onload="alert(3) =HYPERLINK("x")'
DIVISION = '"><svg onload=alert(4)> javascript:alert(5) =1+1'  # a URL segment: no slash
CLUB = '<script>alert(6)</script>" onload="alert(7)\' javascript:alert(8)'
TITLE = 'javascript:alert(9)" onload="alert(10) <script>alert(11)</script>'
TEAM = '<img src=x onerror=alert(12)>" =SUM(1)'
PRIZE = '</script><script>alert(13)</script>" onclick="x'
LINK_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href"}


class Markup(HTMLParser):
    """What of a page is live (script, handlers, script links) and what is text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.live: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "script" and not values.get("src"):
            self.live.append("<script> without src")
        for name, value in attrs:
            if name.startswith("on"):
                self.live.append(f"<{tag} {name}>")
            if name in LINK_ATTRIBUTES and (value or "").strip().lower().startswith("javascript:"):
                self.live.append(f"<{tag} {name}={value}>")

    def handle_data(self, data):
        self.text.append(data)


def read_markup(html: str) -> Markup:
    parser = Markup()
    parser.feed(html)
    parser.close()
    return parser


@pytest.fixture
def hostile(staff):
    club = factories.club(CLUB)
    night = club_night(club)
    villain, other = factories.player(PLAYER), factories.player("Plain Pat")
    event = factories.tournament(EVENT, slug="hostile-open", director=staff, club=club)
    division = played_division([villain, other], [[(1, 2, 410, 380)]], event=event, name=DIVISION)
    rating_list = rating_list_create(by=None, name="National")
    (rated,) = tournament_rate(by=staff, tournament=event, rating_list=rating_list)
    pairing = Pairing.objects.get(round__division=division)
    game = factories.game(villain, other, pairing=pairing, title=TITLE)
    broadcast_mark(by=staff, game=game, on=True)
    words = lexicon_upload(by=staff, name="HOSTILE", data=b"CAT\n")
    kiosk = kiosk_open(by=staff, division=division, lexicon=words, hours=1)
    membership = membership_add(by=staff, club=club, player=villain)
    guest = club_guest_add(by=staff, club=club, name=PLAYER + " guest", session=night)
    casual_game_add(
        by=staff, session=night, player_a=villain, player_b=guest.player, score_a=400, score_b=300
    )
    kwargs = {
        "player_id": villain.pk,
        "club_slug": club.slug,
        "session_id": night.pk,
        "list_slug": rating_list.slug,
        "event_id": rated.pk,
        "tournament_slug": event.slug,
        "division_name": division.name,
        "division_id": division.pk,
        "round_number": 1,
        "player_number": 1,
        "pairing_id": pairing.pk,
        "audit_id": 1,
        "point_id": restore_point_take(by=staff, tournament=event).pk,
        "band_id": 1,
        "pin_id": 1,
        "target_id": 1,
        "report_name": "standings",
        "entry_id": division.entries.first().pk,
        "game_id": game.pk,
        "kiosk_id": kiosk.pk,
        "token": kiosk.token,
        "membership_id": membership.pk,
        "guest_id": guest.pk,
        "table": pairing.table,
        "field": "names",
    }
    return {"kwargs": kwargs, "division": division}


def every_url(world) -> dict[str, str]:
    urls = {"home": reverse("home")}
    for name, params in named_patterns():
        urls[name] = reverse(name, kwargs={p: world["kwargs"][p] for p in params})
    return urls


def html_pages(client, world) -> dict[str, Markup]:
    pages = {}
    for name, url in every_url(world).items():
        response = client.get(url)
        assert response.status_code < 500, name
        if response["Content-Type"].startswith("text/html") and response.status_code == 200:
            pages[name] = read_markup(response.content.decode())
    return pages


def test_every_html_page_keeps_hostile_names_as_text(client, hostile, staff):
    client.force_login(staff)
    pages = html_pages(client, hostile)
    assert {name: page.live for name, page in pages.items() if page.live} == {}
    shown = {name: "\n".join(page.text) for name, page in pages.items()}
    assert PLAYER in shown["players:detail"] and PLAYER in shown["tournaments:standings"]
    assert EVENT in shown["tournaments:detail"] and EVENT in shown["ratings:list"]
    assert DIVISION in shown["tournaments:division"] and DIVISION in shown["tournaments:detail"]
    assert CLUB in shown["clubs:detail"] and CLUB in shown["clubs:list"]
    assert PLAYER in shown["clubs:members"] and PLAYER + " guest" in shown["clubs:guests"]
    assert PLAYER in shown["clubs:session"]
    assert TITLE in shown["games:detail"]
    assert PLAYER in shown["games:broadcast_board"] and PLAYER in shown["games:broadcast_overlay"]
    assert len(pages) >= 40  # the crawl reached the pages, not only refusals


def test_the_board_svg_is_inert_and_names_the_players(client, hostile, staff):
    client.force_login(staff)
    response = client.get(every_url(hostile)["games:board"])
    root = ET.fromstring(response.content)
    elements = list(root.iter())
    assert [el.tag for el in elements if el.tag.endswith("script")] == []
    assert [n for el in elements for n in el.attrib if n.lower().startswith("on")] == []
    assert PLAYER in root.get("aria-label")


def test_the_json_feed_carries_the_names_exactly(client, hostile):
    feed = json.loads(client.get(every_url(hostile)["tournaments:feed"]).content)
    assert feed["tournament"]["name"] == EVENT
    assert feed["division"]["name"] == DIVISION
    assert [row["name"] for row in feed["standings"]] == [PLAYER, "Plain Pat"]


def csv_exports(client, world) -> dict[str, list[list[str]]]:
    found = {}
    for name, url in every_url(world).items():
        response = client.get(url if name == "ratings:event_csv" else f"{url}?_export=csv")
        if response.status_code == 200 and response["Content-Type"].startswith("text/csv"):
            found[name] = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    return found


def test_every_csv_export_neutralises_formulas(client, hostile, staff):
    client.force_login(staff)
    exports = csv_exports(client, hostile)
    cells = {name: [cell for row in rows for cell in row] for name, rows in exports.items()}
    formulas = {
        name: [c for c in found if c.startswith(FORMULA_START) and not c.lstrip("+-").isdigit()]
        for name, found in cells.items()
    }
    assert {name: found for name, found in formulas.items() if found} == {}
    for name in ("players:list", "ratings:list", "tournaments:standings", "ratings:event_csv"):
        assert "'" + PLAYER in cells[name], name


@pytest.mark.parametrize("report", reports(), ids=lambda r: r.name)
def test_every_printout_holds_the_names_as_text(client, hostile_features, staff, report):
    hostile = hostile_features
    client.force_login(staff)
    division = hostile["division"]
    url = reverse(
        "tournaments:print",
        kwargs={
            "tournament_slug": division.tournament.slug,
            "division_name": division.name,
            "report_name": report.name,
        },
    )
    response = client.get(f"{url}?round=1" if report.takes_round else url)
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    flat = " ".join(text.split())  # a long name may wrap in its cell
    # The rules sheet names the event and division only: it lists rules, not players; so does a
    # report the division has nothing for (the playoff bracket of a division without one).
    bare = report.name == "rules" or not report.offered(division)
    names = (EVENT, DIVISION) if bare else (PLAYER, EVENT, DIVISION)
    names += (PRIZE,) if report.name.startswith("prize") else ()
    # pypdf may put a space where the PDF moves the pen (before a comma, after a quote)
    bare_text = "".join(flat.split())
    assert [name for name in names if "".join(name.split()) not in bare_text] == []


@pytest.fixture
def hostile_features(hostile, staff):
    """The hostile world with a hostile team, a hostile prize band and a playoff of its two."""
    from tournaments.services.entries import entry_set_team
    from tournaments.services.playoffs import playoff_create
    from tournaments.services.prizes import prize_band_create

    division = hostile["division"]
    for entry in division.entries.all():
        entry_set_team(by=staff, entry=entry, team=TEAM)
    prize_band_create(
        by=staff,
        division=division,
        kind="rank",
        label=PRIZE,
        places=2,
        money="100, 50",
        trophy="Cup",
    )
    playoff_create(by=staff, division=division, top=2, best_of=1, third_place=False, seed=1)
    return hostile


def test_the_new_pages_keep_hostile_names_as_text(client, hostile_features):
    from tournaments.selectors.entry_links import entry_token

    division = hostile_features["division"]
    event, entry = division.tournament.slug, division.entries.get(number=1)
    here = {"tournament_slug": event, "division_name": division.name}
    urls = {
        "team-standings": reverse("tournaments:team_standings", args=[event]),
        "personal-link": reverse("tournaments:entry_link", args=[event, entry_token(entry.pk)]),
        "playoff": reverse("tournaments:playoff", kwargs=here),
        "prizes": reverse("tournaments:prizes", kwargs=here),
        "hall": reverse("tournaments:hall", kwargs=here),
        "broadcast": reverse("games:broadcast_division", kwargs=here),
    }
    pages = {name: read_markup(client.get(url).content.decode()) for name, url in urls.items()}
    assert {name: page.live for name, page in pages.items() if page.live} == {}
    shown = {name: "\n".join(page.text) for name, page in pages.items()}
    expected = {
        "team-standings": (EVENT, TEAM),
        "personal-link": (EVENT, PLAYER),
        "playoff": (DIVISION, PLAYER),
        "prizes": (PRIZE, PLAYER),
        "hall": (DIVISION, PLAYER),
        "broadcast": (EVENT, PLAYER),
    }
    missing = {n: [s for s in found if s not in shown[n]] for n, found in expected.items()}
    assert {n: found for n, found in missing.items() if found} == {}


def test_tourney_js_and_the_overlay_json_carry_the_names_exactly(client, hostile_features):
    division = hostile_features["division"]
    event = division.tournament.slug
    text = client.get(reverse("tournaments:tourney_js", args=[event])).content.decode()
    assert text.startswith("newt=") and text.endswith(";\n")
    assert [c for c in "<>&" if c in text] == []  # nothing a script tag or HTML could read
    data = json.loads(text.removeprefix("newt=").removesuffix(";\n"))
    assert data["config"]["event_name"] == EVENT
    assert data["divisions"][0]["name"] == DIVISION
    assert PLAYER in [p["name"] for p in data["divisions"][0]["players"] if p]
    table = hostile_features["kwargs"]["table"]
    here = {"tournament_slug": event, "division_name": division.name, "table": table}
    overlay = json.loads(client.get(reverse("games:broadcast_overlay_feed", kwargs=here)).content)
    assert PLAYER in overlay["names"]
