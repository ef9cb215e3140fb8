"""A division's prize settings: money rules, what counts as tied, handicap rules (pure).

Stored as JSON on the division (only what the director set; the rest keeps these defaults) and
read back into ``PrizeSettings``. The texts directors type are read here too: grade bases
(``A=0, B=10, C=25``) and days (``1-7; 8-14``: the rounds of each day).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import Enum

from core.refusal import Refusal, gettext_noop

from .handicap import HandicapRules
from .prize_money import MoneyRules, Remainder, Split

MAX_POINTS = Decimal("10000")
MAX_MULTIPLIER = Decimal("10")
MAX_DAYS = 31
MAX_ROUND = 999
MAX_GRADES = 50

BAD_BASE = gettext_noop("“%(part)s” is not a grade and its points, such as A=10.")
BAD_DAY = gettext_noop("“%(part)s” is not a round or a range of rounds, such as 1-7.")
ROUND_TWICE = gettext_noop("Round %(round)d is in more than one day.")
TOO_MANY = gettext_noop("At most %(most)d entries.")
POINTS_OUT_OF_BOUNDS = gettext_noop("Points must be from 0 to %(most)s.")
BAD_SETTING = gettext_noop("The prize setting “%(name)s” is not valid.")
MAX_CURRENCY = 8
MIN_UNIT, MAX_UNIT = Decimal("0.01"), Decimal("1000")
KEYS = frozenset(
    ("currency", "unit", "split", "hort_share", "remainder", "tie_by", "bases", "per_win")
    + ("per_tie", "day_multiplier", "days")
)


class SettingsError(Refusal):
    """A prize setting that cannot be read."""


class TieBy(Enum):
    """Which players count as tied for a place.

    ``STANDINGS``: equal on everything the standings compare (wins, then the division's
    tie-breaks), i.e. the same rank. ``WINS``: equal on wins alone (the tie-breaks only order
    the group, which matters for the Hort system's place share).
    """

    STANDINGS = "standings"
    WINS = "wins"


@dataclass(frozen=True, slots=True)
class PrizeSettings:
    """Everything about prizes that is the division's rather than one band's."""

    currency: str = ""
    money: MoneyRules = field(default_factory=MoneyRules)
    tie_by: TieBy = TieBy.STANDINGS
    handicap: HandicapRules = field(default_factory=HandicapRules)
    bases_text: str = ""
    days_text: str = ""

    def to_json(self) -> dict:
        return {
            "currency": self.currency,
            "unit": str(self.money.unit),
            "split": self.money.split.value,
            "hort_share": self.money.hort_share,
            "remainder": self.money.remainder.value,
            "tie_by": self.tie_by.value,
            "bases": self.bases_text,
            "per_win": str(self.handicap.per_win),
            "per_tie": str(self.handicap.per_tie),
            "day_multiplier": str(self.handicap.day_multiplier),
            "days": self.days_text,
        }


def settings_from_json(data: dict | None) -> PrizeSettings:
    """The settings a division stored (written by the settings service, so trusted); missing
    keys keep their defaults."""
    data = data or {}
    bases_text, days_text = data.get("bases", ""), data.get("days", "")
    return PrizeSettings(
        currency=data.get("currency", ""),
        money=MoneyRules(
            unit=Decimal(data.get("unit", "1")),
            split=Split(data.get("split", "even")),
            hort_share=int(data.get("hort_share", 50)),
            remainder=Remainder(data.get("remainder", "higher")),
        ),
        tie_by=TieBy(data.get("tie_by", "standings")),
        handicap=HandicapRules(
            bases=read_bases(bases_text),
            per_win=Decimal(data.get("per_win", "0")),
            per_tie=Decimal(data.get("per_tie", "0")),
            day_multiplier=Decimal(data.get("day_multiplier", "1")),
            days=read_days(days_text),
        ),
        bases_text=bases_text,
        days_text=days_text,
    )


def _points(text: str, part: str) -> Decimal:
    if not re.fullmatch(r"[0-9]{1,5}(\.[0-9]{1,2})?", text):
        raise SettingsError(BAD_BASE, part=part)
    value = Decimal(text)
    if value > MAX_POINTS:
        raise SettingsError(POINTS_OUT_OF_BOUNDS, most=str(MAX_POINTS))
    return value


def read_bases(text: str) -> dict[str, Decimal]:
    """``A=0, B=10`` -> {"A": 0, "B": 10}; commas, semicolons or new lines between."""
    bases: dict[str, Decimal] = {}
    parts = [p.strip() for p in re.split(r"[,;\n]+", text) if p.strip()]
    if len(parts) > MAX_GRADES:
        raise SettingsError(TOO_MANY, most=MAX_GRADES)
    for part in parts:
        grade, sep, points = part.partition("=")
        grade = grade.strip()
        if not sep or not grade or len(grade) > 8:
            raise SettingsError(BAD_BASE, part=part)
        try:
            bases[grade] = _points(points.strip(), part)
        except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
            raise SettingsError(BAD_BASE, part=part) from None
    return bases


def read_days(text: str) -> tuple[tuple[int, ...], ...]:
    """``1-7; 8-14`` (a day per ``;`` or line; rounds and ranges by commas) -> the rounds of
    each day. A round may be in one day only."""
    days: list[tuple[int, ...]] = []
    seen: set[int] = set()
    parts = [p.strip() for p in re.split(r"[;\n]+", text) if p.strip()]
    if len(parts) > MAX_DAYS:
        raise SettingsError(TOO_MANY, most=MAX_DAYS)
    for part in parts:
        rounds: list[int] = []
        for piece in (p.strip() for p in part.split(",") if p.strip()):
            match = re.fullmatch(r"([0-9]{1,3})(?:\s*-\s*([0-9]{1,3}))?", piece)
            if not match:
                raise SettingsError(BAD_DAY, part=piece)
            low = int(match[1])
            high = int(match[2] or low)
            if not 1 <= low <= high <= MAX_ROUND:
                raise SettingsError(BAD_DAY, part=piece)
            rounds += range(low, high + 1)
        for number in rounds:
            if number in seen:
                raise SettingsError(ROUND_TWICE, round=number)
            seen.add(number)
        days.append(tuple(sorted(rounds)))
    return tuple(days)


def _bounded(data: dict, name: str, default: str, low: Decimal, high: Decimal) -> None:
    text = str(data.get(name, default))
    if not re.fullmatch(r"[0-9]{1,5}(\.[0-9]{1,2})?", text) or not low <= Decimal(text) <= high:
        raise SettingsError(BAD_SETTING, name=name)


def checked_settings(data: object) -> PrizeSettings:
    """``data`` (stored JSON, or an archive's) read with every value checked and bounded:
    currency up to 8 characters, unit 0.01..1000, Hort share 0..100 %, points 0..10,000, day
    multiplier 1..10, grade bases and days as ``read_bases``/``read_days`` take them.
    Raises ``SettingsError``."""
    if not isinstance(data, dict):
        raise SettingsError(BAD_SETTING, name=str(data)[:40])  # named by its value
    if set(data) - KEYS:
        raise SettingsError(BAD_SETTING, name=", ".join(sorted(map(str, set(data) - KEYS))))
    if (
        not isinstance(data.get("currency", ""), str)
        or len(data.get("currency", "")) > MAX_CURRENCY
    ):
        raise SettingsError(BAD_SETTING, name="currency")
    _bounded(data, "unit", "1", MIN_UNIT, MAX_UNIT)
    for name in ("per_win", "per_tie"):
        _bounded(data, name, "0", Decimal(0), MAX_POINTS)
    _bounded(data, "day_multiplier", "1", Decimal(1), MAX_MULTIPLIER)
    share = data.get("hort_share", 50)
    if not isinstance(share, int) or isinstance(share, bool) or not 0 <= share <= 100:
        raise SettingsError(BAD_SETTING, name="hort_share")
    for name, kind in (("split", Split), ("remainder", Remainder), ("tie_by", TieBy)):
        if data.get(name, next(iter(kind)).value) not in {k.value for k in kind}:
            raise SettingsError(BAD_SETTING, name=name)
    for name in ("bases", "days"):
        if not isinstance(data.get(name, ""), str):
            raise SettingsError(BAD_SETTING, name=name)
    return settings_from_json(data)  # bases and days read (and refused) there
