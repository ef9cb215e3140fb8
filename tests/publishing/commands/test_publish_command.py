"""`manage.py publish SLUG --to TARGET`: one round, told in a line; a refusal changes nothing."""

import os

import pytest
from django.core.management.base import CommandError

from tests.command_runs import database_state, run
from tests.publishing.world import manifest_of, small_event

pytestmark = pytest.mark.django_db


def test_the_command_publishes_the_event_and_says_what_it_sent(director, tmp_path):
    event = small_event(director)
    out = run("publish", event.slug, "--to", f"file://{tmp_path}")
    files = len(manifest_of(tmp_path))
    assert out.startswith(f"Published {files} files to {tmp_path} in ")
    assert out.endswith(f" s: {files} sent, 0 deleted, 0 unchanged.\n")
    again = run("publish", event.slug, "--to", str(tmp_path))
    assert again.endswith(f" s: 0 sent, 0 deleted, {files} unchanged.\n")


def test_an_unknown_event_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="No tournament has the slug “nope”."):
        run("publish", "nope", "--to", str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_a_target_that_cannot_be_written_is_refused_and_changes_nothing(director, tmp_path):
    event = small_event(director)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    before = database_state()
    with pytest.raises(CommandError, match="The target cannot be reached now: "):
        run("publish", event.slug, "--to", str(blocked / "www"))
    assert database_state() == before


@pytest.mark.parametrize("spec", ["", "   ", "x" * 1001])
def test_no_target_named_is_refused(director, spec):
    event = small_event(director)
    with pytest.raises(CommandError, match="Name a target: a folder"):
        run("publish", event.slug, "--to", spec)


def test_a_spec_of_1000_characters_is_a_target(director, tmp_path):
    event = small_event(director)
    deep = str(tmp_path / "w")
    spec = deep + "/" + "x" * (1000 - len(deep) - 1)
    assert len(spec) == 1000
    with pytest.raises(CommandError, match="The target cannot be reached now: "):
        run("publish", event.slug, "--to", spec)  # a name too long for the disk: unreachable
    assert os.path.exists(tmp_path)
