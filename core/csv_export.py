"""The one CSV writer: every CSV the product writes goes through here.

Spreadsheet programs run a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or a
carriage return, which some of them strip first) as a formula, so a player called
``=HYPERLINK("http://…")`` would become a live link. Such text cells are prefixed with an
apostrophe, which spreadsheets show as plain text; numbers, including negative spreads, are left
alone because a number cannot be a formula.

Downloads (``csv_bytes``) start with a UTF-8 byte-order mark: without it Excel reads the file
in the machine's legacy code page and Thai or Chinese names come out garbled. Command output
(``write_csv`` to stdout) has none, since it is usually piped into other programs.
"""

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import TextIO

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def formula_safe(value) -> object:
    """``value`` unchanged, unless it is text a spreadsheet would run as a formula."""
    if not isinstance(value, str) or not value.startswith(FORMULA_START):
        return value
    if _NUMBER.fullmatch(value):
        return value
    return "'" + value


def write_csv(out: TextIO, rows: Iterable[Sequence], *, lineterminator: str = "\r\n") -> None:
    """Write ``rows`` (the header first) to ``out`` with every cell made formula-safe."""
    writer = csv.writer(out, lineterminator=lineterminator)
    for row in rows:
        writer.writerow([formula_safe(cell) for cell in row])


def csv_text(rows: Iterable[Sequence], *, lineterminator: str = "\r\n") -> str:
    out = io.StringIO()
    write_csv(out, rows, lineterminator=lineterminator)
    return out.getvalue()


UTF8_BOM = "\ufeff".encode()


def csv_bytes(rows: Iterable[Sequence], *, lineterminator: str = "\r\n") -> bytes:
    """A CSV file for download: UTF-8 with a byte-order mark, so spreadsheets read it as UTF-8."""
    return UTF8_BOM + csv_text(rows, lineterminator=lineterminator).encode()


def dict_rows(records: Iterable[dict], fieldnames: Sequence[str]) -> Iterable[list]:
    """A header and one row per record, for the commands that print dictionaries as CSV."""
    yield list(fieldnames)
    for record in records:
        yield [record.get(name, "") for name in fieldnames]
