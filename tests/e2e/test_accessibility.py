"""WCAG 2.2 AA: axe-core finds no serious or critical violation on any public page (with the
team standings, the playoff bracket, hall screens, broadcast pages, an overlay and a player's
personal link) or on the director's pages (result entry, registration, pairing, scoresheet, pair
all, event copy, playoff, prizes, broadcast, report queue, no-shows, missing results), at 1280
and 390 px; at 390 and 360 px no page scrolls sideways.

axe-core comes with the test-only package ``axe-playwright-python`` (its ``axe.min.js``, MPL-2.0);
it is evaluated in the page through the DevTools protocol, which the site's Content Security
Policy does not govern, so production's CSP stays as strict as it is. The counts of every
violation by impact are written to artifacts/axe/<width>.json for the record.
"""

import json

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.urls import reverse

from clubs.models import Club, ClubSession
from config.demo import DEMO_CLUB, DIRECTOR_PASSWORD, DIRECTOR_USERNAME
from games.broadcast.services import broadcast_mark
from games.models import Game
from games.services import games as game_services
from games.services.kiosk import kiosk_open
from games.services.words import lexicon_upload
from players.models import Player
from ratings.models import RatingList
from tests import factories
from tests.demo_copy import load_demo_copy
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tournaments.models import Division, Pairing
from tournaments.selectors.entry_links import entry_token
from tournaments.services.entries import entry_set_team
from tournaments.services.playoffs import playoff_create
from tournaments.services.prizes import prize_band_create

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = {"serious", "critical"}
AXE_RECORD = ARTIFACTS.parent / "axe"
# Recorded with axe's findings: a page wider than a phone's screen blocks as a serious one does.
SIDEWAYS = {"id": "horizontal-scroll", "impact": "serious", "nodes": ["html"], "count": 1}


def a_recorded_game(director) -> Game:
    """A casual scoresheet with two plays, for the game viewer."""
    game = factories.game(created_by=director)
    game = game_services.turn_record(by=director, game=game, move="8D TRAIN", seconds=40)
    return game_services.turn_record(by=director, game=game, move="D7 AT", seconds=30)


def a_judging_screen(director, division: Division) -> str:
    """The address of an open judging screen (a secret URL anyone at the table may use)."""
    lexicon = lexicon_upload(by=director, name="DEMO", data=b"CAT\nDOG\nZAX\nQI\n")
    kiosk = kiosk_open(by=director, division=division, lexicon=lexicon, hours=4)
    return reverse("games:kiosk_judge", args=[kiosk.token])


def public_pages(division: Division, game: Game) -> dict[str, str]:
    slug = division.tournament.slug
    here = {"tournament_slug": slug, "division_name": division.name}
    club = Club.objects.get(name=DEMO_CLUB)
    entry = division.entries.order_by("number").first()
    return {
        "home": reverse("home"),
        "events": reverse("tournaments:list"),
        "event": reverse("tournaments:detail", args=[slug]),
        "event-live": reverse("tournaments:public_home", args=[slug]),
        "division": reverse("tournaments:division", kwargs=here),
        "live-pairings": reverse("tournaments:public_pairings", kwargs=here),
        "standings": reverse("tournaments:standings", kwargs=here),
        "crosstable": reverse("tournaments:crosstable", kwargs=here),
        "statistics": reverse("tournaments:public_stats", kwargs=here),
        "player-in-event": reverse(
            "tournaments:public_player", kwargs=here | {"player_number": entry.number}
        ),
        "players": reverse("players:list"),
        "player": reverse("players:detail", args=[Player.objects.order_by("pk").first().pk]),
        "clubs": reverse("clubs:list"),
        "club": reverse("clubs:detail", args=[club.slug]),
        "ladder": reverse("clubs:ladder", args=[club.slug]),
        "club-night": reverse(
            "clubs:session", args=[club.slug, ClubSession.objects.filter(club=club)[0].pk]
        ),
        "rating-lists": reverse("ratings:lists"),
        "rating-list": reverse("ratings:list", args=[RatingList.objects.order_by("pk")[0].slug]),
        "games": reverse("games:list"),
        "game": reverse("games:detail", args=[game.pk]),
        "login": reverse("login"),
    }


def new_feature_pages(director, division: Division) -> tuple[dict, dict]:
    """(public, director's) pages of the merged features, each given something to show: teams,
    a playoff (in the finished event), prize bands, a broadcast game, a personal link."""
    event = division.tournament
    for entry in division.entries.order_by("number")[:6]:
        entry_set_team(by=director, entry=entry, team="Owls" if entry.number % 2 else "Larks")
    finished = Division.objects.get(tournament__slug="riverside-winter-classic-2025", name="A")
    playoff_create(by=director, division=finished, top=4, best_of=3, third_place=True, seed=1)
    prize_band_create(
        by=director, division=division, kind="rank", label="Top", places=3, money="100, 50, 25"
    )
    pairing = Pairing.objects.filter(
        round__division=division, round__number=4, kind=Pairing.Kind.PLAYED
    ).last()
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    broadcast_mark(by=director, game=broadcast_moves(director, game), on=True)
    here = {"tournament_slug": event.slug, "division_name": division.name}
    there = {"tournament_slug": finished.tournament.slug, "division_name": finished.name}
    public = {
        "team-standings": reverse("tournaments:team_standings", args=[event.slug]),
        "playoff-bracket": reverse("tournaments:playoff", kwargs=there),
        "hall-event": reverse("tournaments:event_hall", args=[event.slug]),
        "hall-division": reverse("tournaments:hall", kwargs=here),
        "broadcast-board": reverse("games:broadcast_board", args=[game.pk]),
        "broadcast-division": reverse("games:broadcast_division", kwargs=here),
        "broadcast-overlay": reverse(
            "games:broadcast_overlay", kwargs=here | {"table": pairing.table, "field": "scores"}
        ),
        "personal-link": reverse(
            "tournaments:entry_link", args=[event.slug, entry_token(pairing.first_id)]
        ),
    }
    director_only = {
        "pair-all": reverse("tournaments:pair_all", args=[event.slug]),
        "event-copy": reverse("tournaments:event_copy", args=[event.slug]),
        "playoff-manage": reverse("tournaments:playoff_manage", kwargs=there),
        "playoff-start": reverse("tournaments:playoff_manage", kwargs=here),
        "prizes": reverse("tournaments:prizes", kwargs=here),
        "broadcast-manage": reverse("games:broadcast_manage", kwargs=here),
        "report-queue": reverse("tournaments:score_reports", kwargs=here),
        "no-shows": reverse("tournaments:no_shows", kwargs=here),
        "missing-results": reverse("tournaments:hall_missing", kwargs=here),
        "integrity-desk": reverse("games:integrity", args=[event.slug]),
    }
    return public, director_only


def broadcast_moves(director, game: Game) -> Game:
    game = game_services.turn_record(by=director, game=game, move="8D TRAIN", seconds=40)
    return game_services.turn_record(by=director, game=game, move="D7 AT", seconds=30)


def director_pages(division: Division) -> dict[str, str]:
    here = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return {
        "result-entry": reverse("tournaments:results", kwargs=here | {"round_number": 4}),
        "registration": reverse("tournaments:registration", kwargs=here),
        "pairing": reverse("tournaments:pairing", kwargs=here),
    }


def axe_violations(page) -> list[dict]:
    """axe-core's WCAG 2.2 A/AA violations of the page as it is now (axe-core is put in every
    document by ``with_axe``; a page opened without it gets axe-core here)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate(
        "opts => axe.run(document, opts).then(r => r.violations.map(v => ({"
        "id: v.id, impact: v.impact, help: v.help,"
        "nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5), count: v.nodes.length})))",
        {"runOnly": {"type": "tag", "values": WCAG_22_AA}, "resultTypes": ["violations"]},
    )
    return found


def with_axe(page):
    """The page with axe-core added to every document it opens, before the document's own
    scripts (through the DevTools protocol, as ``page.evaluate`` would: the site's Content
    Security Policy does not govern it). Sent to the browser once, not its 570 kB each page."""
    page.add_init_script(script=AXE_SCRIPT)
    return page


def check(page, url: str | None, name: str, record: dict, response=None) -> None:
    """Open ``url`` (None: the page just opened, whose ``response`` is given), keep a screenshot
    (artifacts/screenshots/a11y-<width>-<name>.png) and record axe's violations under ``name``."""
    if url is not None:
        response = page.goto(url)  # returns once the page has loaded
    assert response.ok, (name, response.status)
    width = page.viewport_size["width"]
    full_page_png(page, ARTIFACTS / f"a11y-{width}-{name}.png")
    record[name] = axe_violations(page)
    if width < 400:  # a phone: nothing wider than the screen, at 390 px and at 360 px
        for narrow in (width, 360):
            page.set_viewport_size({"width": narrow, "height": 844})
            if page.evaluate("document.documentElement.scrollWidth > innerWidth"):
                record[name].append(SIDEWAYS | {"help": f"scrolls sideways at {narrow} px"})
        page.set_viewport_size({"width": width, "height": 844})


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", DIRECTOR_USERNAME)
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("width", [1280, 390])
def test_public_and_director_pages_have_no_serious_or_critical_axe_violations(
    live_server, page, width
):
    director = load_demo_copy()["director"]
    game = a_recorded_game(director)
    division = Division.objects.get(tournament__slug="riverside-open-2026", name="A")
    page = with_axe(page)
    page.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
    base = live_server.url
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    record: dict[str, list[dict]] = {}
    new_public, new_director = new_feature_pages(director, division)
    pages = public_pages(division, game) | {"judging-screen": a_judging_screen(director, division)}
    for name, path in (pages | new_public).items():
        check(page, base + path, name, record)
    log_in(page, base)
    for name, path in (director_pages(division) | new_director).items():
        check(page, base + path, name, record)
    pairing = Pairing.objects.filter(
        round__division=division, round__number=4, kind=Pairing.Kind.PLAYED
    ).first()
    page.goto(f"{base}{reverse('games:create')}?pairing={pairing.pk}")
    with page.expect_navigation() as opened:  # the sheet itself, checked as it opens
        page.get_by_role("button", name="Start the scoresheet").click()
    check(page, None, "scoresheet", record, response=opened.value)

    AXE_RECORD.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    for violations in record.values():
        for v in violations:
            counts[v["impact"]] = counts.get(v["impact"], 0) + v["count"]
    (AXE_RECORD / f"{width}.json").write_text(
        json.dumps({"nodes_by_impact": counts, "pages": record}, indent=1, ensure_ascii=False)
    )
    blocking = {
        name: [(v["id"], v["count"], v["nodes"]) for v in found if v["impact"] in BLOCKING]
        for name, found in record.items()
    }
    assert {name: found for name, found in blocking.items() if found} == {}
