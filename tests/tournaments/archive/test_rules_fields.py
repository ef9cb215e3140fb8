"""A division's own rules travel in the archive; an archive from before them still imports,
and rules the service would refuse are named."""

import json

import pytest

from tests import factories
from tests.command_runs import database_state
from tournaments.archive.export import archive_bytes, event_archive
from tournaments.archive.restore import event_import
from tournaments.archive.shape import ArchiveRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = factories.tournament(slug="rules-open", rules_preset="home")
    factories.division(event, name="A", rules_preset="thai", rules={"max_turns_per_player": 18})
    factories.division(event, name="B")
    return event


def imported(archive: dict, slug: str = "rules-copy"):
    return event_import(by=None, data=json.dumps(archive).encode(), slug=slug).tournament


def test_the_divisions_own_and_inherited_rules_round_trip(event):
    copy = event_import(by=None, data=archive_bytes(event), slug="rules-copy").tournament
    own, inherits = copy.divisions.order_by("name")
    assert (own.rules_preset, own.rules) == ("thai", {"max_turns_per_player": 18})
    assert (inherits.rules_preset, inherits.rules) == ("", {})
    assert own.rule_set().max_turns_per_player == 18
    assert inherits.rule_set().name == "home"


def test_an_archive_without_division_rules_imports_them_as_the_events(event):
    archive = event_archive(event)
    for division in archive["divisions"]:
        del division["rules_preset"], division["rules"]
    copy = imported(archive)
    assert [d.inherits_rules for d in copy.divisions.order_by("name")] == [True, True]


@pytest.mark.parametrize(
    ("preset", "rules", "problem"),
    [
        ("chess", {}, "“chess” is not a known rule set."),
        ("thai", {"rack_size": 16}, "rack_size must be between 2 and 15, not 16."),
        ("thai", [], "must be an object"),
    ],
)
def test_rules_the_service_would_refuse_are_named(event, preset, rules, problem):
    archive = event_archive(event)
    archive["divisions"][0]["rules_preset"] = preset
    archive["divisions"][0]["rules"] = rules
    before = database_state()
    with pytest.raises(ArchiveRefused) as refusal:
        imported(archive)
    assert database_state() == before
    assert refusal.value.problems == [f"divisions[0].rules: {problem}"]
