"""A player's name as rating bodies and ASCII files need it.

- ``export_name``: ``Family, Given`` from the family and given names the director typed (family
  first or not, the file's order is always family name, comma, given names: TSH's ``Surname,
  Given``); without them, the name as typed (never split on its last space, which inverts
  ``山田 太郎`` and ``Wang Xiaoming``).
- ``latin_name``: the name in Latin letters for ASCII files (WESPA's ``.tou``): the one the
  director typed; else, when the name is Latin letters with accents, nothing (the writer drops
  the accents); else a transliteration by ``anyascii`` (a well-kept table covering Thai, Japanese,
  Chinese and every other script), marked as guessed so the export can list it.
"""

from __future__ import annotations

import unicodedata

from anyascii import anyascii


def export_name(name: str, family: str = "", given: str = "", family_first: bool = False) -> str:
    """``Family, Given`` when the family name is known, else ``name`` as typed."""
    family, given = " ".join(family.split()), " ".join(given.split())
    if not family:
        return name
    return f"{family}, {given}" if given else family


def folds_to_ascii(text: str) -> bool:
    """Whether dropping accents leaves every letter of ``text`` (Müller: yes; 山田: no)."""
    for char in unicodedata.normalize("NFKD", text):
        if ord(char) < 128 or unicodedata.combining(char):
            continue
        if unicodedata.category(char)[0] in "LN":
            return False
    return True


def latin_name(typed: str, name: str) -> tuple[str, bool]:
    """(the Latin-letter name, whether it was guessed): see the module."""
    typed = " ".join(typed.split())
    if typed:
        return typed, False
    if folds_to_ascii(name):
        return "", False
    return " ".join(anyascii(name).split()), True
