"""The audit log speaks in sentences: one describer per action, a generic sentence otherwise."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from core import audit_text
from core.audit import audit_record
from core.audit_text import describe, describe_entries, generic_sentence
from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing
from tournaments.services import entries as entry_services
from tournaments.services import results

ROOT = Path(__file__).resolve().parents[2]
APPS = ["core", "players", "clubs", "tournaments", "games", "ratings", "publishing"]
# An action is a quoted "word.word" given as action=..., or to the helpers that pass one on.
ACTION = re.compile(r'(?:action=|_change\(by, entry, |_audit\(by, \w+, |^\s+)"([a-z_]+\.[a-z_]+)"')
DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+\b")


def actions_in_source() -> set[str]:
    found = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts or path.name == "audit_text.py":
                continue
            text = path.read_text()
            if "audit" not in text:
                continue
            found |= {m for m in ACTION.findall(text, re.M) if not m.endswith(("_py", "html"))}
    for line in ROOT.joinpath("tournaments/services/round_edits.py").read_text().splitlines():
        found |= set(re.findall(r'^\s+"(round\.[a-z_]+)",$', line))
    return found


def test_every_action_written_in_the_code_has_a_describer():
    in_source = actions_in_source()
    assert {"entry.check_in", "result.record", "round.swap", "login.unlock"} <= in_source
    assert in_source - set(audit_text._DESCRIBERS) == set()  # what describe() looks up


@pytest.mark.django_db
def test_every_entry_of_the_demo_reads_as_a_sentence_without_model_names(quickstart):
    quickstart()
    entries = list(AuditEntry.objects.all())
    assert len({e.action for e in entries}) >= 8
    for described in describe_entries(entries):
        assert described.text, described.entry.action
        assert not DOTTED.search(described.text), (described.entry.action, described.text)
        assert described.entry.object_type not in described.text


@pytest.fixture
def table(event, director):
    division = factories.division(event, name="A")
    players = factories.entries(division, 2)
    players[0].player.name = "Anna Okafor"
    players[0].player.save()
    factories.round_with_pairings(division, players)
    return Pairing.objects.get(), players


def latest() -> AuditEntry:
    return AuditEntry.objects.latest("pk")


def test_a_check_in_names_the_player(table, director):
    _pairing, players = table
    entry_services.entry_check_in(by=director, entry=players[0])
    assert describe(latest(), players[0]) == "Checked in Anna Okafor"


def test_a_corrected_result_shows_the_score_before_and_after(table, director):
    pairing, _players = table
    results.result_record(
        by=director, pairing_id=pairing.pk, first_score=402, second_score=380, expected_version=0
    )
    pairing.refresh_from_db()
    results.result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=380,
        second_score=402,
        expected_version=pairing.version,
    )
    (described,) = describe_entries([latest()])
    assert described.text == "Result saved at table 1, round 1: 402–380 → 380–402"


def test_an_action_nobody_described_gets_the_generic_sentence(table, director):
    _pairing, players = table
    entry = audit_record(by=director, action="entry.tea_break", obj=players[0])
    (described,) = describe_entries([entry])
    assert described.text == f'Changed entry "#{players[0].number} Anna Okafor"'


def test_a_gone_object_is_named_by_its_id(db):
    entry = AuditEntry(action="club.delete", object_type="clubs.club", object_id="77")
    assert generic_sentence(entry) == "Removed club #77"
    assert describe(entry) == "Removed club #77"


def test_a_describer_that_cannot_tell_falls_back_to_the_generic_sentence(db):
    entry = AuditEntry(action="entry.check_in", object_type="tournaments.entry", object_id="5")
    assert describe(entry, None) == "Changed entry #5"


def test_the_audit_page_shows_sentences_not_model_names(client, table, director):
    pairing, players = table
    entry_services.entry_check_in(by=director, entry=players[0])
    client.force_login(director)
    page = client.get(reverse("tournaments:audit", args=[pairing.round.division.tournament.slug]))
    html = page.content.decode()
    assert "Checked in Anna Okafor" in html
    assert "tournaments.entry" not in html
