"""The word list as an upload reads it (games/engine/word_lists.py) and the judge
(games/engine/lexicon.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.lexicon import Lexicon, LexiconError, judge
from games.engine.word_lists import decode_word_list, lexicon_from_text, read_word_list

WORDS = ["train", "THORB", "Strainer  a device for straining", "", "# comment line", "  qi  "]


def from_lines(lines, name: str = "") -> Lexicon:
    """The lexicon an upload of these lines gives: the list read, then loaded."""
    return lexicon_from_text(read_word_list("\n".join(lines)).text, name)


def test_lines_are_read_case_insensitively_skipping_blanks_comments_and_definitions() -> None:
    lexicon = from_lines(WORDS, "club")
    assert lexicon.words == frozenset({"TRAIN", "THORB", "STRAINER", "QI"})
    assert lexicon.name == "club"
    assert len(lexicon) == 4


def test_lookup_ignores_case_and_refuses_non_text() -> None:
    lexicon = from_lines(WORDS)
    assert "Train" in lexicon
    assert "qI" in lexicon
    assert "TRAINS" not in lexicon
    assert 5 not in lexicon


def test_file_is_read_and_named_after_its_stem(tmp_path: Path) -> None:
    path = tmp_path / "house_words.txt"
    path.write_text("AA\r\nAB an abbreviation? no, a word\r\n\r\nzoë\r\n", encoding="utf-8")
    text = read_word_list(decode_word_list(path.read_bytes())).text  # as an upload is read
    lexicon = lexicon_from_text(text, path.stem)
    assert lexicon.name == "house_words"
    assert lexicon.words == frozenset({"AA", "AB", "ZOË"})


def test_judge_accepts_a_play_only_when_every_word_is_acceptable() -> None:
    lexicon = from_lines(["HOB", "HI", "ON", "BE"])
    assert judge(lexicon, ["HOB", "HI", "ON", "BE"]) is True
    assert judge(lexicon, ["HOB", "HI", "ON", "BX"]) is False


def test_judge_normalises_case_so_blanks_written_lower_case_count() -> None:
    lexicon = from_lines(["TOP"])
    assert judge(lexicon, ["tOp"]) is True
    assert judge(lexicon, " top ") is True


def test_single_string_is_one_word_not_its_letters() -> None:
    lexicon = from_lines(["A", "T"])
    assert judge(lexicon, "AT") is False


def test_judge_refuses_no_words() -> None:
    with pytest.raises(LexiconError) as caught:
        judge(from_lines(["A"]), [])
    assert caught.value.template == "There is no word to judge."
    assert str(caught.value) == "There is no word to judge."


def test_judge_refuses_an_empty_word() -> None:
    with pytest.raises(LexiconError) as caught:
        judge(from_lines(["A"]), ["A", "  "])
    assert str(caught.value) == "An empty word cannot be judged."


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=15), min_size=1),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=15),
)
def test_judge_agrees_with_membership(words: list[str], other: str) -> None:
    lexicon = from_lines(w.lower() for w in words)
    assert judge(lexicon, words) is True
    assert judge(lexicon, [*words, other]) is (other in set(words))
