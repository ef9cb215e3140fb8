"""Every command writes any name it accepted, and refuses with a message the names no database
can store. Each command is run with names from the hostile set (a lone surrogate, as undecodable
bytes on a command line or a ``\\ud800`` in JSON; bidi controls; NUL) and its output goes to a
stream that encodes strictly, as a real terminal or pipe does: either the command's work is
done and its output written, or it is refused with a message and the database is unchanged.
Runs on SQLite and on PostgreSQL."""

import io
import json

import pytest
from django.core.management import call_command, get_commands, load_command_class
from django.core.management.base import CommandError

from core.cli import BaseCommand, shown
from tests import factories
from tests.command_runs import database_state
from tests.pairing.cop.build import request_dict
from tournaments.models import Entry

pytestmark = pytest.mark.django_db
APPS = ("core", "players", "clubs", "tournaments", "games", "ratings", "config")
HOSTILE = {
    "lone surrogate": "\ud800Alice",
    "undecodable byte": "Bob\udcff",  # how Python hands a command an argument of bad bytes
    "bidi controls": "Ca\u202erol\u2066 \u2069\u200f",
    "nul": "Da\x00ve",
}
STORABLE = {k: v for k, v in HOSTILE.items() if shown(v) == v and "\x00" not in v}


def strict_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")


def written(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8")


def run_strictly(*args) -> tuple[str, str, CommandError | None]:
    """The command's standard output and error, and its refusal if it refused."""
    out, err = strict_stream(), strict_stream()
    try:
        call_command(*args, stdout=out, stderr=err)
    except CommandError as refused:
        return written(out), written(err), refused
    return written(out), written(err), None


def test_every_command_of_the_project_writes_through_text_output():
    ours = [name for name, app in get_commands().items() if app.split(".")[0] in APPS]
    assert len(ours) > 30
    for name in ours:
        assert isinstance(load_command_class(get_commands()[name], name), BaseCommand), name


def writing_commands(director, event) -> dict:
    """Commands that take a name and store it, each as the arguments for a name."""
    return {
        "add_player": lambda name: ["add_player", name, "--country", "GB"],
        "add_club": lambda name: ["add_club", name],
        "create_tournament": lambda name: ["create_tournament", name, "--director", director],
        "add_division": lambda name: ["add_division", event.slug, name.replace("\x00", "")[:9]],
        "register": lambda name: ["register", event.slug, "--name", name],
    }


@pytest.mark.parametrize("command", list(writing_commands(None, None)))
@pytest.mark.parametrize("name", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_command_given_a_hostile_name_does_its_work_or_refuses_it_cleanly(
    director, event, command, name
):
    factories.division(event, name="A")
    args = writing_commands(director.username, event)[command](name)
    before = database_state()
    out, err, refused = run_strictly(*args)
    if refused is not None:
        assert str(refused) and shown(str(refused)) == str(refused)
        assert database_state() == before
    else:
        assert out and database_state() != before
        assert shown(name) == name and "\x00" not in name, f"{command} took {name!r}"


@pytest.mark.parametrize("name", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_cop_command_writes_the_names_of_the_request_it_answered(tmp_path, name):
    request = tmp_path / "request.json"
    data = request_dict(player_names=[name, "B", "C", "D"])
    request.write_text(json.dumps(data), encoding="utf-8")  # \ud800 escaped as JSON allows
    out, _err, refused = run_strictly("cop", str(request))
    answer = json.loads(out)
    assert refused is None and answer["error_code"] == "SUCCESS"
    assert f"{name} (1) v C (2)" in answer["log"]  # a surrogate written as JSON reads it back


@pytest.fixture
def hostile_event(director):
    """An event whose players carry every storable hostile name, one round paired and played."""
    event = factories.tournament(name=STORABLE["bidi controls"], director=director)
    division = factories.division(event, name="A")
    names = [*STORABLE.values(), "B", "C", "D"][:4]
    entries = [
        Entry.objects.create(division=division, player=factories.player(name), number=number)
        for number, name in enumerate(names, start=1)
    ]
    factories.round_with_pairings(division, entries)
    return event


READING = {  # the command's arguments, and whether its output names the players
    "standings": (lambda slug: ["standings", slug], True),
    "standings json": (lambda slug: ["standings", slug, "--format", "json"], True),
    "export_tsh": (lambda slug: ["export_tsh", slug], True),
    "audit": (lambda slug: ["audit", slug], False),
    "restore_points": (lambda slug: ["restore_points", "list", slug], False),
}


@pytest.mark.parametrize(("command", "names"), READING.values(), ids=READING.keys())
def test_a_command_writes_every_stored_hostile_name_it_reads(hostile_event, command, names):
    out, _err, refused = run_strictly(*command(hostile_event.slug))
    assert refused is None and out
    if names:
        text = json.dumps(json.loads(out), ensure_ascii=False) if out[:1] == "[" else out
        assert "Ca\u202erol\u2066" in text  # TSH writes "last, first"
