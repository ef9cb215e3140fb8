"""`manage.py cop REQUEST.json|-`: the answer as JSON on stdout, a non-zero exit on errors.

The base request: standings A (+1, +100), C (+1, +10), D (-1, -10), B (-1, -100), one place
paid, 3 of 4 rounds left. A v C and D v B cost 1 + 1 (cubed among the paid places, squared
below); A v D and C v B cost 8 + 4; the rematches A v B, C v D cost 8 each in repeats alone.
So A(0) plays C(2) and D(3) plays B(1).
"""

import io
import json
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from .build import request_dict

EXPECTED = [2, 3, 0, 1]


def run(path: str) -> tuple[dict, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("cop", path, stdout=out)
    except CommandError as error:
        return json.loads(out.getvalue()), error
    return json.loads(out.getvalue()), None


def write(tmp_path, data) -> str:
    path = tmp_path / "request.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_valid_request_prints_the_pairings_and_log(tmp_path):
    answer, error = run(write(tmp_path, request_dict()))
    assert error is None
    assert (answer["pairings"], answer["error_code"], answer["error_message"]) == (
        EXPECTED,
        "SUCCESS",
        "",
    )
    assert "A (1) v C (2): penalty 1 (rank difference 1)." in answer["log"]


def test_a_camel_case_request_gets_the_same_answer(tmp_path):
    data = request_dict()
    camel = {
        "".join(w.capitalize() if i else w for i, w in enumerate(k.split("_"))): v
        for k, v in data.items()
    }
    assert "playerNames" in camel
    answer, error = run(write(tmp_path, camel))
    assert (answer["pairings"], error) == (EXPECTED, None)


def test_the_request_can_come_from_standard_input(monkeypatch):
    body = json.dumps(request_dict()).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(body)))
    answer, error = run("-")
    assert (answer["pairings"], error) == (EXPECTED, None)


ROUND = {"pairings": [1, 0, 3, 2]}


@pytest.mark.parametrize(
    ("changes", "code", "message"),
    [
        (
            {"division_pairings": [{"pairings": [1, 2, 3, 2]}]},
            "INVALID_PAIRING",
            "In round 1 player 0 is paired with 1, but 1 is paired with 2.",
        ),
        (
            {"division_pairings": [{"pairings": [1, 0, -1, -1]}]},
            "UNPAIRED_PLAYER_RESULT",
            "In round 1 player 2 is not paired but has result 400.",
        ),
        (
            {
                "removed_players": [3],
                "division_pairings": [{"pairings": [1, 0, 3, 2]}, {"pairings": [-1, -1, 3, 2]}],
            },
            "REMOVED_PLAYER_PAIRED",
            "Player 3 is removed but is paired in round 2, the round to pair.",
        ),
        (
            {
                "rounds": 5,
                "division_pairings": [ROUND, {"pairings": [1, 0, -1, -1]}, ROUND],
            },
            "INCOMPLETE_ROUND_PAIRINGS",
            "Round 2 has no results and leaves player 2 unpaired; only the last round may be "
            "partly paired.",
        ),
        (
            {"division_sims": 0},
            "INVALID_DIVISION_SIMS",
            "Division simulations must be between 1 and 1000000, not 0.",
        ),
    ],
)
def test_each_validation_error_is_named_with_its_code_and_a_failing_exit(
    tmp_path, changes, code, message
):
    answer, error = run(write(tmp_path, request_dict(**changes)))
    assert (answer["pairings"], answer["error_code"], answer["error_message"]) == (
        [],
        code,
        message,
    )
    assert error is not None and error.returncode == 2
    assert str(error) == f"{code}: {message}"


def test_a_request_that_is_not_json_is_refused(tmp_path):
    answer, error = run(write(tmp_path, "{not json"))
    assert answer["error_code"] == "REQUEST_NOT_JSON"
    assert answer["error_message"].startswith("The request is not JSON: Expecting property name")
    assert error is not None


def test_a_missing_file_is_an_error_worded_as_every_command_words_it():
    with pytest.raises(CommandError) as refused:
        call_command("cop", "/nonexistent/request.json", stdout=io.StringIO())
    # core.cli.read_bytes: the reason alone, not Python's "[Errno 2] ...: '/nonexistent/...'".
    assert str(refused.value) == "Cannot read /nonexistent/request.json: No such file or directory"
