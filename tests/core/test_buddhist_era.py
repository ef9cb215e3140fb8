"""Thai dates in the Buddhist era (BE = CE + 543), chosen per event: the format both ways, the
event's setting (automatic for a Thai-language event), its pages, printouts, form and archive."""

import datetime
import io
import json
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from core import formatting
from core.formatting import buddhist_era, fmt_date, fmt_datetime, fmt_days, fmt_time
from core.models import AuditEntry
from printouts.registry import Options, report_named
from printouts.standings import build_standings_pdf
from tests import factories
from tournaments.archive.export import event_archive
from tournaments.archive.restore import event_import
from tournaments.models import Tournament

DAY = datetime.date(2026, 11, 26)
LEAP_DAY = datetime.datetime(2024, 2, 29, 9, 5, tzinfo=datetime.UTC)


def test_buddhist_years_count_543_years_ahead():
    assert formatting.buddhist_year(2026) == 2569


def test_thai_dates_count_from_the_buddhist_era_only_when_asked():
    with translation.override("th"):
        assert fmt_date(DAY) == "26 พฤศจิกายน 2026"
        with buddhist_era(True):
            assert fmt_date(DAY) == "26 พฤศจิกายน 2569"
            assert fmt_days(DAY, DAY + datetime.timedelta(days=1)) == (
                "26 พฤศจิกายน 2569 – 27 พฤศจิกายน 2569"
            )
            # 29 February of a leap year has no twin 543 years on: the year is written, not moved.
            assert fmt_datetime(LEAP_DAY).startswith("29 กุมภาพันธ์ 2567")
            assert fmt_time(LEAP_DAY) == fmt_time(LEAP_DAY.replace(year=2023, day=28))
        with buddhist_era(False):
            assert fmt_date(DAY) == "26 พฤศจิกายน 2026"
        assert fmt_date(DAY) == "26 พฤศจิกายน 2026"  # the block is over


@pytest.mark.parametrize("language", ["en", "zh-hant", "ja", "sw"])
def test_other_languages_keep_gregorian_years_whatever_the_event_chose(language):
    with translation.override(language), buddhist_era(True):
        assert "2026" in fmt_date(DAY) and "2569" not in fmt_date(DAY)
        assert formatting.iso_day(DAY) == "2026-11-26"


def test_an_escaped_y_in_a_format_is_left_alone():
    assert formatting._with_year(r"j F \Y Y y", 2569) == r"j F \Y \2\5\6\9 \6\9"


def test_a_lazy_source_is_asked_only_for_a_thai_date():
    asked = []

    def source() -> bool:
        asked.append(1)
        return True

    token = formatting.buddhist_era_from(source)
    try:
        with translation.override("en"):
            fmt_date(DAY)
        assert asked == []
        with translation.override("th"):
            assert fmt_date(DAY) == "26 พฤศจิกายน 2569"
        assert asked == [1]
    finally:
        formatting.buddhist_era_reset(token)


@pytest.mark.parametrize(
    ("language", "chosen", "expected"),
    [
        ("th", None, True),
        ("", None, False),
        ("en", None, False),
        ("th", False, False),
        ("sw", True, True),
    ],
)
def test_automatic_means_on_for_a_thai_language_event(language, chosen, expected):
    event = Tournament(name="E", language=language, thai_buddhist_era=chosen)
    assert event.buddhist_era is expected


def thai_event(**fields) -> Tournament:
    return factories.tournament(
        "Songkran Open", slug="songkran", language="th", start_date=DAY, is_public=True, **fields
    )


@pytest.mark.django_db
def test_a_thai_events_page_shows_buddhist_era_years_to_a_thai_reader(client):
    thai_event()
    page = client.get(reverse("tournaments:detail", args=["songkran"]))
    assert "26 พฤศจิกายน 2569" in page.text and "2026" not in page.text.split("<main>")[1]


@pytest.mark.django_db
def test_an_event_that_turned_it_off_and_an_english_reader_see_gregorian_years(client):
    event = thai_event(thai_buddhist_era=False)
    page = client.get(reverse("tournaments:detail", args=["songkran"]))
    assert "26 พฤศจิกายน 2026" in page.text and "2569" not in page.text
    Tournament.objects.filter(pk=event.pk).update(thai_buddhist_era=None)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = client.get(reverse("tournaments:detail", args=["songkran"]))
    assert "26 Nov 2026" in page.text and "2569" not in page.text


@pytest.mark.django_db
def test_a_thai_printout_footer_dates_the_event_in_the_buddhist_era():
    division = factories.division(thai_event(), name="A")
    printed = report_named("standings").printed(division, Options(), "th")
    text = PdfReader(io.BytesIO(printed)).pages[0].extract_text()
    assert "2569" in text and "2026" not in text
    with translation.override("en"):
        english = PdfReader(io.BytesIO(build_standings_pdf(division))).pages[0].extract_text()
    assert "2026" in english


@pytest.mark.django_db
def test_the_event_form_sets_it_through_the_audited_service(client, director):
    event = thai_event(director=director)
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    form = client.get(reverse("tournaments:edit", args=["songkran"]))
    assert 'name="thai_buddhist_era"' in form.text
    assert "Automatic: yes for a Thai-language event" in form.text
    data = {
        "name": event.name,
        "start_date": "2026-11-26",
        "venue": "",
        "is_public": "on",
        "language": "th",
        "thai_buddhist_era": "false",
    }
    response = client.post(reverse("tournaments:edit", args=["songkran"]), data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.thai_buddhist_era is False
    change = AuditEntry.objects.filter(action="tournament.update").latest("pk")
    assert change.after["thai_buddhist_era"] is False


@pytest.mark.django_db
def test_the_archive_keeps_the_choice_and_an_older_archive_reads_automatic():
    event = thai_event(thai_buddhist_era=False)
    archive = event_archive(event)
    assert archive["tournament"]["thai_buddhist_era"] is False
    copy = event_import(by=None, data=json.dumps(archive).encode(), slug="copy-1").tournament
    assert copy.thai_buddhist_era is False
    del archive["tournament"]["thai_buddhist_era"]
    older = event_import(by=None, data=json.dumps(archive).encode(), slug="copy-2").tournament
    assert older.thai_buddhist_era is None and older.buddhist_era is True


@pytest.mark.django_db
def test_a_list_of_events_read_in_thai_dates_each_event_by_its_own_choice(client):
    thai_event()
    factories.tournament("Nairobi Open", language="sw", start_date=DAY, is_public=True)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "th"
    for url in (reverse("tournaments:list"), reverse("home")):
        page = client.get(url).text
        assert re.search(r"Songkran Open</a> <span class=\"muted\">26 พฤศจิกายน 2569", page)
        assert re.search(r"Nairobi Open</a> <span class=\"muted\">26 พฤศจิกายน 2026", page)
