"""How the site writes its numbers: records, spreads, averages and ratings, the same on every page,
table, CSV export, PDF and command.

Pure (no Django), so every layer may use it. Rounding is half up on the decimal a number prints
as: an average of 393.15 reads 393.2 everywhere, where Python's ``round`` and ``:.1f`` would give
393.1 (they round the binary float, which lies a hair below 393.15). Ties go towards plus
infinity, so -2.5 becomes -2, as ratings have always been published.
"""

from __future__ import annotations

import unicodedata
from decimal import ROUND_FLOOR, Decimal

ONE_DECIMAL = Decimal("0.1")
TWO_DECIMALS = Decimal("0.01")
WHOLE = Decimal(1)


def half_up(value: float | int | Decimal, step: Decimal) -> Decimal:
    """``value`` to a multiple of ``step``, halves rounded up, taken as the decimal it prints as."""
    exact = value if isinstance(value, Decimal) else Decimal(repr(value))
    return (exact / step + Decimal("0.5")).to_integral_value(rounding=ROUND_FLOOR) * step


def fmt_wins(value: float) -> str:
    """Wins or losses: ``5``, or ``4.5`` when a tie or a half bye made a half."""
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def fmt_record(wins: float, losses: float) -> str:
    """A win-loss record as the pages show it: ``5–2`` or ``4.5–2.5`` (an en dash)."""
    return f"{fmt_wins(wins)}–{fmt_wins(losses)}"


def fmt_score(score: int, against: int) -> str:
    """A game's two scores as every page, printout and crosstable writes them: ``450–330`` (an
    en dash, as a record)."""
    return f"{score}–{against}"


def fmt_spread(value: int) -> str:
    """A signed figure as directors write it (spreads, rating changes): ``+120``, ``-35``, ``0``."""
    return f"{value:+d}" if value else "0"


def average_value(value: float | None) -> float | None:
    """An average to one decimal, as a number (CSV and JSON): ``393.15`` gives ``393.2``."""
    return None if value is None else float(half_up(value, ONE_DECIMAL))


def fmt_average(value: float | None, missing: str = "") -> str:
    """An average to one decimal, always showing it (``393.0``); ``missing`` when there is none."""
    return missing if value is None else str(half_up(value, ONE_DECIMAL))


def fmt_expected_wins(value: float | None, missing: str = "") -> str:
    """Expected wins (rating systems' forecasts) to two decimals, halves up: ``3.125`` reads
    ``3.13``."""
    return missing if value is None else str(half_up(value, TWO_DECIMALS))


def rating_value(value: float | None) -> int | None:
    """A rating (or a rating change) as lists publish it: a whole number, halves rounded up."""
    return None if value is None else int(half_up(value, WHOLE))


def display_width(text: str) -> int:
    """Columns ``text`` takes in a fixed-width font: East Asian wide and full-width characters
    take two, combining marks (Thai vowels and tone marks above and below, accents) and format
    characters none, the rest one (Unicode's East Asian Width property, as terminals use it)."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad_display(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` columns and padded with spaces to exactly ``width``
    (never a wide character cut in half: a column too few is padded instead)."""
    kept, used = [], 0
    for char in text:
        step = display_width(char)
        if used + step > width:
            break
        kept.append(char)
        used += step
    return "".join(kept) + " " * (width - used)
