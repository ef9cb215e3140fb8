"""Reading a CSV roster (name, country, member id, rating) and checking every row.

Each row is checked by ``PlayerFieldsForm``, the rules of the player form, so a roster takes
exactly the players a director could type in one by one.
"""

import csv
import io
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

# The player pages and commands decode a roster upload through this module.
from core.readers.text import decode_upload as decode_upload

from .forms import PlayerFieldsForm

REQUIRED_COLUMNS = ("name",)
KNOWN_COLUMNS = ("name", "country", "member_id", "rating")
COLUMN_ALIASES = {"member id": "member_id", "memberid": "member_id", "id": "member_id"}
# Every row is checked and its players looked up and saved: a roster of more is refused at its
# first row over, before anything is read further.
MAX_ROSTER_ROWS = 10_000


@dataclass(frozen=True, slots=True)
class RosterRow:
    line: int
    name: str
    country: str
    member_id: str
    rating: int | None


@dataclass(frozen=True, slots=True)
class RowProblem:
    line: int
    reason: str

    def __str__(self) -> str:
        return _("Line %(line)d: %(reason)s") % {"line": self.line, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Roster:
    rows: tuple[RosterRow, ...]
    problems: tuple[RowProblem, ...]
    # Rows naming the same person (name and country) as an earlier row: (row, earlier row).
    repeats: tuple[tuple[RosterRow, RosterRow], ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def parse_roster(text: str) -> Roster:
    """Parse and validate a whole roster; problems are collected for every bad row."""
    if "\x00" in text:
        return Roster((), (RowProblem(1, _("The file contains a NUL character.")),))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader, None)
    except csv.Error:
        return Roster((), (RowProblem(1, _("The header line cannot be read as CSV.")),))
    if header is None:
        return Roster((), (RowProblem(1, _("The file is empty.")),))
    columns = [COLUMN_ALIASES.get(h.strip().lower(), h.strip().lower()) for h in header]
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    unknown = [c for c in columns if c not in KNOWN_COLUMNS]
    if missing or unknown:
        reason = _(
            "The header must name the columns name, country, member_id, rating; got %(got)s."
        )
        return Roster((), (RowProblem(1, reason % {"got": ", ".join(header)}),))
    rows, problems = _rows(reader, columns)
    if not rows and not problems:
        problems.append(RowProblem(1, _("The file has no players.")))
    return Roster(tuple(rows), tuple(problems), _repeats(rows))


class _RowForm:
    """One ``PlayerFieldsForm`` checking every row in turn: the player form's rules exactly, read
    by Django's own ``full_clean``, without copying the form's fields anew for each of 20,000
    rows (most of a long roster's time)."""

    def __init__(self) -> None:
        self.form = PlayerFieldsForm({})

    def checked(self, data: dict) -> PlayerFieldsForm:
        self.form.data = data
        self.form._errors = None  # read again: ``errors`` runs full_clean on the new data
        return self.form


def _rows(reader, columns) -> tuple[list[RosterRow], list[RowProblem]]:
    rows, problems = [], []
    seen_ids: dict[str, int] = {}
    checker = _RowForm()
    line, count = 1, 0
    while True:
        line += 1
        try:
            cells = next(reader)
        except StopIteration:
            return rows, problems
        except csv.Error:  # e.g. a field over the csv module's 128 KB limit
            reason = _("the line cannot be read as CSV (a field may be far too long).")
            return rows, [*problems, RowProblem(line, reason)]
        if not any(cell.strip() for cell in cells):
            continue
        count += 1
        if count > MAX_ROSTER_ROWS:
            reason = _("a roster can have at most %(limit)d players; this one has more.")
            return [], [RowProblem(line, reason % {"limit": MAX_ROSTER_ROWS})]
        row, reasons = _parse_row(line, columns, cells, seen_ids, checker)
        problems.extend(RowProblem(line, reason) for reason in reasons)
        if row is not None:
            rows.append(row)


def _repeats(rows: list[RosterRow]) -> tuple[tuple[RosterRow, RosterRow], ...]:
    """Each row naming the same person as an earlier row of the file, with that row."""
    first: dict[tuple[str, str], RosterRow] = {}
    repeats = []
    for row in rows:
        key = (row.name.lower(), row.country.upper())
        if key in first:
            repeats.append((row, first[key]))
        else:
            first[key] = row
    return tuple(repeats)


def _parse_row(line, columns, cells, seen_ids, checker) -> tuple[RosterRow | None, list[str]]:
    if len(cells) != len(columns):
        reason = _("expected %(want)d columns, found %(got)d.") % {
            "want": len(columns),
            "got": len(cells),
        }
        return None, [reason]
    form = checker.checked(dict(zip(columns, cells, strict=True)))
    if not form.is_valid():
        return None, [str(error) for errors in form.errors.values() for error in errors]
    data = form.cleaned_data
    member_id = data["member_id"]
    if member_id and member_id in seen_ids:
        reason = _("member id %(id)s already appears on line %(line)d.") % {
            "id": member_id,
            "line": seen_ids[member_id],
        }
        return None, [reason]
    if member_id:
        seen_ids[member_id] = line
    return RosterRow(line, data["name"], data["country"], member_id, data["rating"]), []


MAX_PASTED_LINES = 1000


def parse_pasted_names(text: str) -> Roster:
    """Read names pasted one per line, each optionally followed by the roster's other columns
    (country, member id, rating, in that order; tab- or comma-separated), or a whole CSV roster
    with its header line. Every row is checked as a roster row; line numbers are the paste's."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    lines = text.split("\n") if text.strip() else []
    if len(lines) > MAX_PASTED_LINES:
        reason = _("At most %(limit)d lines can be added at once; this has %(lines)d.")
        return Roster(
            (), (RowProblem(1, reason % {"limit": MAX_PASTED_LINES, "lines": len(lines)}),)
        )
    if not lines:
        return Roster((), (RowProblem(1, _("Paste at least one name.")),))
    if _is_header(lines[0]):
        return parse_roster(text)
    separator = "\t" if "\t" in text else ","
    cells = [list(csv.reader([line], delimiter=separator))[0] if line else [] for line in lines]
    width = max(1, min(len(KNOWN_COLUMNS), max(len(row) for row in cells)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(KNOWN_COLUMNS[:width])
    for row in cells:
        writer.writerow([cell.strip() for cell in row] + [""] * (width - len(row)) if row else [])
    return renumbered(parse_roster(out.getvalue()), -1)


def _is_header(line: str) -> bool:
    separator = "\t" if "\t" in line else ","
    names = [
        COLUMN_ALIASES.get(c.strip().lower(), c.strip().lower()) for c in line.split(separator)
    ]
    return "name" in names and all(name in KNOWN_COLUMNS for name in names)


def renumbered(roster: Roster, shift: int) -> Roster:
    """``roster`` with every line number moved by ``shift`` (the header line written for a paste
    is not one of the director's lines)."""

    def row(r: RosterRow) -> RosterRow:
        return replace(r, line=r.line + shift)

    return Roster(
        tuple(row(r) for r in roster.rows),
        tuple(replace(p, line=max(1, p.line + shift)) for p in roster.problems),
        tuple((row(a), row(b)) for a, b in roster.repeats),
    )


def roster_as_csv(roster) -> str:
    """The checked rows as a roster CSV, posted back with the choices: the row of line L on
    line L + 1 (blank lines keep the numbers), read back with ``renumbered(..., -1)`` so the
    review's line numbers stay the director's."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "country", "member_id", "rating"])
    line = 1
    for row in roster.rows:
        while line < row.line:
            writer.writerow([])
            line += 1
        writer.writerow(
            [row.name, row.country, row.member_id, "" if row.rating is None else row.rating]
        )
        line += 1
    return out.getvalue()
