"""Thai in the printouts: marks positioned by HarfBuzz, lines broken between words.

Two things the browser does for the HTML pages and reportlab does not do by itself:

- Shaping. Without it a tone mark over an upper vowel is drawn at the vowel's place, inside it
  («ที่» reads «ที», «เมื่อ» reads «เมือ»). Reportlab shapes a paragraph with HarfBuzz
  (``uharfbuzz``) when its style asks (``shaping``) and its font may be shaped: every paragraph
  holding Thai gets such a style (``shaped_style``), its base font the Thai face. HarfBuzz shapes
  a word with the font of its first run, so a word holding Thai is drawn whole in the Thai face,
  which also has Latin, digits and punctuation (``fonts.runs``).
- Line breaks. Thai writes no space between words and reportlab breaks lines only at spaces, so
  a Thai text wider than its cell was cut wherever the cell ended («…สูงสุ» / «ด»).
  ``ThaiParagraph`` breaks its own lines, for the width it is given, between the words
  PyThaiNLP's dictionary segmenter finds (``newmm``: maximal matching over Thai character
  clusters, so never inside a syllable), and hands reportlab lines that fit. A single word wider
  than the whole line is still cut, as any long word is.

A mark HarfBuzz moves (a tone mark raised over an upper vowel) is a glyph of its own with no
character; reportlab gives it a private character, which a reader copying the text would get.
``readable_marks`` makes the PDF's ToUnicode map give the mark back (the glyph names say which:
``uni0E48.small`` is U+0E48).
"""

from __future__ import annotations

import re
from functools import cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from . import fonts

_THAI = re.compile("[\u0e00-\u0e7f]")
# Kept short of the width given: HarfBuzz's advances (kerning) may differ from the widths
# measured here by a little, and a line a hair too wide would be cut again by reportlab.
SLACK = 1.0


def has_thai(text: str) -> bool:
    return _THAI.search(text) is not None


def shaped_style(style: ParagraphStyle, *, bold: bool = False) -> ParagraphStyle:
    """``style`` shaped by HarfBuzz, with the Thai face as its base font (the one reportlab asks
    whether shaping is allowed); every run still names its own face."""
    return _shaped(style, fonts.THAI_BOLD if bold else fonts.THAI)


# (id of a style, font) -> (that style, its shaped copy): one copy per style a process uses.
_SHAPED: dict[tuple[int, str], tuple[ParagraphStyle, ParagraphStyle]] = {}


def _shaped(style: ParagraphStyle, font_name: str) -> ParagraphStyle:
    kept = _SHAPED
    key = (id(style), font_name)
    found = kept.get(key)
    if found is None or found[0] is not style:
        shaped = ParagraphStyle(f"{style.name}-thai", style, fontName=font_name, shaping=1)
        found = kept[key] = (style, shaped)
    return found[1]


@cache
def _word_tokenize():
    # Imported on first use: the dictionary takes a moment to load (``fonts.prepare_fonts``).
    from pythainlp.tokenize import word_tokenize

    return word_tokenize


def words(text: str) -> list[str]:
    """``text`` cut between words (Thai by the segmenter, the rest at spaces); spaces kept as
    pieces of their own, so joining the pieces gives ``text`` back."""
    if not has_thai(text):
        return re.split(r"(\s+)", text)
    return [piece for piece in _word_tokenize()(text, engine="newmm", keep_whitespace=True)]


def break_lines(text: str, width: float, measure) -> list[str]:
    """``text`` in lines no wider than ``width`` (``measure(piece)`` gives a piece's width),
    broken only between words; spaces at a break are dropped."""
    lines: list[str] = []
    line, used = "", 0.0
    for piece in words(text):
        if not piece:
            continue
        size = measure(piece)
        if piece.isspace():
            if line:
                line, used = line + piece, used + size
            continue
        if line and used + size > width:
            lines.append(line.rstrip())
            line, used = "", 0.0
        line, used = line + piece, used + size
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


class ThaiParagraph(Paragraph):
    """A paragraph holding Thai: shaped, and broken between words for the width it is given."""

    def __init__(
        self, text: str, style: ParagraphStyle, found: fonts.FontSet, *, bold=False, bullet=None
    ):
        self._plain, self._found, self._bold = text, found, bold
        self._broken_for: float | None = None
        markup = found.markup(text, bold=bold)
        super().__init__(markup, shaped_style(style, bold=bold), bulletText=bullet)

    def _measure(self, piece: str) -> float:
        size = self.style.fontSize
        region = fonts.cjk_region(self._plain)
        return sum(
            stringWidth(run, self._found.face_name(face, region, self._bold), size)
            for face, run in fonts.runs(piece)
        )

    def wrap(self, availWidth, availHeight):
        if availWidth != self._broken_for:
            self._broken_for = availWidth
            room = availWidth - self.style.leftIndent - self.style.rightIndent - SLACK
            lines = break_lines(self._plain, room, self._measure)
            markup = "<br/>".join(self._found.markup(line, bold=self._bold) for line in lines)
            self._setup(markup, self.style, self.bulletText, None, cleanBlockQuotedText)
        return super().wrap(availWidth, availHeight)


def paragraph(
    found: fonts.FontSet,
    text: str,
    style: ParagraphStyle,
    *,
    bold: bool = False,
    bullet: str | None = None,
) -> Paragraph:
    """``text`` as a paragraph in the faces that draw it; shaped and broken between words when
    it holds Thai."""
    if has_thai(text):
        return ThaiParagraph(text, style, found, bold=bold, bullet=bullet)
    return Paragraph(found.markup(text, bold=bold), style, bulletText=bullet)


_GLYPH_OF_CHAR = re.compile(r"uni([0-9A-F]{4})(?:\.|$)")


def _private_chars(pdf_font_name: str) -> dict[int, int]:
    """The private characters the Thai face named in ``pdf_font_name`` gave shaped glyphs, each
    with the character its glyph draws."""
    for name in (fonts.THAI, fonts.THAI_BOLD):
        font = pdfmetrics.getFont(name)
        face = font.face.name
        face = face.decode("latin-1") if isinstance(face, bytes) else str(face)
        if face and face in pdf_font_name:
            # reportlab's own table of the glyphs it gave private characters (name: character)
            given = getattr(font, "_TTFont__hbUnis", None) or {}
            found = {}
            for glyph, private in given.items():
                match = _GLYPH_OF_CHAR.match(glyph)
                if match:
                    found[private] = int(match.group(1), 16)
            return found
    return {}


@cache
def readable_marks() -> None:
    """Have every PDF's ToUnicode map read the marks HarfBuzz moved as the marks (once)."""
    make = ttfonts.makeToUnicodeCMap

    def with_marks(fontname, subset):
        private = _private_chars(fontname)
        return make(fontname, [private.get(code, code) for code in subset] if private else subset)

    ttfonts.makeToUnicodeCMap = with_marks
