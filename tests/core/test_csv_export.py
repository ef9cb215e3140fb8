"""Every CSV the product writes shows a formula-looking name as text, never as a formula."""

import csv
import io

import pytest
from django.urls import reverse

from core.csv_export import csv_bytes, csv_text, formula_safe
from tests import factories
from tests.command_runs import run

HOSTILE = [
    '=HYPERLINK("http://evil.example","click")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_text_a_spreadsheet_would_run_is_prefixed_with_an_apostrophe(text):
    assert formula_safe(text) == "'" + text


@pytest.mark.parametrize("value", ["Anna Smith", "O'Brien", "a=b", "", "王小明", 120, -35, 0.5])
def test_ordinary_values_are_left_alone(value):
    assert formula_safe(value) == value


@pytest.mark.parametrize("number", ["-35", "+120", "-0.5", "12"])
def test_numbers_written_with_a_sign_stay_numbers(number):
    assert formula_safe(number) == number


def test_the_writer_quotes_and_neutralises_every_cell():
    text = csv_text([["name", "spread"], [HOSTILE[0], -35]])
    assert list(csv.reader(io.StringIO(text))) == [
        ["name", "spread"],
        ["'" + HOSTILE[0], "-35"],
    ]


def cells(text: str) -> set[str]:
    return {cell for row in csv.reader(io.StringIO(text)) for cell in row}


@pytest.mark.django_db
def test_table_exports_on_pages_are_neutralised(client):
    factories.player(HOSTILE[0])
    factories.player(HOSTILE[1])
    exported = client.get(reverse("players:list") + "?_export=csv").content.decode("utf-8-sig")
    assert {"'" + HOSTILE[0], "'" + HOSTILE[1]} <= cells(exported)
    assert HOSTILE[0] not in cells(exported)


@pytest.mark.django_db
def test_standings_csv_command_is_neutralised():
    event = factories.tournament(slug="csv-open")
    division = factories.division(event)
    entries = factories.entries(division, 2)
    entries[0].player.name = HOSTILE[1]
    entries[0].player.save()
    exported = run("standings", "csv-open", "--format", "csv")
    assert "'" + HOSTILE[1] in cells(exported)
    assert HOSTILE[1] not in cells(exported)


def test_downloads_start_with_a_utf8_byte_order_mark():
    assert csv_bytes([["name"], ["สมชาย ใจดี"]])[:3] == b"\xef\xbb\xbf"


def test_a_download_without_names_still_starts_with_the_mark():
    assert csv_bytes([]) == b"\xef\xbb\xbf"


@pytest.mark.django_db
def test_table_export_starts_with_the_mark_and_thai_and_chinese_names_round_trip(client):
    factories.player("สมชาย ใจดี")
    factories.player("王小明")
    exported = client.get(reverse("players:list") + "?_export=csv").content
    assert exported[:3] == b"\xef\xbb\xbf"
    assert {"สมชาย ใจดี", "王小明"} <= cells(exported.decode("utf-8-sig"))
    assert not exported.decode("utf-8-sig").startswith("\ufeff")
