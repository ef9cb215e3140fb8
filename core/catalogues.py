"""Checks of the translation catalogues (``locale/<lang>/LC_MESSAGES/django.po`` and ``.mo``).

- ``entry_problems``/``catalogue_problems``: an entry untranslated or fuzzy, or a translation
  that drops or adds a placeholder (``%(name)s``, ``%s``, ``%d``, ``{name}``);
- ``stale_messages``: the msgids ``makemessages`` would add to or remove from a catalogue
  (msgids only: the ``#:`` locations may move without the catalogue being out of date);
- ``stale_compiled``: a ``.mo`` that says something else than its ``.po``.

``python manage.py check_catalogues`` runs all three; CI and developers call the same thing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import polib

# %(name)s, %s, %d, %.1f ... (not %%), and {name} / {0} / {} (not {{ }}).
PLACEHOLDER = re.compile(
    r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdifrxX]|%[-#0 +]*\d*(?:\.\d+)?[sdifrxX]|(?<!\{)\{\w*\}(?!\})"
)
# What makemessages reads: the product's source, not the tests or built files.
IGNORED = ["tests/*", "staticfiles/*", "media/*", "bench/*", ".*"]
COPIED = [
    "config",
    "core",
    "players",
    "clubs",
    "tournaments",
    "pairing",
    "printouts",
    "games",
    "ratings",
    "publishing",
    "templates",
]


def placeholders(text: str) -> Counter:
    """The placeholders of ``text`` with how often each occurs (``%%`` is not one)."""
    return Counter(PLACEHOLDER.findall(text.replace("%%", "")))


def _compare(label: str, source: str, translated: str, *, plural: bool) -> list[str]:
    wanted, found = placeholders(source), placeholders(translated)
    if plural:
        # A plural form may leave the count out ("one game"), never bring a new placeholder.
        wanted, found = Counter(), Counter(found.keys() - placeholders(source).keys())
        if found:
            return [f"{label}: placeholder {sorted(found)} added"]
        return []
    problems = []
    if wanted - found:
        problems.append(f"{label}: placeholder {sorted((wanted - found).elements())} missing")
    if found - wanted:
        problems.append(f"{label}: placeholder {sorted((found - wanted).elements())} added")
    return problems


def entry_problems(entry: polib.POEntry) -> list[str]:
    """What is wrong with one catalogue entry ([] when it is translated and faithful)."""
    label = repr(entry.msgid if not entry.msgctxt else f"{entry.msgctxt}|{entry.msgid}")
    if "fuzzy" in entry.flags:
        return [f"{label}: fuzzy"]
    if entry.msgid_plural:
        forms = [entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)]
        if not forms or not all(forms):
            return [f"{label}: untranslated"]
        source = entry.msgid + " " + entry.msgid_plural
        problems = []
        for form in forms:
            problems += _compare(label, source, form, plural=True)
        # The last form (the "many" one) carries what the English plural carries.
        problems += _compare(label, entry.msgid_plural, forms[-1], plural=False)
        return sorted(set(problems))
    if not entry.msgstr:
        return [f"{label}: untranslated"]
    return _compare(label, entry.msgid, entry.msgstr, plural=False)


def catalogue_problems(po: polib.POFile) -> list[str]:
    """Every problem of every live entry of ``po`` (obsolete entries are not shown to anyone)."""
    return [problem for entry in po if not entry.obsolete for problem in entry_problems(entry)]


def catalogue_paths(locale_dir: Path) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/django.po"))


def _keys(po: polib.POFile) -> set[tuple[str, str, str]]:
    return {(e.msgctxt or "", e.msgid, e.msgid_plural) for e in po if not e.obsolete}


def _regenerated(project: Path, locale_dir: Path, scratch: Path) -> Path:
    """A copy of the project's source and catalogues with ``makemessages`` run over it."""
    copy = scratch / "project"
    for name in COPIED:
        if (project / name).exists():
            shutil.copytree(
                project / name, copy / name, ignore=shutil.ignore_patterns("__pycache__")
            )
    shutil.copy2(project / "manage.py", copy / "manage.py")
    shutil.copytree(locale_dir, copy / "locale")
    command = [sys.executable, "manage.py", "makemessages", "--all", "--no-obsolete"]
    command += [f"--ignore={pattern}" for pattern in IGNORED]
    subprocess.run(command, cwd=copy, check=True, capture_output=True, text=True)
    return copy / "locale"


def stale_messages(project: Path, locale_dir: Path) -> list[str]:
    """A line per catalogue whose msgids differ from what ``makemessages`` finds in the source."""
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        fresh_dir = _regenerated(project, locale_dir, Path(scratch))
        for path in catalogue_paths(locale_dir):
            fresh = polib.pofile(str(fresh_dir / path.relative_to(locale_dir)))
            kept = _keys(polib.pofile(str(path)))
            new, gone = _keys(fresh) - kept, kept - _keys(fresh)
            name = path.relative_to(locale_dir)
            if new:
                problems.append(f"{name}: {len(new)} msgids not in it, e.g. {sorted(new)[0][1]!r}")
            if gone:
                problems.append(
                    f"{name}: {len(gone)} msgids no longer used, e.g. {sorted(gone)[0][1]!r}"
                )
    return problems


def _translations(entries) -> dict[tuple[str, str], tuple]:
    found = {}
    for e in entries:
        if e.obsolete or "fuzzy" in e.flags or not e.msgid:
            continue
        strings = tuple(e.msgstr_plural[k] for k in sorted(e.msgstr_plural)) or (e.msgstr,)
        if any(strings):
            found[(e.msgctxt or "", e.msgid)] = strings
    return found


def stale_compiled(locale_dir: Path) -> list[str]:
    """A line per ``.mo`` missing or saying something else than its ``.po``."""
    problems = []
    for path in catalogue_paths(locale_dir):
        compiled = path.with_suffix(".mo")
        name = compiled.relative_to(locale_dir)
        if not compiled.exists():
            problems.append(f"{name}: missing (run `python manage.py compilemessages`)")
        elif _translations(polib.mofile(str(compiled))) != _translations(polib.pofile(str(path))):
            problems.append(
                f"{name}: out of date with its .po (run `python manage.py compilemessages`)"
            )
    return problems
