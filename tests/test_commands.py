"""A whole event run from `manage.py` alone, as the brief promises: everything a director does in
the browser also works from commands. The details of each command are tested beside its app
(tests/<app>/test_commands_*.py)."""

import json

import pytest

from core.models import AuditEntry
from tests.command_runs import run
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db

ROSTER = (
    "name,country,rating\nAnna Smith,GB,1900\nBen Jones,GB,1800\nCai Wen,CN,1700\nDee Roy,US,1600\n"
)


def test_a_director_runs_an_event_from_the_command_line(director, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    run("create_tournament", "Club Open", "--director", director.username)
    run("add_division", "club-open", "A", "--rounds", "3")
    assert run("import_roster", str(roster)) == "4 players imported.\n"
    for name in ("Anna Smith", "Ben Jones", "Cai Wen", "Dee Roy"):
        run("register", "club-open", "--name", name, "--check-in")
    assert Entry.objects.filter(status="checked_in").count() == 4

    run("pair", "club-open", "--round", "1", "--seed", "7")
    tables = list(Pairing.objects.filter(round__number=1).order_by("table"))
    assert [p.table for p in tables] == [1, 2]
    for pairing in tables:
        run("result", "club-open", f"{pairing.table} 420 380", "--round", "1", "--user",
            director.username)  # fmt: skip
    standings = json.loads(run("standings", "club-open", "--format", "json"))
    assert sorted(row["wins"] for row in standings) == [0, 0, 1, 1]

    audit = run("audit", "club-open").splitlines()  # every change, as the audit log page
    assert len([line for line in audit if "  Result saved  " in line]) == 2
    assert "  Added division A" in audit[-2]
    assert "  Result saved  " in audit[0]
    latest = int(audit[0].split()[0])
    run("undo", "club-open", str(latest))
    standings = json.loads(run("standings", "club-open", "--format", "json"))
    assert sorted(row["wins"] for row in standings) == [0, 0, 0, 1]

    report = tmp_path / "standings.pdf"
    run("print", "club-open", "standings", "--output", str(report))
    assert report.read_bytes().startswith(b"%PDF")
    actors = set(
        AuditEntry.objects.filter(action__startswith="result.").values_list("actor", flat=True)
    )
    assert actors == {director.pk, None}
