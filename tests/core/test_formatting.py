"""One format per kind (a day; a day and a time; a time of day; a count) in each of the site's
languages, the same on pages, tables and printouts; machines get ISO 8601."""

import datetime
import io
import re
from pathlib import Path

import django_tables2 as tables
import pytest
from django.conf import settings
from django.template import engines
from django.test import override_settings
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from clubs.forms import ClubSessionForm
from core.formatting import (
    fmt_count,
    fmt_date,
    fmt_datetime,
    fmt_days,
    fmt_time,
    iso_day,
    iso_moment,
)
from core.forms import DayInput
from core.table_columns import DayColumn, MomentColumn
from tests.tournaments import reports_world

MOMENT = datetime.datetime(2026, 11, 23, 9, 5, 42, tzinfo=datetime.UTC)
DAY = datetime.date(2026, 11, 23)
NEXT_DAY = datetime.date(2026, 11, 24)

EXPECTED = {
    # language: (day, day and time, time of day)
    "en": ("23 Nov 2026", "23 Nov 2026, 09:05", "09:05"),
    "zh-hant": ("2026年11月23日", "2026年11月23日 09:05", "09:05"),
    "ja": ("2026年11月23日", "2026年11月23日 9:05", "9:05"),
    "th": ("23 พฤศจิกายน 2026", "23 พฤศจิกายน 2026, 9:05", "9:05"),
    "sw": ("23 Novemba 2026", "23 Novemba 2026, 09:05", "09:05"),
}
RANGES = {
    "en": "23 Nov 2026 – 24 Nov 2026",
    "zh-hant": "2026年11月23日 – 2026年11月24日",
    "ja": "2026年11月23日 – 2026年11月24日",
    "th": "23 พฤศจิกายน 2026 – 24 พฤศจิกายน 2026",
    "sw": "23 Novemba 2026 – 24 Novemba 2026",
}
TEMPLATES_DIR = Path(settings.BASE_DIR) / "templates"


def test_every_site_language_has_its_expected_formats():
    assert sorted(EXPECTED) == sorted(code for code, _name in settings.LANGUAGES)


@override_settings(TIME_ZONE="UTC")
@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_each_language_writes_a_day_a_moment_and_a_time_its_own_way(language):
    day, moment, time = EXPECTED[language]
    with translation.override(language):
        assert fmt_date(DAY) == day
        assert fmt_date(MOMENT) == day
        assert fmt_datetime(MOMENT) == moment
        assert fmt_time(MOMENT) == time
        assert fmt_time(datetime.time(9, 5)) == time
        assert fmt_days(DAY, NEXT_DAY) == RANGES[language]


@override_settings(TIME_ZONE="UTC")
def test_thai_dates_have_thai_month_names_and_gregorian_years():
    with translation.override("th"):
        shown = fmt_date(DAY)
    assert "พฤศจิกายน" in shown
    assert "2026" in shown and "2569" not in shown  # 2569 would be the Buddhist era


@override_settings(TIME_ZONE="Asia/Bangkok")
def test_a_moment_is_shown_on_the_site_clock_day_and_time_together():
    late = datetime.datetime(2026, 11, 23, 23, 30, tzinfo=datetime.UTC)
    with translation.override("en"):
        assert fmt_datetime(late) == "24 Nov 2026, 06:30"
        assert fmt_date(late) == "24 Nov 2026"
        assert fmt_time(late) == "06:30"


def test_an_event_of_one_day_shows_that_day_once_and_none_shows_nothing():
    with translation.override("en"):
        assert fmt_days(DAY, None) == "23 Nov 2026"
        assert fmt_days(DAY, DAY) == "23 Nov 2026"
        assert fmt_days(None, DAY) == "23 Nov 2026"
        assert fmt_days(None, None) == ""
        assert fmt_date(None) == fmt_datetime(None) == fmt_time(None) == ""


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_counts_are_grouped_in_threes_in_every_language(language):
    with translation.override(language):
        assert fmt_count(279496) == "279,496"
        assert fmt_count(1234567) == "1,234,567"
        assert fmt_count(999) == "999"
        assert fmt_count(None) == ""


def render(source: str, **context) -> str:
    return engines["django"].from_string("{% load i18n desk_format %}" + source).render(context)


@override_settings(TIME_ZONE="UTC")
def test_the_template_filters_write_what_the_helper_writes():
    with translation.override("th"):
        shown = render(
            "{{ m|day }}|{{ m|day_time }}|{{ m|time_of_day }}|{{ a|days:b }}|{{ none|day }}",
            m=MOMENT,
            a=DAY,
            b=NEXT_DAY,
            none=None,
        )
    day, moment, time = EXPECTED["th"]
    assert shown == f"{day}|{moment}|{time}|{RANGES['th']}|"


def test_a_grouped_count_still_chooses_the_plural_form():
    sentence = (
        "{% blocktranslate count words=n|count %}{{ words }} word{% plural %}"
        "{{ words }} words{% endblocktranslate %}"
    )
    with translation.override("en"):
        assert render(sentence, n=1) == "1 word"
        assert render(sentence, n=2) == "2 words"
        assert render(sentence, n=279496) == "279,496 words"


class DatedTable(tables.Table):
    day = DayColumn()
    at = MomentColumn()


@override_settings(TIME_ZONE="UTC")
def test_tables_show_dates_to_people_and_export_iso_8601():
    table = DatedTable([{"day": DAY, "at": MOMENT}])
    with translation.override("th"):
        row = table.rows[0]
        assert (row.get_cell("day"), row.get_cell("at")) == EXPECTED["th"][:2]
        assert list(table.as_values())[1] == ["2026-11-23", "2026-11-23T09:05:42+00:00"]
    assert iso_day(MOMENT) == "2026-11-23" and iso_moment(None) == iso_day(None) == ""


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_date_picker_always_holds_an_iso_day_and_takes_one_back(language):
    with translation.override(language):
        assert DayInput().format_value(DAY) == "2026-11-23"
        assert 'type="date"' in DayInput().render("day", DAY)
        form = ClubSessionForm(data={"date": "2026-11-23"})
        assert form.is_valid() and form.cleaned_data["date"] == DAY


# Django's own date and time filters (and humanize's) write their own format: templates use
# desk_format's |day, |day_time and |time_of_day instead.
RAW_DATE_FILTER = re.compile(r"\|\s*(date|time|naturaltime|naturalday)\b")


def test_no_template_formats_a_date_or_a_time_by_itself():
    found = [
        f"{path.relative_to(TEMPLATES_DIR)}: {match.group(0)}"
        for path in sorted(TEMPLATES_DIR.rglob("*.html"))
        for match in RAW_DATE_FILTER.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_template_check_catches_a_hard_coded_format():
    assert RAW_DATE_FILTER.search('{{ when|date:"Y-m-d" }}')
    assert RAW_DATE_FILTER.search('{{ when|time:"H:i" }}')
    assert not RAW_DATE_FILTER.search("{{ when|day_time }} {{ when|time_of_day }}")


def pdf_text(data: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )


@override_settings(TIME_ZONE="UTC")
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "th", "zh-hant"])
@pytest.mark.parametrize("report", ["standings", "final-report"])
def test_the_printout_carries_the_event_days_as_the_event_page_writes_them(
    client, language, report
):
    division = reports_world.build()
    event = division.tournament
    event.start_date, event.end_date, event.language = DAY, NEXT_DAY, language
    event.save()
    page = client.get(reverse("tournaments:public_home", args=[event.slug])).text
    printed = client.get(
        reverse("tournaments:print", args=[event.slug, division.name, report]),
        {"language": language},
    )
    # A Thai-language event counts its years in the Buddhist era (2026 + 543), on both.
    expected = RANGES[language].replace("2026", "2569") if language == "th" else RANGES[language]
    assert expected in page
    assert expected in pdf_text(printed.content)
