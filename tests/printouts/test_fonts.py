"""Names in Latin, Thai, Chinese, Japanese and Korean get a face that has their characters."""

import io
import threading

from django.utils import translation
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, SimpleDocTemplate

from printouts import fonts

NAMES = ["Zoë Ångström-Müller", "王小明", "山田さくら", "สมชาย ใจดี", "김민수", "Иван Петров"]


def test_runs_split_a_mixed_name_by_script():
    assert fonts.runs("Li 王小明 (CN)") == [("sans", "Li "), ("cjk", "王小明"), ("sans", " (CN)")]
    assert fonts.runs("สมชาย ใจดี") == [("thai", "สมชาย ใจดี")]
    assert fonts.runs("Łukasz Żółć") == [("sans", "Łukasz Żółć")]


def test_cjk_region_prefers_japanese_for_kana_and_korean_for_hangul():
    assert fonts.cjk_region("山田さくら") == "JP"
    assert fonts.cjk_region("김민수") == "KR"
    assert fonts.cjk_region("王小明") == "SC"


def test_han_characters_take_the_face_of_a_traditional_chinese_or_japanese_printout():
    with translation.override("zh-hant"):
        assert fonts.cjk_region("王小明") == "TC"
        assert fonts.cjk_region("山田さくら") == "JP"
    with translation.override("ja"):
        assert fonts.cjk_region("王小明") == "JP"
    with translation.override("th"):
        assert fonts.cjk_region("王小明") == "SC"


def test_cjk_subset_is_truetype_and_grows_with_new_characters():
    found = fonts.font_set(["王小明"])
    name = found.cjk["SC"][1]
    face = pdfmetrics.getFont(name).face
    # reportlab only accepts TrueType outlines: registering proves the CFF was converted.
    assert face.charToGlyph[ord("王")] > 0
    found.markup("李娜")
    assert found.cjk["SC"][0] >= set("王小明李娜")
    assert ord("李") in pdfmetrics.getFont(found.cjk["SC"][1]).face.charToGlyph


def test_a_chinese_printouts_labels_are_in_the_subset_made_for_its_names():
    """The labels of a printout arrive one at a time; each used to make a subset of its own
    (~0.5 s each: a Chinese final report made 27)."""
    with translation.override("zh-hant"):
        label = translation.gettext("Standings")
        assert set(label) - set("王小明") and all(fonts.runs(c)[0][0] == "cjk" for c in label)
        found = fonts.font_set(["王小明"])
        first = found.cjk["TC"][1]
        found.markup(label)
        assert found.cjk["TC"][1] == first
        assert ord(label[0]) in pdfmetrics.getFont(first).face.charToGlyph


def test_a_label_of_another_language_still_grows_the_subset():
    with translation.override("zh-hant"):
        label = translation.gettext("Standings")
    with translation.override("th"):
        found = fonts.font_set(["王小明"])
        first = found.cjk["SC"][1]
        found.markup(label)
        assert found.cjk["SC"][1] != first
        assert found.cjk["SC"][0] == frozenset("王小明" + label)


def test_only_the_printouts_own_han_face_takes_its_languages_characters():
    with translation.override("zh-hant"):
        label = translation.gettext("Standings")
        assert set(label) <= fonts._language_chars("TC")
        assert fonts._language_chars("SC") == frozenset()
    with translation.override("ja"):
        assert set(translation.gettext("Standings")) <= fonts._language_chars("JP")
        assert fonts._language_chars("TC") == frozenset()
    with translation.override("th"):
        assert fonts._language_chars("TC") == fonts._language_chars("SC") == frozenset()


def test_plain_latin_needs_no_markup_but_thai_and_cjk_do():
    found = fonts.font_set(NAMES)
    assert not found.needs_markup("Zoë Ångström-Müller")
    assert found.needs_markup("สมชาย")
    assert found.needs_markup("Li 王")


def test_every_script_survives_into_the_pdf_text():
    found = fonts.font_set(NAMES)
    style = ParagraphStyle("n", fontName=fonts.SANS, fontSize=12)
    out = io.BytesIO()
    SimpleDocTemplate(out).build([Paragraph(found.markup(n), style) for n in NAMES])
    reader = PdfReader(io.BytesIO(out.getvalue()))
    text = reader.pages[0].extract_text()
    for name in NAMES:
        assert name in text
    used = {str(f) for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert len(used) >= 4


def test_two_processes_missing_a_cached_face_at_once_build_it_once(tmp_path, monkeypatch):
    """The second to miss waits for the first one's build and reads it (the bold instance of
    Noto Sans is ~10 s of CPU: test workers and app servers start together)."""
    monkeypatch.setattr(fonts, "CACHE_DIR", tmp_path)
    real_lock, second_waits = fonts._build_lock, threading.Event()

    def lock(path):
        if threading.current_thread().name == "second":
            second_waits.set()  # it missed the file and now waits for the lock
        return real_lock(path)

    monkeypatch.setattr(fonts, "_build_lock", lock)
    built = []

    found = {}
    second = threading.Thread(
        name="second",
        target=lambda: found.setdefault("second", fonts._disk_cached("f", build_second)),
    )

    def build_first():
        # The second starts only once the first holds the lock (whichever thread ran first).
        second.start()
        assert second_waits.wait(timeout=30)
        built.append("first")
        return b"face"

    def build_second():
        built.append("second")
        return b"other"

    found["first"] = fonts._disk_cached("f", build_first)
    second.join(timeout=30)
    assert built == ["first"]
    assert found == {"first": b"face", "second": b"face"}
