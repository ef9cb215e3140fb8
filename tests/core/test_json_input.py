"""Every JSON that comes from outside is read by ``core.readers.json_input.read_json``: size and nesting
are checked before parsing, so a deeply nested body is a clear refusal (never a RecursionError and
a 500) on the COP endpoint and command, the archive import (page and command) and the sheet's rule
changes; and no other ``json.loads`` of input exists in the product code."""

import ast
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.urls import reverse

from core.readers.json_input import (
    MAX_DEPTH,
    JsonNotText,
    JsonSyntax,
    JsonTooDeep,
    JsonTooLarge,
    nesting_depth,
    read_json,
)
from games.forms import GameForm
from pairing.cop import messages as cop_messages
from tests.command_runs import database_state, run

ROOT = Path(__file__).resolve().parent.parent.parent
DEEP = "[" * 100_000 + "]" * 100_000  # Python's own parser fails with RecursionError on this
COP_URL = "/api/pair_service.PairService/HandlePairRequest"


def nested(depth: int) -> str:
    return '{"a": ' * (depth - 1) + "[1]" + "}" * (depth - 1)


def test_nesting_at_the_limit_is_read_and_one_deeper_is_refused():
    assert nesting_depth(nested(MAX_DEPTH)) == MAX_DEPTH
    assert read_json(nested(MAX_DEPTH))["a"]["a"]["a"]["a"] is not None
    with pytest.raises(JsonTooDeep) as refused:
        read_json(nested(MAX_DEPTH + 1))
    assert str(refused.value) == "The JSON nests deeper than 64 levels."


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = '{"name": "[[[{{{\\"[[[", "list": [["]]]]"]]}'
    assert nesting_depth(text) == 3
    assert read_json(text)["name"] == '[[[{{{"[[['


def test_a_hostile_run_of_quotes_and_escapes_is_measured_without_delay():
    # Linear passes only: a quadratic scan would take minutes on this.
    assert nesting_depth('"\\"' * 300_000) == 0


def test_size_at_the_limit_is_read_and_one_byte_more_is_refused():
    text = '"' + "x" * 98 + '"'
    assert read_json(text, max_bytes=100) == "x" * 98
    with pytest.raises(JsonTooLarge) as refused:
        read_json(text + " ", max_bytes=100)
    assert str(refused.value) == "The JSON is larger than 100 bytes."


def test_bytes_that_are_not_utf8_and_text_that_is_not_json_are_named():
    with pytest.raises(JsonNotText):
        read_json(b'{"a": "\xff"}')
    with pytest.raises(JsonSyntax) as refused:
        read_json('{"a": }')
    assert str(refused.value) == "The JSON is not valid: Expecting value at line 1, column 7."


def test_far_deeper_than_the_parser_copes_with_is_a_refusal_not_a_recursion_error():
    with pytest.raises(JsonTooDeep):
        read_json(DEEP)
    with pytest.raises(JsonTooDeep):
        read_json("[" * 100_000)  # unterminated too


@pytest.mark.django_db
def test_the_cop_endpoint_refuses_deep_json_with_400_and_the_reason(client):
    response = client.post(COP_URL, DEEP, content_type="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["error_code"] == cop_messages.INVALID_JSON[0]
    assert "The JSON nests deeper than 64 levels." in answer["error_message"]


@pytest.mark.django_db
def test_the_cop_command_refuses_a_deep_file(tmp_path):
    path = tmp_path / "request.json"
    path.write_text(DEEP)
    with pytest.raises(CommandError) as refused:
        run("cop", str(path))
    assert "The JSON nests deeper than 64 levels." in str(refused.value)


@pytest.mark.django_db
def test_the_archive_import_page_refuses_deep_json_and_imports_nothing(client, staff):
    client.force_login(staff)
    before = database_state()
    upload = SimpleUploadedFile("event.json", DEEP.encode(), content_type="application/json")
    response = client.post(reverse("tournaments:archive_import"), {"file": upload})
    assert response.status_code == 200
    assert "The JSON nests deeper than 64 levels." in response.content.decode()
    assert database_state() == before


@pytest.mark.django_db
def test_the_import_event_command_refuses_deep_json(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(DEEP)
    with pytest.raises(CommandError) as refused:
        run("import_event", str(path))
    assert "The JSON nests deeper than 64 levels." in str(refused.value)


@pytest.mark.django_db
def test_the_sheets_rule_changes_refuse_deep_json_on_the_field():
    deep = "[" * 20_000 + "]" * 20_000  # within the field's 100,000 bytes
    form = GameForm({"rules_preset": "naspa", "rule_changes": deep})
    assert not form.is_valid()
    assert form.errors["rule_changes"] == ["The JSON nests deeper than 64 levels."]
    assert "[[[[" in form["rule_changes"].value()  # shown back as typed, not parsed again


PRODUCT = ["config", "core", "players", "clubs", "tournaments", "games", "ratings"]
READERS = {"core/readers/json_input.py"}  # the one module that calls the parser on input
PARSE_CALLS = {("json", "loads"), ("json", "load"), ("forms", "JSONField")}


def parse_calls(path: Path) -> list[str]:
    """``json.loads``/``json.load``/``forms.JSONField`` calls, and any name imported from json
    other than ``dumps``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "json":
            found += [f"from json import {a.name}" for a in node.names if a.name != "dumps"]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and (owner.id, node.func.attr) in PARSE_CALLS:
                found.append(f"{owner.id}.{node.func.attr} at line {node.lineno}")
    return found


def product_files() -> list[Path]:
    files = []
    for app in PRODUCT:
        files += [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]
    return files


def test_the_guard_sees_a_parse_call():
    sample = ROOT / "core" / "readers" / "json_input.py"
    assert parse_calls(sample) == ["json.loads at line " + str(_line_of(sample, "json.loads("))]


def _line_of(path: Path, text: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line and "``" not in line)


def test_no_json_is_parsed_outside_the_bounded_reader():
    offenders = {
        str(path.relative_to(ROOT)): calls
        for path in product_files()
        if str(path.relative_to(ROOT)) not in READERS and (calls := parse_calls(path))
    }
    # core/forms.py subclasses forms.JSONField (BoundedJSONField) without calling it.
    assert offenders == {}
