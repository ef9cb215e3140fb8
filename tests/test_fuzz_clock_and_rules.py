"""Fuzzing the table clock endpoint and rule-set names, seeded and bounded, in the style of
tests/test_fuzz_inputs.py: every request is answered 200 or 422 with the clock's JSON (never an
exception, never a 500), a refused request changes nothing, and each press that counted is audited
exactly once. Runs on SQLite and on PostgreSQL.

The clock gets odd, repeated, reordered and far-off client timestamps and garbage actions and
players, from two devices at the same table interleaved (each device's presses may repeat the
other's, with the same or an older timestamp). Rule sets get odd preset names and changes, on the
service, the new-scoresheet form and the division rules page.
"""

import time

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from core.models import AuditEntry
from games.engine.rules import PRESETS, RuleSet
from games.models import Game, GameClock
from games.services.games import game_create
from games.views.clock import EARLIEST_MS, LATEST_MS
from tests import factories
from tests.command_runs import database_state
from tests.test_fuzz_inputs import FUZZ, NASTY, check, mutated

pytestmark = pytest.mark.django_db
# The suite's settings, without shrinking: a failing sequence is shown as found (a dozen requests
# each), and shrinking one through the database takes minutes.
CLOCK_FUZZ = settings(FUZZ, phases=[Phase.explicit, Phase.reuse, Phase.generate])

CLOCK_KEYS = {
    "now",
    "version",
    "changed",
    "running",
    "since",
    "turn_ms",
    "used",
    "turn_of",
    "turn_elapsed",
    "turn_left",
    "remaining",
    "overtime",
    "penalties",
    "last_turn",
    "message",
}
NOW = "now"  # a timestamp drawn relative to the server's clock when the step runs

# Client timestamps: missing, near now (earlier, repeated or later), the window's edges and past
# them, absurd numbers and text.
OFFSETS = st.integers(-120_000, 120_000)
AT = st.one_of(
    st.none(),
    st.tuples(st.just(NOW), OFFSETS),
    st.sampled_from(
        [
            EARLIEST_MS - 1,
            EARLIEST_MS,
            LATEST_MS,
            LATEST_MS + 1,
            0,
            -1,
            10**30,
            "1.5e12",
            "",
            " ",
            "12:00",
            "１２３",
            "\x00",
        ]
    ),
    NASTY,
)
ACTION = st.sampled_from(["start", "press", "pause"]) | st.sampled_from(["", "reset", "PRESS"])
PLAYER = st.sampled_from(["0", "1", "", "2", "-1", "x", None, "1.0", "٠"])
STEP = st.tuples(st.integers(0, 1), ACTION, PLAYER, AT)


def at_value(at, base: int):
    if isinstance(at, tuple):
        return str(base + at[1])
    return None if at is None else str(at)


@CLOCK_FUZZ
@given(steps=st.lists(STEP, min_size=1, max_size=12))
def test_the_table_clock_answers_every_press_and_counts_each_once(director, steps):
    game = factories.game(rules_preset="thai", created_by=director)
    url = reverse("games:clock", args=[game.pk])
    devices = [Client(), Client()]
    for device in devices:
        device.force_login(director)
    audited = AuditEntry.objects.filter(object_type="games.gameclock").count
    version = 0
    for device, action, player, at in steps:
        data = {"action": action}
        if player is not None:
            data["player"] = player
        value = at_value(at, int(time.time() * 1000))
        if value is not None:
            data["at"] = value
        before, entries = database_state(), audited()
        response = devices[device].post(url, data)
        if any("\x00" in value for value in data.values()):  # refused before any view runs
            assert response.status_code == 400
            assert database_state() == before
            continue
        assert response.status_code in (200, 422), (data, response.status_code)
        answer = response.json()
        assert set(answer) == CLOCK_KEYS
        assert all(used >= 0 for used in answer["used"])
        if response.status_code == 422 or not answer["changed"]:
            assert answer["message"] if response.status_code == 422 else True
            assert database_state() == before
            assert audited() == entries
        else:
            assert answer["version"] == version + 1
            assert audited() == entries + 1
        version = answer["version"]
    # Every device reads the same clock afterwards, as stored.
    reads = [device.get(url).json() for device in devices]
    assert reads[0]["version"] == reads[1]["version"] == version
    stored = GameClock.objects.filter(game=game).first()
    assert (stored.version if stored else 0) == version


@CLOCK_FUZZ
@given(at=st.tuples(st.just(NOW), OFFSETS), repeats=st.integers(2, 4))
def test_the_same_press_from_two_devices_counts_once(director, at, repeats):
    game = factories.game(rules_preset="thai", created_by=director)
    url = reverse("games:clock", args=[game.pk])
    devices = [Client(), Client()]
    for device in devices:
        device.force_login(director)
    devices[0].post(url, {"action": "start", "player": "0"})
    moment = at_value(at, int(time.time() * 1000))
    answers = [
        devices[n % 2].post(url, {"action": "press", "player": "0", "at": moment})
        for n in range(repeats)
    ]
    counted = [a for a in answers if a.status_code == 200 and a.json()["changed"]]
    assert len(counted) <= 1
    assert {a.status_code for a in answers} <= {200, 422}


RULE_KEYS = [*RuleSet().to_dict(), "", "x", "__class__"]
RULE_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    NASTY,
    st.lists(st.integers(-5, 5), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
PRESET = st.sampled_from(sorted(PRESETS)) | NASTY | st.text(max_size=40) | mutated("naspa")


@FUZZ
@given(
    name=PRESET,
    changes=st.none() | st.dictionaries(st.sampled_from(RULE_KEYS), RULE_VALUE, max_size=3),
)
def test_rule_set_names_and_changes_make_a_game_or_are_refused(director, name, changes):
    first, second = factories.player(), factories.player()
    check(
        lambda: game_create(
            by=director, first_player=first, second_player=second, rules_preset=name, rules=changes
        )
    )


@FUZZ
@given(name=PRESET, changes=st.text(max_size=60) | st.just('{"challenge": "x"}'))
def test_the_new_scoresheet_form_takes_or_refuses_any_rule_set_name(client, staff, name, changes):
    client.force_login(staff)
    first, second = factories.player(), factories.player()
    games = Game.objects.count()
    data = {"first_player": first.pk, "second_player": second.pk, "rules_preset": name}
    data["rule_changes"] = changes
    response = client.post(reverse("games:create"), data)
    assert response.status_code in (200, 302, 422)
    assert Game.objects.count() == games + (1 if response.status_code == 302 else 0)
    if name not in PRESETS:
        assert response.status_code != 302


@FUZZ
@given(name=PRESET)
def test_the_division_rules_page_reads_any_preset_name(client, director, name):
    division = factories.division(factories.tournament(director=director))
    client.force_login(director)
    url = reverse(
        "tournaments:division_rules",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name},
    )
    before = database_state()
    response = client.get(url, {"preset": name})
    assert response.status_code in (200, 400)
    assert database_state() == before
