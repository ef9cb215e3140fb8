"""`bench kingscup` runs end to end, tiny, against a real server, and loses no result.

Speed is only printed, never asserted; what is checked is that the run is clean: every phase
ran, every division paired by the one "pair every ready division" call, no failed request,
every reported result stored once and audited, everyone checked in by their own link (and
check-in closed again), and the event gone afterwards."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from bench.kingscup_event import division_sizes

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = 40  # the tiny run's: `manage.py bench kingscup` keeps its 8,000
GAMES = PLAYERS // 2


@pytest.mark.parametrize(
    ("players", "divisions"), [(8000, 40), (80, 4), (32, 4), (1000, 1), (30, 3), (2000, 2)]
)
def test_division_sizes_are_even_from_8_to_1000_and_sum_to_the_players(players, divisions):
    sizes = division_sizes(players, divisions)
    assert sum(sizes) == players and len(sizes) == divisions
    assert all(size % 2 == 0 and 8 <= size <= 1000 for size in sizes)


def test_the_sizes_of_a_king_s_cup_are_varied():
    sizes = division_sizes(8000, 40)
    assert min(sizes) < 50 and max(sizes) >= 600


@pytest.mark.parametrize(("players", "divisions"), [(30, 4), (2002, 2), (81, 4)])
def test_sizes_that_cannot_be_made_are_refused(players, divisions):
    with pytest.raises(ValueError, match="players must be even and from 8 to 1000"):
        division_sizes(players, divisions)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["kingscup", "--players", "0"], "--players must be a whole number from 1 to 20000"),
        (["kingscup", "--players", "20001"], "--players must be a whole number from 1 to 20000"),
        (["kingscup", "--divisions", "201"], "--divisions must be a whole number from 1 to 200"),
        (["kingscup", "--clients", "1001"], "--clients must be a whole number from 1 to 1000"),
        (["kingscup", "--seconds", "301"], "--seconds must be a whole number from 1 to 300"),
        (["replay", "--players", "80"], "Benchmark replay takes no --players"),
        (["kingscup", "--players", "81", "--divisions", "4"], "players must be even"),
        (["kingscup", "--phases", "pair,dance"], "phases are comma-separated names from pair"),
        (["kingscup", "--phases", ","], "phases are comma-separated names from pair"),
    ],
)
def test_the_bench_command_refuses_sizes_out_of_bounds(arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("bench", *arguments)


@pytest.mark.parametrize(
    ("module", "arguments"),
    [
        ("bench.load_burst", ["--rate", "0", "--seconds", "1"]),
        ("bench.load_burst", ["--rate", "5001", "--seconds", "1"]),
        ("bench.load_burst", ["--rate", "1", "--seconds", "301"]),
        ("bench.load_reports", ["--clients", "0"]),
        ("bench.load_reports", ["--clients", "1001"]),
        ("bench.load_check_ins", ["--clients", "0"]),
        ("bench.load_check_ins", ["--clients", "1001"]),
    ],
)
def test_the_load_tools_refuse_an_unbounded_run(module, arguments):
    done = subprocess.run(
        [sys.executable, "-m", module, "--port", "1", *arguments],
        cwd=ROOT,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "up to" in done.stderr or "1.." in done.stderr


@pytest.mark.slow
def test_a_tiny_king_s_cup_is_clean(tmp_path, migrated_sqlite):
    env = os.environ | {
        "DATABASE_URL": migrated_sqlite(tmp_path / "kingscup.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "WEB_CONCURRENCY": "2",
    }
    env.pop("REDIS_URL", None)
    # Sizes for a test: four divisions (16, 8, 8, 8), one second of phones on each side.
    command = ["manage.py", "bench", "kingscup", "--players", str(PLAYERS), "--divisions", "4"]
    command += ["--clients", "10", "--seconds", "1", "--proxy"]
    done = subprocess.run(
        [sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert f"{PLAYERS} players in 4 divisions" in out
    assert "pairing round 11 of every division (pair_all_divisions, one call)" in out
    assert "   outcomes: 4 paired (round 11)\n" in out
    assert "per division (gaps between their audit entries)" in out
    assert f"{PLAYERS} reports of {GAMES} games" in out
    assert (
        f"lost updates: 0 (games whose two reports were both answered: {GAMES}/{GAMES}, "
        f"stored once with the scores sent: {GAMES})" in out
    )
    assert f"{PLAYERS} submits, {GAMES} results recorded (match)" in out
    errors = re.findall(r"(\d+) errors", out)
    assert len(errors) >= 4 and set(errors) == {"0"}, out
    assert "first visits in 1 s on top (goal p99 < 1 s, 0 errors), through nginx" in out
    answered, passed = map(
        int, re.search(r"nginx answered (\d+) requests, (\d+) reached", out).groups()
    )
    assert 0 < passed < answered  # the phones' pages came from nginx, mostly
    assert f"4. self check-in of {PLAYERS} players from 10 clients over HTTP" in out
    assert f"0 errors {{'302': {PLAYERS}}}" in out
    assert f"checked in {PLAYERS}/{PLAYERS}, {PLAYERS} self check-in audit entries (match)" in out
    assert "(0 left open)" in out
    left = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SHOW_LEFT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert left.stdout.strip().splitlines()[-1].split() == ["0", "0", "0", "0"]


SHOW_LEFT = (
    "from tournaments.models import Tournament, Entry; from players.models import Player; "
    "from django.contrib.auth import get_user_model; "
    "print(Tournament.objects.count(), Entry.objects.count(), Player.objects.count(), "
    "get_user_model().objects.count())"
)
