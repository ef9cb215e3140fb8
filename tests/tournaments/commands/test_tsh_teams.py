"""TSH's ``team`` tag: read into the entry's team on import, written back on export as it was,
or as changed here."""

import pytest
from django.core.management import call_command

from tournaments.services.entries import entry_set_team

from .test_tsh_import import _import, _Sink

pytestmark = pytest.mark.django_db

FILE = b"Ames, Al 1500 2; 400; team Bangkok Christian\nBell, Bo 1400 1; 390\n"


def _exported(division) -> list[str]:
    out = _Sink()
    call_command("export_tsh", division.tournament.slug, stdout=out)
    return out.text.splitlines()


def test_the_team_tag_is_the_entrys_team_and_goes_back_unchanged(tmp_path):
    path = tmp_path / "teams.t"
    path.write_bytes(FILE)
    division = _import(path)
    assert list(division.entries.order_by("number").values_list("team", flat=True)) == [
        "Bangkok Christian",
        "",
    ]
    assert _exported(division)[0].endswith("team Bangkok Christian")


def test_a_team_changed_here_is_exported(tmp_path):
    path = tmp_path / "teams.t"
    path.write_bytes(FILE)
    division = _import(path)
    al, bo = division.entries.order_by("number")
    entry_set_team(by=None, entry=al, team="")
    entry_set_team(by=None, entry=bo, team="  Owls   Club ")
    lines = _exported(division)
    assert "team" not in lines[0]
    assert lines[1].endswith("team Owls Club")
