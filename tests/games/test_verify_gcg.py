"""`manage.py verify_gcg`: one line per problem, a summary, exit status 1 on any problem."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from bench.records import random_record
from games.engine.gcg import EventKind, write_gcg
from tests.games.helpers import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args) -> tuple[int, list[str]]:
    try:
        call_command("verify_gcg", *args)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, capsys.readouterr().out.splitlines()


def test_good_record_is_verified(capsys):
    status, lines = run(capsys, str(FIXTURES / "logan.gcg"))
    assert (status, lines) == (0, ["1/1 games verified, 23 plays re-scored"])


def test_every_problem_gets_a_line_and_the_status_is_one(capsys):
    wrong = str(FIXTURES / "wrong.gcg")
    status, lines = run(capsys, wrong, str(FIXTURES / "logan.gcg"))
    assert status == 1
    assert lines == [
        f"{wrong}:3: 8D TRAIN is recorded as 14 points but scores 12.",
        f"{wrong}:4: The running total is recorded as 25, but 0 plus 20 makes 20.",
        f"{wrong}:5: The rack EILOXXY holds X, which are not unseen: they are already on the "
        "board or used up.",
        f"{wrong}:6: The tiles O are not on the rack ELSUVWY.",
        f"{wrong}:7: The rack ELSUVWY is worth 16, so the deduction is -16, not -15.",
        "1/2 games verified, 27 plays re-scored",
    ]


def test_unreadable_and_invalid_files_are_problems(capsys, tmp_path):
    missing = str(tmp_path / "missing.gcg")
    invalid = tmp_path / "invalid.gcg"
    invalid.write_text("#player1 a A\n#player2 b B\n>c: AB 8H AB +4 4\n")
    status, lines = run(capsys, missing, str(invalid))
    assert status == 1
    assert lines == [
        f"{missing}:0: cannot read the file: No such file or directory",
        f"{invalid}:3: Line 3: unknown player nickname c.",
        "0/2 games verified, 0 plays re-scored",
    ]


def test_json_report(capsys):
    wrong = str(FIXTURES / "wrong.gcg")
    try:
        call_command("verify_gcg", wrong, "--json")
    except SystemExit as exit_:
        assert exit_.code == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["games"], report["verified"], report["plays_rescored"]) == (1, 0, 4)
    assert report["files"][0]["file"] == wrong and report["files"][0]["ok"] is False
    assert [p["line"] for p in report["files"][0]["problems"]] == [3, 4, 5, 6, 7]


def test_games_the_engine_generates_verify_cleanly(capsys, tmp_path):
    rng = random.Random(7)
    paths, plays = [], 0
    for n in range(5):
        record = random_record(rng.getrandbits(32))
        plays += sum(e.kind is EventKind.PLAY for e in record.events)
        path = tmp_path / f"random{n}.gcg"
        path.write_text(write_gcg(record), encoding="utf-8")
        paths.append(str(path))
    status, lines = run(capsys, *paths)
    assert (status, lines) == (0, [f"5/5 games verified, {plays} plays re-scored"])


def test_all_fixtures_with_known_problems(capsys):
    files = sorted(str(p) for p in FIXTURES.glob("*.gcg"))
    status, lines = run(capsys, *files)
    assert status == 1
    problem_files = {line.split(":")[0] for line in lines[:-1]}
    assert problem_files == {str(FIXTURES / "noah_vs_peter.gcg"), str(FIXTURES / "wrong.gcg")}
    assert lines[-1].startswith(f"{len(files) - 2}/{len(files)} games verified, ")


@pytest.mark.slow
def test_exit_status_of_the_real_command():
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_gcg", str(FIXTURES / "wrong.gcg")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == "0/1 games verified, 4 plays re-scored"
