"""Whole numbers as every input reads them, pure: the forms (``core.forms.WholeNumberField``),
the commands' arguments (``core.cli``), the typed result line (``tournaments/results/
result_entry.py``) and the console's words (``tournaments/console/parse.py``) take the same
digits within the same bounds and refuse the rest with the same message."""

from __future__ import annotations

import re

from core.refusal import gettext_noop

# ASCII digits only: int() would also take "1_500" and "١٥" (Arabic-Indic, Persian and full-width
# digits), and Django's IntegerField "15.0"; at most 30 of them, far past every bound and far
# short of the 4,300 digits int() refuses.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
# What may be a number at all, however long (a word of ASCII digits): bounded by ``whole_number``.
NUMBER_LIKE = re.compile(r"[+-]?[0-9]+")

# What a number may hold at most, where nothing smaller bounds it: a row's id (a big integer
# column), a version counter (an integer column), a round number (a small one), a starting
# spread carried in from elsewhere.
MAX_ID = 2**63 - 1
MAX_VERSION = 2**31 - 1
MAX_ROUND = 32_767
MAX_SPREAD = 1_000_000

# The one message for a number out of its bounds, or no number at all.
OUT_OF_RANGE = gettext_noop("Enter a whole number from %(min)d to %(max)d.")


def whole_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``; None when it is not one."""
    text = text.strip()
    if not WHOLE_NUMBER.fullmatch(text) or not low <= int(text) <= high:
        return None
    return int(text)
