"""export_tou and export_naspa: the event's WESPA and NASPA files on standard output or a file."""

import io

import pytest
from django.core.management import CommandError, call_command

from tests.tournaments.exports_world import NASPA, TOU, example_event
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return example_event()


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_export_tou_prints_the_file(event):
    assert run("export_tou", "example-open") == TOU


def test_export_naspa_prints_the_file(event):
    assert run("export_naspa", "example-open") == NASPA


def test_exports_write_a_file_when_asked(event, tmp_path):
    tou, naspa = tmp_path / "event.tou", tmp_path / "event.tsh"
    assert run("export_tou", "example-open", "--output", str(tou)) == f"Wrote {tou} (1 KB).\n"
    assert run("export_naspa", "example-open", "--output", str(naspa)) == f"Wrote {naspa} (1 KB).\n"
    assert tou.read_bytes() == TOU.encode("ascii")
    assert naspa.read_text(encoding="utf-8") == NASPA


@pytest.mark.parametrize("command", ["export_tou", "export_naspa"])
def test_unknown_event_is_a_clear_error(command):
    with pytest.raises(CommandError, match="No tournament has the slug “nope”"):
        run(command, "nope")


def test_export_tou_refuses_a_score_it_cannot_hold(event):
    Pairing.objects.filter(round__number=1, table=1).update(first_score=1000)
    with pytest.raises(CommandError, match="Avery Quill|Quill, Avery"):
        run("export_tou", "example-open")
    Pairing.objects.filter(round__number=1, table=1).update(first_score=999)
    assert "Quill, Avery         2999  +2" in run("export_tou", "example-open")
