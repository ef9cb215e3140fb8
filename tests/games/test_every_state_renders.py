"""Every state a tournament scoresheet can be in renders on every page and feed that shows it.

Hypothesis (seeded, bounded) draws a walk through a broadcast game: the rules (Thai or NASPA),
the plays before the end, the broadcast delay, then one of the game's states: awaiting racks,
a negative end score after the racks, a tie waiting for its play-off word, a last move
challenged off, over time on the game clock, abandoned mid-game or ended by forfeit. After each
step every page and feed showing the game is requested, by the public and by the director:
none may fail (the test client raises on a server error), and every public one is found.
"""

from dataclasses import dataclass

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from games.broadcast import services as broadcast
from games.broadcast.views.public import OVERLAY_FIELDS, forget_events
from games.models import Turn
from games.services.end_racks import end_racks_record
from games.services.games import game_forfeit, turn_challenge_last, turn_record
from tests import factories
from tournaments.public_cache.http import forget_remembered

pytestmark = pytest.mark.django_db

STATES = (
    "awaiting racks",
    "negative end",
    "play-off tie",
    "challenged off",
    "over time",
    "abandoned",
    "forfeit",
)
OPENING = ("8H ZA", "7I QI")  # 22 and 42
LOW_RACKS = ("EEIIOOU", "QZXJKVW")  # 7 and 49 left: under 0 after 8H AT (4) or nothing
RACKS = ("EEIIOOU", "JXKVWYF")  # tiles not in OPENING
EQUAL_RACKS = ("AEEIINO", "JXKDGAE")  # after OPENING under the Thai rules: 15-15


@dataclass(frozen=True)
class Walk:
    state: str
    preset: str
    plays: int
    delay: int
    ends: bool  # challenged off: as the last of six scoreless turns; abandoned: by a forfeit


@st.composite
def walks(draw, state: str) -> Walk:
    fixed = {"over time": "naspa", "play-off tie": "thai"}
    preset = fixed.get(state) or draw(st.sampled_from(["thai", "naspa"]))
    most = 1 if state in ("negative end", "challenged off") else 2
    plays = 2 if state == "play-off tie" else draw(st.integers(0, most))
    return Walk(state, preset, plays, draw(st.sampled_from([0, 15])), draw(st.booleans()))


def _event(director, walk: Walk):
    event = factories.tournament(director=director, rules_preset=walk.preset, is_public=True)
    division = factories.division(event, name="A")
    entries = factories.entries(division, 3)  # and a bye
    pairing = factories.round_with_pairings(division, entries).pairings.get(table=1)
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset=walk.preset
    )
    broadcast.broadcast_mark(by=director, game=game, on=True)
    if walk.delay:
        broadcast.broadcast_delay_set(by=director, tournament=event, minutes=walk.delay)
    return event, division, game


def _urls(event, division, game) -> tuple[list[str], list[str]]:
    """The public pages and feeds showing the game, then the director's."""
    div, table = [event.slug, division.name], [event.slug, division.name, 1]
    public = [
        reverse("games:broadcast_board", args=[game.pk]),
        reverse("games:broadcast_feed", args=[game.pk]),
        reverse("games:broadcast_division", args=div),
        reverse("games:broadcast_division_feed", args=div),
        reverse("games:broadcast_overlay_feed", args=table),
        *(reverse("games:broadcast_overlay", args=[*table, f]) for f in OVERLAY_FIELDS),
        *(reverse("games:broadcast_overlay_field_feed", args=[*table, f]) for f in OVERLAY_FIELDS),
        reverse("tournaments:division", args=div),
        reverse("tournaments:public_pairings", args=div),
        reverse("tournaments:standings", args=div),
        reverse("tournaments:crosstable", args=div),
        reverse("tournaments:public_stats", args=div),
        reverse("tournaments:feed", args=div),
        *(reverse("tournaments:public_player", args=[*div, n]) for n in (1, 2, 3)),
        reverse("tournaments:tourney_js", args=[event.slug]),
        reverse("tournaments:public_home", args=[event.slug]),
    ]
    own = [reverse(f"games:{name}", args=[game.pk]) for name in ("detail", "sheet", "board", "gcg")]
    return public, own


def _every_page_renders(director, urls: tuple[list[str], list[str]]) -> None:
    public, own = urls
    visitor, desk = Client(), Client()
    desk.force_login(director)
    for url in public:
        assert visitor.get(url).status_code == 200, url
        assert desk.get(url).status_code == 200, url
    for url in own:
        # the sheet asks a visitor to log in (302); a delayed game's own pages wait for the
        # delay for those who do not run it (404)
        assert visitor.get(url).status_code in (200, 302, 404), url
        assert desk.get(url).status_code == 200, url


def _play(director, game, moves, seconds=20):
    for move in moves:
        game = turn_record(by=director, game=game, move=move, seconds=seconds)
    return game


def _walk(director, walk: Walk, game, check) -> None:
    """Play ``walk`` on ``game``, calling ``check`` after each step."""
    if walk.state == "negative end":
        game = _play(director, game, ("8H AT",)[: walk.plays])
    elif walk.state == "over time":  # 26 minutes 40 on a 25-minute clock: 20 points off
        game = _play(director, game, OPENING[:1], seconds=1600)
        game = _play(director, game, OPENING[1 : walk.plays])
    elif walk.state == "challenged off":
        game = _play(director, game, OPENING[: walk.plays])
    else:
        game = _play(director, game, OPENING[: walk.plays])
    check()
    if walk.state in ("awaiting racks", "negative end", "play-off tie", "over time"):
        game = _play(director, game, ["-"] * 6)
        check()  # over, awaiting the racks
        racks = {"negative end": LOW_RACKS, "play-off tie": EQUAL_RACKS}.get(walk.state, RACKS)
        if walk.state != "awaiting racks" or walk.ends:
            end_racks_record(by=director, game=game, racks=racks)
    elif walk.state == "challenged off":
        game = _play(director, game, ["-"] * (5 if walk.ends else 0))
        game = _play(director, game, OPENING[walk.plays : walk.plays + 1])
        check()  # the play stands a moment
        turn_challenge_last(by=director, game=game, challenge=Turn.Challenge.PHONY)
    elif walk.ends:
        game_forfeit(by=director, game=game, loser=walk.plays % 2)
    check()


@pytest.fixture
def fresh_caches():
    def clear():
        cache.clear()
        forget_remembered()
        forget_events()

    return clear


@pytest.mark.parametrize("state", STATES)
@seed(31)
@settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_state_of_a_broadcast_game_renders_on_every_page_and_feed(
    director, fresh_caches, state, data
):
    walk = data.draw(walks(state))
    with transaction.atomic():  # each example starts from an empty event, kept nowhere
        fresh_caches()
        event, division, game = _event(director, walk)
        urls = _urls(event, division, game)
        _walk(director, walk, game, lambda: _every_page_renders(director, urls))
        transaction.set_rollback(True)
    fresh_caches()
