"""The rules sheet: one page per division listing exactly the rules in force as sentences."""

import io
from dataclasses import replace

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.engine.rules import PRESETS
from printouts.rules_sheet import build_rules_sheet_pdf
from tests import factories
from tests.command_runs import run
from tournaments.rule_texts import rules_sentences
from tournaments.services.rules import division_rules_update

pytestmark = pytest.mark.django_db


def pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF")
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def division(event):
    event.name, event.slug = "Bangkok Open", "bangkok-open"
    event.rules_preset = "thai"
    event.save()
    return factories.division(event, name="A")


def test_the_sheet_is_one_page_with_every_sentence_of_the_events_rules(division):
    (page,) = pages(build_rules_sheet_pdf(division))
    assert "Bangkok Open – A Rules: Thai association •" in page  # heading, then the rules
    for sentence in rules_sentences(PRESETS["thai"]):
        assert sentence in page
    assert "1 minute per turn; a turn over time is lost." in page


def test_the_sheet_shows_the_divisions_own_rules_once_it_has_them(division, director):
    division_rules_update(
        by=director, division=division, preset="thai", fields={"max_turns_per_player": 25}
    )
    division.refresh_from_db()
    (page,) = pages(build_rules_sheet_pdf(division))
    assert "25 turns a side." in page and "20 turns a side." not in page
    for sentence in rules_sentences(replace(PRESETS["thai"], max_turns_per_player=25)):
        assert sentence in page


def test_the_division_page_links_the_sheet_for_anyone(client, division):
    url = reverse("tournaments:print", args=["bangkok-open", "A", "rules"])
    assert url in client.get(reverse("tournaments:division", args=["bangkok-open", "A"])).text
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert len(pages(response.content)) == 1


def test_the_print_command_writes_the_sheet(division, tmp_path):
    path = tmp_path / "rules.pdf"
    run("print", "bangkok-open", "rules", "--division", "A", "--output", str(path))
    (page,) = pages(path.read_bytes())
    assert "A tie is settled by a play-off" in page
