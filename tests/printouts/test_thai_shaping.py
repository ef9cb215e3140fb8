"""Thai in the printouts reads right: a tone mark over an upper vowel is drawn above it (shaped
by HarfBuzz), and a Thai text too wide for its cell breaks between words, never inside one.

The tone marks are checked on the page as poppler draws it (``pdftoppm``): the same heading
with and without its tone marks must differ, and the marked one must reach higher (unshaped,
the mark sits inside the vowel: the two pictures had the same top). The line breaks are checked
on the laid-out cell, as every report lays its tables out (``fit_story``).
"""

import io
import shutil
import subprocess
import unicodedata

import numpy as np
from PIL import Image
from pypdf import PdfReader
from reportlab.platypus import Table

from printouts import layout, thai
from printouts.scripts import fit_story

PDFTOPPM = shutil.which("pdftoppm")
WITH_MARKS = "ที่ เมื่อ หนึ่ง ขึ้น"
WITHOUT_MARKS = "ที เมือ หนึง ขึน"  # the same words, each tone mark left out


def _heading_pdf(text: str) -> bytes:
    look = layout.styles()
    cells = layout.Cells([text], look.cell)
    return layout.render([cells.paragraph(text, look.title)], title="t", footer="f")


def _ink(pdf: bytes, tmp_path, name: str) -> np.ndarray:
    """The first page at 150 dpi as a boolean array: True where there is ink."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        [PDFTOPPM, "-png", "-r", "150", "-f", "1", "-l", "1", str(path), str(tmp_path / name)],
        check=True,
    )
    picture = Image.open(next(tmp_path.glob(f"{name}*.png"))).convert("L")
    return np.asarray(picture) < 128


def _top(ink: np.ndarray) -> int:
    """The highest row with ink (the heading is the first thing on the page)."""
    return int(np.where(ink.any(axis=1))[0].min())


def test_pdftoppm_is_installed():
    # The picture test below needs poppler's pdftoppm; missing, it fails here rather than skip.
    assert PDFTOPPM is not None


def test_a_tone_mark_over_an_upper_vowel_is_drawn_above_it(tmp_path):
    marked = _ink(_heading_pdf(WITH_MARKS), tmp_path, "marked")
    bare = _ink(_heading_pdf(WITHOUT_MARKS), tmp_path, "bare")
    assert marked.shape == bare.shape
    assert (marked != bare).sum() > 40  # the four marks are seen at all
    # Above the vowels: at 150 dpi a 16-point mark stacked on a vowel rises 4 pixels or more.
    assert _top(marked) <= _top(bare) - 4


def _bare(text: str) -> str:
    """Letters only: marks (and the private characters reportlab gives shaped marks) left out."""
    return "".join(
        c for c in text if unicodedata.category(c) not in ("Mn", "Co") and not c.isspace()
    )


def _cell_lines(text: str, width: float) -> list[str]:
    """``text`` in a table cell ``width`` points wide, laid out as the reports lay it out."""
    look = layout.styles()
    cells = layout.Cells([text], look.cell)
    table = fit_story([Table([[cells(text)]], colWidths=[width])], cells.fonts)[0]
    table.wrap(width, 1000)
    cell = table._cellvalues[0][0]
    paragraph = cell[0] if isinstance(cell, list | tuple) else cell  # reportlab keeps a list
    assert isinstance(paragraph, thai.ThaiParagraph)
    return [
        _bare("".join(frag.text for frag in line.words))
        for line in paragraph.blPara.lines
        if line.words
    ]


def test_a_thai_word_in_a_narrow_cell_is_never_broken_inside():
    # "highest score" (คะแนน + สูงสุด): a cell too narrow for both words on one line
    lines = _cell_lines("คะแนนสูงสุด", 48)
    assert lines == [_bare("คะแนน"), _bare("สูงสุด")]


def test_a_thai_sentence_breaks_only_between_its_syllables():
    sentence = "ผู้เล่นที่ชนะมากที่สุดได้รับรางวัล"  # the player who wins most gets the prize
    # its syllables, each a word or the part of a compound (ผู้|เล่น, ที่|สุด, ได้|รับ)
    words = ["ผู้", "เล่น", "ที่", "ชนะ", "มาก", "ที่", "สุด", "ได้", "รับ", "รางวัล"]
    lines = _cell_lines(sentence, 60)
    assert len(lines) > 1
    ends, at = set(), 0
    for word in words:
        at += len(_bare(word))
        ends.add(at)
    at = 0
    for line in lines[:-1]:
        at += len(line)
        assert at in ends, lines
    assert "".join(lines) == _bare(sentence)


def test_break_lines_keeps_every_piece_and_drops_only_spaces_at_a_break():
    lines = thai.break_lines("สมชาย ใจดี ชนะ", 30, len)
    assert "".join(lines).replace(" ", "") == "สมชายใจดีชนะ"
    assert all(line == line.strip() for line in lines)


def test_text_copied_out_of_the_pdf_reads_the_raised_tone_marks():
    # A raised mark is a glyph with no character of its own: the ToUnicode map gives the mark.
    text = PdfReader(io.BytesIO(_heading_pdf(WITH_MARKS))).pages[0].extract_text()
    assert WITH_MARKS in text
