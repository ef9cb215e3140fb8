"""A Han name is drawn in the face its own characters call for, in a printout of any language."""

import io
import re

import pytest
from django.utils import translation
from pypdf import PdfReader

from printouts import fonts
from printouts.standings import build_standings_pdf
from tests import factories
from tournaments.models import Entry

TRADITIONAL = "陳志明"  # 陳 is only Traditional (Simplified: 陈)
SIMPLIFIED = "张伟"  # 张 is only Simplified (Traditional: 張)
SHARED = "王小明"  # the same in both


@pytest.mark.parametrize("language", ["en", "th", "sw", "zh-hant"])
def test_a_traditional_name_takes_the_traditional_face_in_any_printout_but_japanese(language):
    with translation.override(language):
        assert fonts.cjk_region(TRADITIONAL) == "TC"
        assert fonts.cjk_region(f"{TRADITIONAL} (Taipei)") == "TC"
        assert fonts.cjk_region(SIMPLIFIED) == "SC"


def test_a_name_the_same_in_both_scripts_follows_the_printouts_language():
    for language, region in [("en", "SC"), ("th", "SC"), ("sw", "SC"), ("zh-hant", "TC")]:
        with translation.override(language):
            assert fonts.cjk_region(SHARED) == region


def test_a_japanese_printout_draws_every_han_name_in_the_japanese_face():
    with translation.override("ja"):
        assert fonts.cjk_region(TRADITIONAL) == "JP"
        assert fonts.cjk_region(SIMPLIFIED) == "JP"
        assert fonts.cjk_region("中島") == "JP"


def embedded_faces(data: bytes) -> set[str]:
    """The CJK regions of the faces embedded in a PDF (their names are NotoSansCJK<region>-...)."""
    reader = PdfReader(io.BytesIO(data))
    names = {str(font["/BaseFont"]) for page in reader.pages for font in _fonts(page)}
    return {m.group(1) for n in names if (m := re.search(r"NotoSansCJK(JP|KR|SC|TC)-", n))}


def _fonts(page):
    return [ref.get_object() for ref in page["/Resources"]["/Font"].values()]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["th", "sw"])
def test_thai_and_swahili_standings_draw_a_traditional_name_in_the_traditional_face(language):
    division = factories.division(factories.tournament("Han Open"), name="A")
    for number, name in enumerate([TRADITIONAL, SIMPLIFIED, "Anna Okafor"], start=1):
        Entry.objects.create(division=division, player=factories.player(name), number=number)
    with translation.override(language):
        data = build_standings_pdf(division)
    assert embedded_faces(data) == {"TC", "SC"}
