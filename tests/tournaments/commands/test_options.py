"""The options the event commands share (``tournaments/management/commands/_options.py``): each
written once, and a number read as the pages read it, bounded the same on both sides."""

from pathlib import Path

import pytest
from django.core.management import CommandError

from tests.command_runs import run

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
ROUND_REFUSED = "Error: argument --round: Enter a whole number from 1 to 32767."
AFTER_REFUSED = "Error: argument --after-round: Enter a whole number from 0 to 32767."
NO_EVENT = "No tournament has the slug “nowhere”."


def refusal(*args: str) -> str:
    with pytest.raises(CommandError) as caught:
        run(*args)
    return str(caught.value)


@pytest.mark.parametrize("command", ["result", "pair"])
@pytest.mark.parametrize("typed", ["0", "32768", "-1", "1.0", "٣", "three", "1_0"])
def test_a_round_no_division_can_have_is_refused_before_anything_is_read(command, typed):
    line = ("1 400 300",) if command == "result" else ()
    assert refusal(command, "nowhere", *line, "--round", typed) == ROUND_REFUSED


@pytest.mark.parametrize("command", ["result", "pair"])
@pytest.mark.parametrize("typed", ["1", "32767", " 7 "])
def test_a_round_within_the_bounds_is_read_and_the_event_looked_up(command, typed):
    line = ("1 400 300",) if command == "result" else ()
    assert refusal(command, "nowhere", *line, "--round", typed) == NO_EVENT


@pytest.mark.parametrize(("typed", "said"), [("-1", AFTER_REFUSED), ("32768", AFTER_REFUSED)])
def test_standings_after_a_round_outside_the_bounds_is_refused(typed, said):
    assert refusal("standings", "nowhere", "--after-round", typed) == said


@pytest.mark.parametrize("typed", ["0", "32767"])
def test_standings_after_a_round_at_the_bounds_is_read(typed):
    assert refusal("standings", "nowhere", "--after-round", typed) == NO_EVENT


@pytest.mark.parametrize("command", ["rate", "broadcast", "export_tou", "publish", "undo"])
def test_every_event_command_looks_the_event_up_the_one_way(command):
    extra = {"rate": ("--list", "x"), "publish": ("--to", "/tmp/x"), "undo": ("1",)}
    assert refusal(command, "nowhere", *extra.get(command, ())) == NO_EVENT


# A shared option declared again in a command would drift from the others (its help, its
# bounds, its lookup). ``import_tsh --division`` is another thing: the name of the division the
# file makes, not one to find.
SHARED = (
    'add_argument("slug"',
    'add_argument("--division"',
    'add_argument("--user"',
    'add_argument("--round"',
    'add_argument("--output", help=_("File to write (default: standard output).")',
)
ELSEWHERE = {("tournaments/management/commands/import_tsh.py", 'add_argument("--division"')}


def test_no_command_declares_a_shared_option_again():
    found = {
        (str(path.relative_to(ROOT)), needle)
        for path in ROOT.glob("*/management/commands/*.py")
        if path.name != "_options.py"
        for needle in SHARED
        if needle in path.read_text(encoding="utf-8")
    }
    assert found == ELSEWHERE


ID_REFUSED = "Enter a whole number from 1 to 9223372036854775807."
# Each command that takes a row's id, with the id typed as ``{id}``.
ID_TAKERS = [
    ("undo", "nowhere", "{id}"),
    ("export_gcg", "{id}"),
    ("add_member", "nowhere", "{id}"),
    ("person_data", "export", "{id}"),
    ("register", "nowhere", "--player", "{id}"),
    ("broadcast", "nowhere", "--mark", "{id}"),
    ("import_gcg", "nowhere.gcg", "--pairing", "{id}"),
]


@pytest.mark.parametrize("args", ID_TAKERS, ids=lambda args: args[0])
@pytest.mark.parametrize("typed", ["0", "9223372036854775808", "٣", "-1"])
def test_an_id_no_row_can_have_is_refused_by_every_command(args, typed):
    said = refusal(*(a.replace("{id}", typed) for a in args))
    assert said.startswith("Error: argument ") and said.endswith(ID_REFUSED)


@pytest.mark.parametrize("args", ID_TAKERS, ids=lambda args: args[0])
def test_an_id_a_row_can_have_is_read_and_looked_up(args):
    said = refusal(*(a.replace("{id}", "9223372036854775807") for a in args))
    assert not said.startswith("Error: argument ")
