"""Fonts for the printed reports: names in Latin, Thai, Chinese, Japanese or Korean print right.

Three faces, all installed from PyPI by the project's set-up (nothing is downloaded at run time):

- Noto Sans (``fontpkg-noto-sans``): Latin with accents, Greek, Cyrillic, digits;
- Noto Sans Thai (``fontpkg-noto-sans-thai``), shaped by HarfBuzz (``uharfbuzz``, through
  reportlab's shaping: ``thai.shaped_style``) so stacked vowels and tone marks sit where they
  belong, its lines broken between words (``thai.ThaiParagraph``);
- Noto Sans CJK (``noto-cjk-sans-otc``), whose outlines are CFF, which reportlab cannot embed.
  For each document we subset the face to the characters it needs (in a Chinese or Japanese
  printout, with every character of its translations) and convert the cubic CFF outlines to
  quadratic TrueType ones (fontTools' cu2qu), then register the small result. The converted
  subset is cached in memory and under the temporary directory, keyed by its characters, so a
  page printed again costs nothing.

Both Noto Sans files are variable fonts; reportlab draws their default instance (Regular). The
bold faces are instances at weight 700 made once with fontTools' instancer and cached the same way.

A name is split into runs by the first face whose character map has each character, and each run
gets a ``<font name=...>`` tag inside a reportlab Paragraph. ``FontSet.text()`` returns a plain
string when the whole text is in Noto Sans, so tables of numbers stay cheap.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import os
import tempfile
import threading
from collections.abc import Iterable
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape

import fontpkg_noto_sans
import fontpkg_noto_sans_thai
import hanzidentifier
import noto_cjk_sans_otc
from django.utils import translation
from django.utils.translation import trans_real
from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont as ToolsFont
from fontTools.ttLib import newTable
from fontTools.varLib import instancer
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SANS = "DeskSans"
SANS_BOLD = "DeskSans-Bold"
THAI = "DeskThai"
THAI_BOLD = "DeskThai-Bold"

SANS_PATH = fontpkg_noto_sans.ROOT / "files" / "NotoSans[wdth,wght].ttf"
THAI_PATH = fontpkg_noto_sans_thai.ROOT / "files" / "NotoSansThai[wdth,wght].ttf"
CJK_PATH = Path(str(noto_cjk_sans_otc.FONT_PATH))
# Faces of the Noto Sans CJK collection: the same characters drawn in each region's style.
CJK_FACES = {"JP": 0, "KR": 1, "SC": 2, "TC": 3}
# Han characters in a Japanese or Traditional Chinese printout are drawn in that region's face
# (their strokes differ from the Simplified Chinese face's) unless the name's own characters say
# otherwise (``cjk_region``); other printouts use SC for a name that reads the same in both.
HAN_FACES = {"ja": "JP", "zh-hant": "TC"}
CACHE_DIR = Path(tempfile.gettempdir()) / "desk-fonts"

_lock = threading.Lock()


@cache
def register_base_fonts() -> None:
    """Register Noto Sans and Noto Sans Thai (regular and bold) with reportlab, once a process."""
    pdfmetrics.registerFont(TTFont(SANS, str(SANS_PATH), shapable=False))
    pdfmetrics.registerFont(
        TTFont(SANS_BOLD, io.BytesIO(_bold_instance(SANS_PATH)), shapable=False)
    )
    pdfmetrics.registerFont(TTFont(THAI, str(THAI_PATH)))
    pdfmetrics.registerFont(TTFont(THAI_BOLD, io.BytesIO(_bold_instance(THAI_PATH))))
    # Families let <b> in a paragraph switch to the bold instance.
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD)
    pdfmetrics.registerFontFamily(THAI, normal=THAI, bold=THAI_BOLD)
    from .thai import readable_marks  # copied text reads a raised tone mark as the mark

    readable_marks()


def prepare_fonts() -> list[Path]:
    """Do the slow first-time work now (``manage.py prepare_fonts``, run by quickstart and serve),
    so no director waits at the printer: the bold instances are built into the cache directory
    and every face's character map is read. Returns the cached bold faces."""
    register_base_fonts()
    _codepoints(SANS_PATH)
    _codepoints(THAI_PATH)
    _codepoints(CJK_PATH, CJK_FACES["SC"])
    from .thai import words  # the Thai word list loads once (line breaks)

    words("ไทย")
    return sorted(CACHE_DIR.glob("bold-*.ttf"))


def _bold_instance(path: Path) -> bytes:
    """The weight-700 static instance of a variable font (cached on disk; slow the first time)."""
    key = hashlib.sha256(f"{path}:{path.stat().st_size}:bold".encode()).hexdigest()[:16]

    def build() -> bytes:
        font = ToolsFont(str(path))
        static = instancer.instantiateVariableFont(font, {"wght": 700, "wdth": 100})
        _rename(static, f"{path.stem.split('[')[0]}-Bold")
        out = io.BytesIO()
        static.save(out)
        return out.getvalue()

    return _disk_cached(f"bold-{key}.ttf", build)


def _disk_cached(name: str, build) -> bytes:
    """Bytes from the cache directory, or built and written there atomically (shared by workers).

    Processes that miss at once (app server or test workers starting together) take turns on a
    lock file: the first builds (the bold instance of Noto Sans is ~10 s of CPU), the others
    then read what it wrote instead of building it again."""
    path = CACHE_DIR / name
    try:
        return path.read_bytes()
    except OSError:
        pass
    with _build_lock(path):
        try:
            return path.read_bytes()
        except OSError:
            pass
        data = build()
        try:
            partial = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
            partial.write_bytes(data)
            partial.replace(path)
        except OSError:
            pass  # A read-only temp dir only costs the conversion again next time.
    return data


@contextmanager
def _build_lock(path: Path):
    """An exclusive lock on ``path``'s lock file while it is built (none where it cannot be
    made: a read-only temp dir builds without it)."""
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_suffix(".lock"), "a+b")  # noqa: SIM115 - held across the yield
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@cache
def _codepoints(path: Path, number: int = 0) -> frozenset[int]:
    font = ToolsFont(str(path), fontNumber=number, lazy=True)
    return frozenset(font.getBestCmap())


def _face_of(char: str) -> str:
    """Which face draws ``char``: sans, thai or cjk (sans when none has it: it shows a box)."""
    code = ord(char)
    if code in _codepoints(SANS_PATH):
        return "sans"
    if code in _codepoints(THAI_PATH):
        return "thai"
    if code in _codepoints(CJK_PATH, CJK_FACES["SC"]):
        return "cjk"
    return "sans"


def cjk_region(text: str) -> str:
    """The CJK face a name reads best in.

    Kana means Japanese and Hangul Korean. In a Japanese printout every Han name takes the
    Japanese face (a Japanese name's kanji are often Traditional forms). Otherwise the name's own
    characters decide when they are only Traditional (陳, 張: TC) or only Simplified (陈, 张: SC),
    whatever language the printout is in; a name written the same in both (王小明) takes the face
    of the printout's language (Traditional Chinese), else Simplified Chinese.
    """
    if any("\u3040" <= c <= "\u30ff" or "\u31f0" <= c <= "\u31ff" for c in text):
        return "JP"
    if any("\uac00" <= c <= "\ud7af" or "\u1100" <= c <= "\u11ff" for c in text):
        return "KR"
    language_face = HAN_FACES.get(translation.get_language() or "")
    if language_face == "JP":
        return "JP"
    kind = hanzidentifier.identify(text)
    if kind == hanzidentifier.TRADITIONAL:
        return "TC"
    if kind == hanzidentifier.SIMPLIFIED:
        return "SC"
    return language_face or "SC"


def runs(text: str) -> list[tuple[str, str]]:
    """Split ``text`` into (face, run) pieces, each drawn by one face.

    A word holding Thai is drawn whole in the Thai face when it has every character of the word
    (it has Latin, digits and punctuation): HarfBuzz shapes a word with one font (``thai``)."""
    pieces: list[tuple[str, str]] = []
    for char, face in zip(text, _faces(text), strict=True):
        # Spaces stay in the run they are in, except CJK runs: the subset may not hold one.
        if char.isspace() and pieces and pieces[-1][0] != "cjk":
            face = pieces[-1][0]
        if pieces and pieces[-1][0] == face:
            pieces[-1] = (face, pieces[-1][1] + char)
        else:
            pieces.append((face, char))
    return pieces


def _faces(text: str) -> list[str]:
    """Each character's face, the words holding Thai all Thai where the Thai face can."""
    faces = [_face_of(char) for char in text]
    if "thai" not in faces:
        return faces
    thai = _codepoints(THAI_PATH)
    start = 0
    for end in [*(i for i, char in enumerate(text) if char.isspace()), len(text)]:
        word = range(start, end)
        if any(faces[i] == "thai" for i in word) and all(ord(text[i]) in thai for i in word):
            for i in word:
                faces[i] = "thai"
        start = end + 1
    return faces


def cjk_font(region: str, chars: Iterable[str]) -> str:
    """Register (once) a TrueType subset of the CJK ``region`` face with ``chars``; its name."""
    wanted = "".join(sorted(set(chars)))
    key = hashlib.sha256(f"{region}:{wanted}".encode()).hexdigest()[:16]
    name = f"DeskCJK-{region}-{key}"
    with _lock:
        if name in pdfmetrics.getRegisteredFontNames():
            return name
        data = _disk_cached(f"cjk-{region}-{key}.ttf", lambda: _cjk_subset(region, wanted))
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data), shapable=False))
    return name


def _cjk_subset(region: str, text: str) -> bytes:
    """The CJK face cut down to ``text`` with TrueType (quadratic) outlines."""
    font = ToolsFont(str(CJK_PATH), fontNumber=CJK_FACES[region])
    dropped = ["BASE", "GSUB", "GPOS", "VORG", "vhea", "vmtx", "DSIG"]
    for tag in dropped:  # before subsetting: never read (half of a subset's time was GSUB/GPOS)
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.layout_features = []
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.drop_tables += dropped
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    _cff_to_glyf(font)
    _rename(font, f"NotoSansCJK{region}-{hashlib.sha256(text.encode()).hexdigest()[:12]}")
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _rename(font: ToolsFont, postscript_name: str) -> None:
    """Give ``font`` its own PostScript name: reportlab shares one face among fonts of one name."""
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (3, 4, 6):
            names.setName(
                postscript_name, record.nameID, record.platformID, record.platEncID, record.langID
            )


def _cff_to_glyf(font: ToolsFont) -> None:
    """Replace the CFF table by glyf/loca, converting each outline with cu2qu (the otf2ttf way)."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for glyph_name in order:
        pen = TTGlyphPen(glyph_set)
        # CFF contours run counter-clockwise, TrueType ones clockwise: reverse while converting.
        glyph_set[glyph_name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf[glyph_name] = pen.glyph()
    del font["CFF "]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 3.0  # No glyph names: CID names mean nothing to a PDF reader.
    font.sfntVersion = "\x00\x01\x00\x00"


class FontSet:
    """The faces one document uses; CJK subsets grow when a text brings new characters."""

    def __init__(self) -> None:
        # region (JP/KR/SC/TC) -> (characters covered, registered subset name)
        self.cjk: dict[str, tuple[frozenset[str], str]] = {}

    def add(self, texts: Iterable[str]) -> None:
        """Make sure every CJK character of ``texts`` is in this document's subsets."""
        wanted: dict[str, set[str]] = {}
        for text in texts:
            region = cjk_region(text)
            for face, run in runs(text):
                if face == "cjk":
                    wanted.setdefault(region, set()).update(run)
        for region, chars in wanted.items():
            covered, _name = self.cjk.get(region, (frozenset(), ""))
            if not chars <= covered:
                # One subset per region and document: the old one plus the new characters. The
                # first also takes every character of the printout's language (its headings and
                # labels arrive one at a time: a Chinese final report made 27 subsets, ~0.5 s each).
                merged = covered | chars | _language_chars(region)
                self.cjk[region] = (merged, cjk_font(region, merged))

    def face_name(self, face: str, region: str, bold: bool) -> str:
        if face == "thai":
            return THAI_BOLD if bold else THAI
        if face == "cjk":
            return self.cjk[region][1]
        return SANS_BOLD if bold else SANS

    def markup(self, text: str, *, bold: bool = False) -> str:
        """Paragraph markup for ``text`` with a ``<font>`` tag per run of one face."""
        self.add([text])
        region = cjk_region(text)
        parts = []
        for face, run in runs(text):
            name = self.face_name(face, region, bold)
            parts.append(f'<font name="{name}">{escape(run)}</font>')
        return "".join(parts)

    def needs_markup(self, text: str) -> bool:
        """True when some of ``text`` is not in Noto Sans (so a plain table cell would not do)."""
        return any(face != "sans" for face, _run in runs(text))


def _language_chars(region: str) -> frozenset[str]:
    """The CJK characters of the active language's translations when its printouts draw Han in
    the ``region`` face (Traditional Chinese, Japanese); none otherwise."""
    language = translation.get_language() or ""
    return _catalogue_chars(language) if HAN_FACES.get(language) == region else frozenset()


@cache
def _catalogue_chars(language: str) -> frozenset[str]:
    # Django has no public reader of a language's catalogue; a test checks this one still reads.
    texts = trans_real.translation(language)._catalog.items()
    return frozenset(char for _msgid, text in texts for char in text if _face_of(char) == "cjk")


def font_set(texts: Iterable[str]) -> FontSet:
    """Register what ``texts`` need (base faces and CJK subsets) and return the document's fonts.

    Passing every name up front builds one subset per region; later texts still work but may
    cost another subset.
    """
    register_base_fonts()
    found = FontSet()
    found.add(texts)
    return found
