"""Money of prizes: tied places shared, the Hort system, rounding to the currency unit (pure).

Rules (docs: the prizes page states the division's choices in words):

- Players tied for places ``p .. p+k-1`` of a band share the money of those places; a place
  past the band's last paid place is worth 0 (a tie straddling the last paid place shares the
  last paid place's money among everyone tied for it).
- Even split: each tied player's exact share is ``pool / k``.
- Hort system (as Swiss-Manager offers it): ``hort_share`` percent of each place's money stays
  with the place the player holds in standings order, the rest of the pool is shared evenly:
  ``share_i = h * amount_i + (1 - h) * pool / k``.
- Each exact share is rounded *down* to a multiple of the currency unit. What rounding leaves
  (always a multiple of the unit when every amount is, less than ``k`` units) either goes one
  unit at a time to the tied players in standings order, the highest placed first
  (``Remainder.HIGHER``), or stays with the organiser (``Remainder.ORGANISER``). Any part of the
  pool that is not a whole number of units (only possible if an amount is not a multiple of the
  unit, which the forms refuse) always stays with the organiser.

Exact arithmetic (``Fraction``) until the final rounding: no binary-float cent ever goes astray.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import Enum
from fractions import Fraction

from core.refusal import Refusal, gettext_noop

MAX_AMOUNT = Decimal("100000000")  # a hundred million of any currency
MIN_UNIT = Decimal("0.01")
MAX_UNIT = Decimal("1000")
MAX_PLACES_LISTED = 100

BAD_AMOUNT = gettext_noop("“%(amount)s” is not an amount of money, such as 500 or 12.50.")
AMOUNT_OUT_OF_BOUNDS = gettext_noop("Each amount must be from 0 to %(most)s.")
AMOUNT_OFF_UNIT = gettext_noop(
    "%(amount)s is not a whole number of the currency unit %(unit)s; rounding could not share it."
)
AMOUNTS_RISING = gettext_noop("Each place's money must be no more than the place above it.")
TOO_MANY_AMOUNTS = gettext_noop("At most %(places)d amounts: one for each place of the prize.")


class MoneyError(Refusal):
    """Prize money that cannot be read or shared."""


class Split(Enum):
    """How tied players share the money of the places they hold."""

    EVEN = "even"
    HORT = "hort"


class Remainder(Enum):
    """Who gets what rounding to the currency unit leaves over."""

    HIGHER = "higher"
    ORGANISER = "organiser"


@dataclass(frozen=True, slots=True)
class MoneyRules:
    """The division's money rules: currency unit, tie split, Hort share (percent), remainder."""

    unit: Decimal = Decimal(1)
    split: Split = Split.EVEN
    hort_share: int = 50
    remainder: Remainder = Remainder.HIGHER


@dataclass(frozen=True, slots=True)
class Shared:
    """What each tied player gets (standings order) and what stays with the organiser."""

    shares: tuple[Decimal, ...]
    kept: Decimal


def _to_unit(value: Fraction, unit: Fraction) -> Fraction:
    """``value`` rounded down to a multiple of ``unit``."""
    return (value // unit) * unit


def _decimal(value: Fraction, unit: Decimal) -> Decimal:
    """``value`` (a multiple of ``unit`` or of 0.01) written with the unit's decimals."""
    places = max(0, -unit.normalize().as_tuple().exponent)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places))


def share_tie(amounts: Sequence[Decimal], rules: MoneyRules) -> Shared:
    """Share the money of the places a tied group holds (``amounts``, one per player in
    standings order, 0 past the last paid place) under ``rules``."""
    count = len(amounts)
    if not count:
        return Shared((), Decimal(0))
    unit = Fraction(rules.unit)
    places = [Fraction(a) for a in amounts]
    pool = sum(places, Fraction(0))
    even = pool / count
    if rules.split is Split.HORT:
        kept_by_place = Fraction(rules.hort_share, 100)
        exact = [kept_by_place * a + (1 - kept_by_place) * even for a in places]
    else:
        exact = [even] * count
    rounded = [_to_unit(value, unit) for value in exact]
    left = pool - sum(rounded, Fraction(0))
    if rules.remainder is Remainder.HIGHER:
        units = int(left // unit)
        for index in range(min(units, count)):
            rounded[index] += unit
        left -= unit * min(units, count)
    kept_in = rules.unit if left % unit == 0 else Decimal("0.01")
    return Shared(tuple(_decimal(value, rules.unit) for value in rounded), _decimal(left, kept_in))


_SEPARATORS = re.compile(r"[,;\s]+")


def read_amounts(text: str, unit: Decimal, places: int) -> tuple[Decimal, ...]:
    """The money of each place from ``500, 300, 200`` (commas, semicolons or spaces between),
    each 0..``MAX_AMOUNT``, a whole number of ``unit``, never more than the place above, at
    most ``places`` of them (the rest pay nothing). Raises ``MoneyError``."""
    words = [word for word in _SEPARATORS.split(text.strip()) if word]
    if len(words) > min(places, MAX_PLACES_LISTED):
        raise MoneyError(TOO_MANY_AMOUNTS, places=places)
    amounts: list[Decimal] = []
    for word in words:
        if not re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,2})?", word):
            raise MoneyError(BAD_AMOUNT, amount=word)
        try:
            amount = Decimal(word)
        except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
            raise MoneyError(BAD_AMOUNT, amount=word) from None
        if amount > MAX_AMOUNT:
            raise MoneyError(AMOUNT_OUT_OF_BOUNDS, most=str(MAX_AMOUNT))
        if amount % unit:
            raise MoneyError(AMOUNT_OFF_UNIT, amount=word, unit=str(unit))
        if amounts and amount > amounts[-1]:
            raise MoneyError(AMOUNTS_RISING)
        amounts.append(amount)
    return tuple(amounts)


def fmt_money(value: Decimal, currency: str = "") -> str:
    """``1,250.50 THB``: grouped digits, the currency after (none: the bare number)."""
    text = f"{value:,}"
    return f"{text} {currency}".strip()
