"""What a PDF says and whether every character of it has a glyph in an embedded font.

reportlab writes a character its font has no glyph for as code 0, which a reader shows as a box
(and text extraction as NUL); a run in one of the 14 standard fonts is not embedded at all.
"""

from __future__ import annotations

import io

from pypdf import PdfReader

EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


def _embedded(font) -> bool:
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        descendants = font.get("/DescendantFonts")
        if not descendants:
            return False
        descriptor = descendants[0].get_object().get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    return any(key in descriptor for key in EMBEDDED)


def text_and_missing_glyphs(data: bytes) -> tuple[str, list[str]]:
    """The PDF's text, and a line per run that shows a character with no glyph (none: [])."""
    texts: list[str] = []
    problems: list[str] = []

    def visit(text, _cm, _tm, font, _size):
        if not text.strip():
            return
        texts.append(text)
        name = font.get("/BaseFont") if font is not None else None
        if font is None or not _embedded(font):
            problems.append(f"{text!r}: font {name} is not embedded")
        elif "\x00" in text:
            problems.append(f"{text!r}: characters with no glyph in {name}")

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return "".join(texts), problems
