"""`manage.py verify_gcg`: one line per problem with its kind, a summary counting warnings, exit
status 1 on any error (and on a warning under --strict)."""

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

ROOT = Path(__file__).resolve().parents[3]


def run(capsys, *args) -> tuple[int, list[str]]:
    try:
        call_command("verify_gcg", *args)
        status = 0
    except SystemExit as exit_:
        status = exit_.code
    return status, capsys.readouterr().out.splitlines()


def test_good_record_is_verified(capsys):
    status, lines = run(capsys, str(FIXTURES / "logan.gcg"))
    assert (status, lines) == (0, ["1/1 games verified, 23 plays re-scored, 0 warnings"])


def test_every_problem_gets_a_line_and_the_status_is_one(capsys):
    wrong = str(FIXTURES / "wrong.gcg")
    status, lines = run(capsys, wrong, str(FIXTURES / "logan.gcg"))
    assert status == 1
    assert lines == [
        f"{wrong}:3: error (score): 8D TRAIN is recorded as 14 points but scores 12.",
        f"{wrong}:4: error (total): The running total is recorded as 25, but 0 plus 20 makes 20.",
        f"{wrong}:5: error (legality): The rack EILOXXY holds X, which are not unseen: they are"
        " already on the board or used up.",
        f"{wrong}:6: error (legality): The tiles O are not on the rack ELSUVWY.",
        f"{wrong}:7: error (score): The rack ELSUVWY is worth 16, so the deduction is -16, not -15.",
        "1/2 games verified, 27 plays re-scored, 0 warnings",
    ]


def test_unreadable_and_invalid_files_are_problems(capsys, tmp_path):
    missing = str(tmp_path / "missing.gcg")
    invalid = tmp_path / "invalid.gcg"
    invalid.write_text("#player1 a A\n#player2 b B\n>c: AB 8H AB +4 4\n")
    status, lines = run(capsys, missing, str(invalid))
    assert status == 1
    assert lines == [
        f"{missing}:0: error (format): cannot read the file: No such file or directory",
        f"{invalid}:3: error (format): Line 3: unknown player nickname c.",
        "0/2 games verified, 0 plays re-scored, 0 warnings",
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
    assert report["warnings"] == 0 and report["strict"] is False
    assert [(p["line"], p["kind"], p["severity"]) for p in report["files"][0]["problems"]] == [
        (3, "score", "error"),
        (4, "total", "error"),
        (5, "legality", "error"),
        (6, "legality", "error"),
        (7, "score", "error"),
    ]


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
    assert (status, lines) == (0, [f"5/5 games verified, {plays} plays re-scored, 0 warnings"])


def test_all_fixtures_with_known_problems(capsys):
    files = sorted(str(p) for p in FIXTURES.glob("*.gcg"))
    status, lines = run(capsys, *files)
    assert status == 1
    problem_files = {line.split(":")[0] for line in lines[:-1]}
    assert problem_files == {str(FIXTURES / "noah_vs_peter.gcg"), str(FIXTURES / "wrong.gcg")}
    # noah_vs_peter has only a rack-continuity warning: verified unless --strict.
    assert lines[-1].startswith(f"{len(files) - 1}/{len(files)} games verified, ")
    assert lines[-1].endswith(", 1 warning")


@pytest.mark.slow
def test_exit_status_of_the_real_command():
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_gcg", str(FIXTURES / "wrong.gcg")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1] == "0/1 games verified, 4 plays re-scored, 0 warnings"


HEADER = "#player1 alice Alice\n#player2 bob Bob\n>alice: AINRTXY 8D TRAIN +12 12\n"
KINDS = {
    "score.gcg": HEADER + ">bob: BEHORSU D8 .HORB +22 22\n",
    "total.gcg": HEADER + ">bob: ABCDEFG - +0 5\n",
    "legality.gcg": HEADER + ">bob: ABCDEFG 1A BAD +6 6\n",
    "format.gcg": HEADER + ">bob: ABCDEFG (challenge) +5 5\n",
    "rack.gcg": HEADER + ">bob: ABCDEFG - +0 0\n>alice: ABCDEFG - +0 12\n",
}


@pytest.fixture
def kind_files(tmp_path) -> dict[str, str]:
    for name, text in KINDS.items():
        (tmp_path / name).write_text(text)
    return {name: str(tmp_path / name) for name in KINDS}


def test_each_kind_is_named_and_a_rack_warning_does_not_fail_the_game(capsys, kind_files):
    status, lines = run(capsys, *kind_files.values())
    assert status == 1
    kinds = [line.split(": ", 2)[1] for line in lines[:-1]]
    assert kinds == [
        "error (score)",
        "error (total)",
        "error (legality)",
        "error (format)",
        "warning (rack continuity)",
    ]
    assert lines[-1] == "1/5 games verified, 6 plays re-scored, 1 warning"


def test_a_record_with_only_warnings_passes_unless_strict(capsys, kind_files):
    rack = kind_files["rack.gcg"]
    warned = f"{rack}:5: warning (rack continuity): The rack ABCDEFG does not hold XY, kept from"
    status, lines = run(capsys, rack)
    assert status == 0
    assert lines[0].startswith(warned)
    assert lines[1] == "1/1 games verified, 1 plays re-scored, 1 warning"
    status, lines = run(capsys, rack, "--strict")
    assert status == 1
    assert lines[1] == "0/1 games verified, 1 plays re-scored, 1 warning"


def test_json_gives_each_kind_and_severity_and_strict_fails_a_warned_game(capsys, kind_files):
    args = [kind_files["rack.gcg"], kind_files["score.gcg"], "--json", "--strict"]
    status, lines = run(capsys, *args)
    assert status == 1
    report = json.loads("\n".join(lines))
    assert (report["verified"], report["warnings"], report["strict"]) == (0, 1, True)
    rack, score = report["files"]
    assert (rack["ok"], rack["warnings"], score["ok"], score["warnings"]) == (False, 1, False, 0)
    assert [(p["line"], p["kind"], p["severity"]) for p in rack["problems"]] == [
        (5, "rack_continuity", "warning")
    ]
    assert [(p["line"], p["kind"], p["severity"]) for p in score["problems"]] == [
        (4, "score", "error")
    ]


def test_json_counts_a_warned_game_as_verified_when_not_strict(capsys, kind_files):
    status, lines = run(capsys, kind_files["rack.gcg"], "--json")
    report = json.loads("\n".join(lines))
    assert status == 0
    assert (report["games"], report["verified"], report["warnings"]) == (1, 1, 1)
    assert report["files"][0]["ok"] is True
