"""A pseudo-locale: every string that came through translation is wrapped in ⟦…⟧.

``pseudo_translation()`` patches the translation functions Django's templates, forms and
``gettext`` calls go through; ``untranslated_text(html, known)`` lists the visible text of a
page body that came through no translation, leaving out data: numbers and punctuation, the
values held in the database (names, titles, slugs) and elements marked ``translate="no"`` or
with their own ``lang`` (language names written in their own language).
"""

from __future__ import annotations

import contextlib
import unicodedata
from html.parser import HTMLParser

from django.utils import translation
from django.utils.translation import trans_real

OPEN, CLOSE = "⟦", "⟧"
# Left out: code, and what the reader types as it is shown (``<kbd>f 12</kbd>``).
SKIPPED_TAGS = {"script", "style", "template", "textarea", "svg", "head", "code", "pre", "kbd"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


def _wrap(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}" if text else text


@contextlib.contextmanager
def pseudo_translation():
    """Every gettext, ngettext, pgettext and npgettext returns its result wrapped in ⟦…⟧."""
    real = {
        name: getattr(trans_real, name) for name in ("gettext", "ngettext", "pgettext", "npgettext")
    }
    fakes = {
        "gettext": lambda message: _wrap(real["gettext"](message)),
        "ngettext": lambda s, p, n: _wrap(real["ngettext"](s, p, n)),
        "pgettext": lambda c, m: _wrap(real["pgettext"](c, m)),
        "npgettext": lambda c, s, p, n: _wrap(real["npgettext"](c, s, p, n)),
    }
    # django.utils.translation._trans caches the functions it hands out: patch it too.
    kept = {name: translation._trans.__dict__.get(name) for name in fakes}
    try:
        for name, fake in fakes.items():
            setattr(translation._trans, name, fake)
        yield
    finally:
        for name, value in kept.items():
            if value is None:
                translation._trans.__dict__.pop(name, None)
            else:
                setattr(translation._trans, name, value)


class _Body(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is its text left out?
        self.in_body = False
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self.in_body = True
        if tag in VOID:
            return
        found = dict(attrs)
        left_out = (
            tag in SKIPPED_TAGS
            or found.get("translate") == "no"
            or "lang" in found
            and tag != "html"
        )
        self.stack.append(left_out or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if self.in_body and not (self.stack and self.stack[-1]) and data.strip():
            self.texts.append(data)
        elif self.in_body:
            # A left-out element may still open or close a marked string around it.
            self.texts.append("".join(c for c in data if c in (OPEN, CLOSE)))


def _outside_markers(texts: list[str]) -> list[str]:
    """Each text node with what lies inside ⟦…⟧ removed, counting markers across nodes (a
    translated string may hold markup: ``⟦To move: <strong>name</strong>⟧``)."""
    depth = 0
    outside = []
    for text in texts:
        kept = []
        for char in text:
            if char == OPEN:
                depth += 1
            elif char == CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0:
                kept.append(char)
        outside.append("".join(kept))
    return outside


def _has_words(text: str) -> bool:
    return any(unicodedata.category(c).startswith("L") for c in text)


def untranslated_text(html: str, known: list[str]) -> list[str]:
    """The visible text nodes of ``html``'s body with words that came through no translation."""
    parser = _Body()
    parser.feed(html)
    found = []
    for text, rest in zip(parser.texts, _outside_markers(parser.texts), strict=True):
        for value in known:
            if value in rest:
                rest = rest.replace(value, " ")
        if _has_words(rest):
            found.append(" ".join(text.split()))
    return found
