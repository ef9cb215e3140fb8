"""Printouts in the event's language or the one asked for, every character with a glyph.

Most catalogues here are small fixtures (``tests/fixtures/locale``: the standings' strings in Thai
and Traditional Chinese), compiled for the test, so the test does not wait on the real ones. The
rules sheet, standings and scorecards are also printed with the site's own catalogues (whose
words each test looks up rather than writes out): every character must have a glyph.
"""

from pathlib import Path

import polib
import pytest
from django.urls import reverse
from django.utils import translation

from printouts import registry
from printouts.registry import Options
from tests import factories
from tests.command_runs import run
from tests.tournaments import reports_world
from tests.tournaments.pdf_glyphs import text_and_missing_glyphs
from tournaments.rule_texts import preset_name

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "locale"
THAI_TITLE = "สงกรานต์โอเพ่น – A – อันดับ"
CHINESE_TITLE = "สงกรานต์โอเพ่น – A – 排名"


@pytest.fixture
def catalogues(settings, tmp_path):
    """The fixture catalogues compiled into a locale folder the site reads."""
    for po_path in FIXTURES.glob("*/LC_MESSAGES/django.po"):
        target = tmp_path / po_path.relative_to(FIXTURES)
        target.parent.mkdir(parents=True)
        polib.pofile(str(po_path)).save_as_mofile(str(target.with_suffix(".mo")))
    settings.LOCALE_PATHS = [tmp_path]


@pytest.fixture
def division(catalogues):
    found = reports_world.build()
    event = found.tournament
    event.name, event.language = "สงกรานต์โอเพ่น", "th"
    event.save()
    return found


def standings(division, language: str) -> bytes:
    return registry.report_named("standings").printed(division, Options(), language)


@pytest.mark.parametrize(
    ("language", "title", "headings"),
    [
        ("th", THAI_TITLE, ["ผู้เล่น", "เรตติ้ง", "ชนะ–แพ้", "ผลต่างแต้ม", "เฉลี่ย", "สูงสุด"]),
        ("zh-hant", CHINESE_TITLE, ["參賽者", "等級分", "勝–負", "分差", "平均", "最高"]),
    ],
)
def test_standings_print_in_the_language_with_a_glyph_for_every_character(
    division, language, title, headings
):
    text, missing = text_and_missing_glyphs(standings(division, language))
    assert missing == []
    squeezed = "".join(text.split())
    for expected in [title, *headings, *reports_world.NAMES]:
        assert "".join(expected.split()) in squeezed


def test_an_english_printout_has_every_glyph_too(division):
    text, missing = text_and_missing_glyphs(standings(division, "en"))
    assert missing == []
    assert "Player" in text


def test_the_print_link_prints_in_the_events_language_even_for_an_english_reader(client, division):
    client.cookies["django_language"] = "en"
    url = reverse(
        "tournaments:print",
        kwargs={"tournament_slug": "spring-open", "division_name": "A", "report_name": "standings"},
    )
    text, _missing = text_and_missing_glyphs(client.get(url).content)
    assert "อันดับ" in text


def test_the_print_link_prints_in_the_language_it_names(client, division):
    url = reverse(
        "tournaments:print",
        kwargs={"tournament_slug": "spring-open", "division_name": "A", "report_name": "standings"},
    )
    text, _missing = text_and_missing_glyphs(client.get(url, {"language": "zh-hant"}).content)
    assert "排名" in text
    assert "อันดับ" not in text


def test_the_print_command_prints_in_the_language_asked_for(division, tmp_path):
    path = tmp_path / "standings.pdf"
    run("print", "spring-open", "standings", "--division", "A", "--output", str(path),
        "--language", "zh-hant")  # fmt: skip
    text, missing = text_and_missing_glyphs(path.read_bytes())
    assert missing == []
    assert "排名" in text


def test_the_print_command_prints_in_the_events_language_by_default(division, tmp_path):
    path = tmp_path / "standings.pdf"
    run("print", "spring-open", "standings", "--division", "A", "--output", str(path))
    text, _missing = text_and_missing_glyphs(path.read_bytes())
    assert "อันดับ" in text


def test_the_print_links_offer_every_language_with_the_events_selected(client, division):
    page = client.get(reverse("tournaments:public_home", kwargs={"tournament_slug": "spring-open"}))
    body = page.content.decode()
    assert "data-print-language" in body
    assert '<option value="th" lang="th" selected>' in body


# Words each printout shows (English; looked up in the language's catalogue at test time).
PRINTED_WORDS = {
    "rules": ["Rules: %(name)s"],
    "standings": ["Player", "Rating", "Spread", "Average"],
    "scorecards": ["Opponent", "Score", "W/L", "Spread"],
}


def printed_words(report: str, language: str, division) -> list[str]:
    with translation.override(language):
        name = preset_name(division.rule_set().name)
        return [translation.gettext(word) % {"name": name} for word in PRINTED_WORDS[report]]


@pytest.fixture
def thai_rules_division():
    """A Thai-rules event with a Thai name (its division has names in four scripts)."""
    event = factories.tournament("สงกรานต์โอเพ่น", slug="songkran", rules_preset="thai")
    return reports_world.build(event)


@pytest.mark.parametrize("language", ["th", "zh-hant"])
@pytest.mark.parametrize("report", ["rules", "standings", "scorecards"])
def test_a_printout_in_the_sites_own_thai_and_chinese_has_a_glyph_for_every_character(
    thai_rules_division, report, language
):
    printed = registry.report_named(report).printed(thai_rules_division, Options(), language)
    text, missing = text_and_missing_glyphs(printed)
    assert missing == []
    squeezed = "".join(text.split())
    for word in [*printed_words(report, language, thai_rules_division), "สงกรานต์โอเพ่น"]:
        assert "".join(word.split()) in squeezed
