"""manage.py export_event and import_event."""

import json
import math

import pytest
from django.core.management.base import CommandError

from tests.command_runs import database_state, run
from tournaments.models import Tournament

from .world import small_event

pytestmark = pytest.mark.django_db


def test_export_writes_the_archive_to_a_file_and_import_restores_it_under_a_new_slug(
    tmp_path, director
):
    event = small_event(director, name="Lakeside Open")
    target = tmp_path / "lakeside.json"
    written = run("export_event", event.slug, "--output", str(target))
    assert written == f"Wrote {target} ({math.ceil(target.stat().st_size / 1024)} KB).\n"
    assert json.loads(target.read_text(encoding="utf-8"))["tournament"]["name"] == "Lakeside Open"
    report = run("import_event", str(target), "--slug", "lakeside-copy")
    assert report == (
        "Imported “Lakeside Open” as lakeside-copy.\nIt is private.\nPlayers found here: 4.\n"
        "Players added: 0.\n"
    )
    copy = Tournament.objects.get(slug="lakeside-copy")
    assert copy.divisions.get().round_set.get().pairings.get(table=1).first_score == 420


def test_export_without_output_prints_the_archive(director):
    event = small_event(director)
    assert json.loads(run("export_event", event.slug))["tournament"]["slug"] == event.slug


def test_export_of_an_unknown_event_is_refused():
    with pytest.raises(CommandError, match="No tournament has the slug “nowhere”."):
        run("export_event", "nowhere")


def test_import_reports_players_added_and_roles_left_out(tmp_path, director):
    event = small_event(director)
    archive = json.loads(run("export_event", event.slug))
    archive["players"][0]["member_id"] = "NEW-1"
    archive["roles"][0]["user"] = "retired-director"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    report = run("import_event", str(path), "--slug", "copy").splitlines()
    assert report[1:] == [
        "It is private.",
        "Players found here: 3.",
        f"Players added: 1: {archive['players'][0]['name']}.",
        "There is no user “retired-director” here; their role (director) is left out.",
    ]


def test_a_bad_archive_is_refused_with_its_problems_and_nothing_imported(tmp_path, director):
    event = small_event(director)
    archive = json.loads(run("export_event", event.slug))
    archive["divisions"][0]["rounds_paired"][0]["pairings"][0]["version"] = -1
    path = tmp_path / "event.json"
    path.write_text(json.dumps(archive), encoding="utf-8")
    before = database_state()
    with pytest.raises(CommandError) as refused:
        run("import_event", str(path))
    assert str(refused.value).splitlines() == [
        "Nothing was imported:",
        f"tournament.slug: an event with the slug “{event.slug}” already exists; import it "
        "under another slug",
        "divisions[0].rounds_paired[0].pairings[0].version: Ensure this value is greater than or "
        "equal to 0.",
    ]
    assert database_state() == before


def test_an_unreadable_file_is_named(tmp_path):
    with pytest.raises(CommandError, match="Cannot read .*missing.json"):
        run("import_event", str(tmp_path / "missing.json"))
