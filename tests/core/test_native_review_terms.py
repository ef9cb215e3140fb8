"""The native speakers' review (issue 21), kept: each finding is a rule over a whole catalogue, so a
new string that repeats the mistake fails here."""

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
P12 = (
    "Line %(line)d: p12 value %(value)s in round %(round)d must be 0 (bye), 1 (first), "
    "2 (second), 3 (draw) or 4 (unknown)."
)


def catalogue(folder: str) -> list[polib.POEntry]:
    return [e for e in polib.pofile(str(LOCALE / folder / "LC_MESSAGES" / "django.po")) if e.msgid]


def texts(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def about_withdrawing(entry: polib.POEntry) -> bool:
    """A player withdrawing from the event (not a phony withdrawn from the board, nor a score
    report a player withdrew: the status "Withdrawn" of tournaments/models/reports.py)."""
    if all(path.endswith("models/reports.py") for path, _line in entry.occurrences):
        return False
    return bool(re.search(r"withdr", entry.msgid, re.I)) and not re.search(
        r"phony|\bplays?\b|report", entry.msgid, re.I
    )


def find(folder: str, msgid: str) -> polib.POEntry:
    (entry,) = [e for e in catalogue(folder) if e.msgid == msgid]
    return entry


@pytest.mark.parametrize(("folder", "lots"), [("ja", "3(抽選)"), ("sw", "3 (kwa kura)")])
def test_the_tsh_draw_for_first_is_drawing_lots_not_a_drawn_game(folder, lots):
    text = find(folder, P12).msgstr
    assert lots in text
    assert "引き分け" not in text and "sare" not in text


def test_japanese_keeps_bare_kiken_for_a_forfeited_game_and_says_withdrawal_apart():
    withdrawing = [e for e in catalogue("ja") if about_withdrawing(e)]
    assert len(withdrawing) >= 14
    for entry in withdrawing:
        for text in texts(entry):
            assert re.search(r"途中棄権|辞退", text), entry.msgid
            assert not re.search(r"(?<!途中)(?<!両者)棄権", text), entry.msgid
    assert find("ja", "Forfeit").msgstr == "棄権"
    forfeits = [e for e in catalogue("ja") if "forfeit" in e.msgid.lower()]
    assert not [e.msgid for e in forfeits if any("途中棄権" in t for t in texts(e))]


def test_thai_says_a_player_is_gibsonized_in_the_passive():
    gibsonized = [e for e in catalogue("th") if "gibsonized" in e.msgid.lower()]
    assert len(gibsonized) >= 7
    for entry in gibsonized:
        assert "ถูกใช้กฎกิบสัน" in entry.msgstr, entry.msgid
        assert not re.search(r"(?<!ถูก)ใช้กฎกิบสัน", entry.msgstr), entry.msgid


def test_thai_spells_out_round_and_table_instead_of_king_rama_and_subdistrict():
    for entry in catalogue("th"):
        for text in texts(entry):
            assert not re.search(r"(?<![ก-๙])[รต]\.\s?%\(", text), entry.msgid
    assert find("th", "R%(round)s T%(table)s").msgstr == "รอบ %(round)s โต๊ะ %(table)s"


def test_thai_names_the_first_and_second_player_by_one_term():
    for entry in catalogue("th"):
        for text in texts(entry):
            assert "คนแรก" not in text and "คนที่สอง" not in text, entry.msgid
    assert find("th", "first player").msgstr == "ผู้เล่นที่เล่นก่อน"
    assert find("th", "Second player").msgstr == "ผู้เล่นที่เล่นหลัง"


def test_swahili_at_most_is_zisizozidi_not_n_more():
    for entry in catalogue("sw"):
        if "at most %(" in entry.msgid:
            assert not re.search(r"%\(\w+\)[sd] zaidi", entry.msgstr), entry.msgid
    assert (
        "raundi zisizozidi %(maximum)s"
        in find("sw", "The event may have at most %(maximum)s rounds, not %(rounds)s.").msgstr
    )


def test_swahili_tiles_are_drawn_with_kuchota_never_kuchora():
    drawing = [e for e in catalogue("sw") if re.search(r"\bdraws?\b.*tiles", e.msgid)]
    assert len(drawing) >= 3
    for entry in catalogue("sw"):
        for text in texts(entry):
            assert not re.search(r"\w*chora\b|\bchore\b", text), entry.msgid
    assert all("chota" in e.msgstr for e in drawing)


def test_swahili_tells_a_late_entry_from_a_late_arrival():
    late_entries = [e for e in catalogue("sw") if re.search(r"late entr", e.msgid, re.I)]
    assert len(late_entries) >= 3
    for entry in late_entries:
        assert "baadaye" in entry.msgstr and "chelew" not in entry.msgstr, entry.msgid
    arriving = find("sw", "Arriving late does not forfeit the game.").msgstr
    assert "chelewa" in arriving


def test_swahili_lock_agrees_and_withdrawn_is_one_word():
    assert find("sw", "The lock is lifted.").msgstr == "Kufuli imeondolewa."
    for entry in catalogue("sw"):
        if about_withdrawing(entry):
            assert not re.search(r"ondolewa|mwondoe|\bOndoa\b", entry.msgstr), entry.msgid
    assert find("sw", "withdrawn").msgstr == "amejitoa"


def test_swahili_explains_destinys_child_instead_of_calquing_it():
    for entry in catalogue("sw"):
        assert "mtoto wa hatima" not in entry.msgstr, entry.msgid


def test_traditional_chinese_rating_event_is_a_sporting_event_not_an_incident():
    assert find("zh_Hant", "rating event").msgstr == "等級分賽事"
    for entry in catalogue("zh_Hant"):
        assert "等級分事件" not in entry.msgstr, entry.msgid


# The third pass (issue 33): the native review of the strings added since.


def test_thai_best_of_says_at_most_and_the_first_to_a_majority_wins():
    best_of = [e for e in catalogue("th") if re.search(r"\bbest of\b", e.msgid)]
    assert len(best_of) >= 5
    for entry in best_of:
        assert "สูงสุด" in entry.msgstr, entry.msgid
        assert not re.search(r"แข่ง %\(\w+\)[sd] เกม", entry.msgstr), entry.msgid
    assert "ชนะเกินครึ่ง" in find("th", "best of %(games)s").msgstr


def test_thai_names_the_hill_pairing_systems_in_thai_script():
    hills = [e for e in catalogue("th") if "of the hill" in e.msgid.lower()]
    assert len(hills) >= 8
    for entry in hills:
        assert "of the hill" not in entry.msgstr.lower(), entry.msgid
    assert find("th", "King of the hill").msgstr == "คิงออฟเดอะฮิลล์"
    assert find("th", "Queen of the hill").msgstr == "ควีนออฟเดอะฮิลล์"


@pytest.mark.parametrize(("folder", "word"), [("th", "ที่อยู่เว็บ"), ("sw", "anwani")])
def test_the_slug_label_on_a_page_says_what_it_is_in_thai_and_swahili(folder, word):
    for msgid in ["Slug", "Slug of the copy", "Slug of the copy."]:
        assert word in find(folder, msgid).msgstr, msgid


def test_thai_calls_a_division_run_never_group_or_a_transliteration():
    divisions = [e for e in catalogue("th") if re.search(r"\bdivisions?\b", e.msgid, re.I)]
    assert len(divisions) >= 40
    for entry in catalogue("th"):
        for text in texts(entry):
            assert "ดิวิชัน" not in text, entry.msgid
    for entry in divisions:
        for text in texts(entry):
            assert "กลุ่มนี้" not in text, entry.msgid
    assert find("th", "Division complete").msgstr == "การแข่งขันในรุ่นนี้จบแล้ว"


def test_japanese_division_is_bumon_and_scoresheet_is_one_word():
    for entry in catalogue("ja"):
        for text in texts(entry):
            assert "ディビジョン" not in text and "記録用紙" not in text, entry.msgid
    assert find("ja", "How many divisions (kingscup).").msgstr == "部門の数（kingscup）。"


def test_swahili_divisions_are_makundi_never_madaraja():
    for entry in catalogue("sw"):
        if re.search(r"\bdivisions?\b", entry.msgid, re.I):
            assert "daraja" not in entry.msgstr.lower(), entry.msgid
    assert find("sw", "How many divisions (kingscup).").msgstr == "Idadi ya makundi (kingscup)."


CJK = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
HALF_WIDTH_BESIDE_HAN = re.compile(rf"[{CJK}][,;:!?()]|[,;:!()][{CJK}]")


def prose(text: str) -> str:
    """The translator's own words: placeholders, quoted literals and JSON examples taken out."""
    text = re.sub(r"%\(\w+\)[sdfr]", "X", text)
    return re.sub(r"「[^」]*」|\"[^\"]*\"|\{.*\}", "Q", text)


def test_traditional_chinese_punctuates_in_full_width_beside_han_characters():
    for entry in catalogue("zh_Hant"):
        for text in texts(entry):
            assert not HALF_WIDTH_BESIDE_HAN.search(prose(text)), entry.msgid
    assert find("zh_Hant", "Why this pairing?").msgstr == "為何這樣配對？"


def test_traditional_chinese_keeps_one_polite_register_and_the_glossarys_scoresheet():
    for entry in catalogue("zh_Hant"):
        for text in texts(entry):
            assert "你" not in text and "記分表" not in text, entry.msgid
    assert find("zh_Hant", "Report your score").msgstr == "回報您的分數"
    assert "計分表" in find("zh_Hant", "Start the scoresheet").msgstr
