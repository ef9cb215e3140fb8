"""Read the parts of a TSH ``config.tsh`` that an import needs; other lines are kept, not run.

Lines look like ``division a a.t``, ``config max_rounds = 8``, ``config event_name = "Open"``,
``classes a 3``, ``prize ...``, ``perl ...``; ``#`` starts a comment. Values of ``config`` lines
are Perl expressions: only plain numbers and quoted strings are decoded, anything else is kept
as written (never evaluated).

TSH's automatic pairings are read too (and kept among the other lines): ``autopair a 3 4 koth 2
3 a`` pairs round 4 of division A with the command ``koth 2 3 a`` once round 3 is in (TSH's
manual: ``autopair DIVISION BASED-ON ROUND COMMAND ARGUMENTS``), and the Perl form of the same
setting, ``config autopair{'A'}[4] = [3, 'koth', 2, 3, 'A'];``.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from types import MappingProxyType

from tournaments.tsh import messages as m
from tournaments.tsh.messages import TshError, TshProblem
from tournaments.tsh.reader import text_lines

_CONFIG = re.compile(r"^config\s+(?P<key>\w+)\s*=\s*(?P<value>.*?)\s*;?\s*$", re.IGNORECASE)
_AUTOPAIR_LINE = re.compile(
    r"^autopair\s+(?P<division>\S+)\s+(?P<based>\d{1,4})\s+(?P<round>\d{1,4})\s+"
    r"(?P<command>\w+)(?P<args>(?:\s+\S+)*)\s*$",
    re.IGNORECASE,
)
_AUTOPAIR_PERL = re.compile(
    r"""^config\s+autopair\s*\{\s*['"]?(?P<division>[^'"}\s]+)['"]?\s*\}\s*\[\s*(?P<round>\d{1,4})"""
    r"""\s*\]\s*=\s*\[\s*(?P<based>\d{1,4})\s*,\s*['"]?(?P<command>\w+)['"]?(?P<args>.*?)\]\s*;?\s*$""",
    re.IGNORECASE,
)
# The highest round an autopair line may name (TSH events run to a few dozen rounds).
MAX_AUTOPAIR_ROUND = 1000


@dataclass(frozen=True, slots=True)
class TshAutopair:
    """One automatic pairing: ``round`` of ``division`` (both as written, the division in lower
    case) paired by ``command`` (lower case) with ``args`` from the standings after round
    ``based_on`` (0: before any result)."""

    division: str
    round: int
    based_on: int
    command: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TshDivisionEntry:
    """A ``division NAME FILE`` line: the division's name and its ``.t`` file."""

    name: str
    file: str


@dataclass(frozen=True, slots=True)
class TshConfig:
    """What an import uses from ``config.tsh``; ``options`` holds every ``config`` key."""

    divisions: tuple[TshDivisionEntry, ...] = ()
    options: MappingProxyType[str, str | int] = field(default_factory=lambda: MappingProxyType({}))
    other_lines: tuple[str, ...] = ()
    autopair: tuple[TshAutopair, ...] = ()
    # Autopair lines that could not be read: an import does not need them, a check does.
    autopair_problems: tuple[TshProblem, ...] = ()

    @property
    def max_rounds(self) -> int | None:
        """``config max_rounds`` when it is a plain number."""
        value = self.options.get("max_rounds")
        return value if isinstance(value, int) else None


def read_config(data: bytes) -> TshConfig:
    """Parse ``config.tsh`` bytes; a ``division`` line without a file raises ``TshError``."""
    divisions: list[TshDivisionEntry] = []
    options: dict[str, str | int] = {}
    other: list[str] = []
    autopair: list[TshAutopair] = []
    unread: list[TshProblem] = []
    problems: list[TshProblem] = []
    for line_no, text in text_lines(data):
        word = text.split(None, 1)[0].lower()
        if word == "division":
            entry = _division(text)
            if entry is None:
                problems.append(
                    TshProblem(line_no, m.CONFIG_BAD_LINE, {"line": line_no, "text": text})
                )
            else:
                divisions.append(entry)
        elif _is_autopair(text) and (entry := _autopair(text)) is not None:
            autopair.append(entry)
            other.append(text)
        elif _is_autopair(text) and not _CONFIG.match(text):
            params = {"line": line_no, "text": text, "limit": MAX_AUTOPAIR_ROUND}
            unread.append(TshProblem(line_no, m.CONFIG_BAD_AUTOPAIR, params))
            other.append(text)
        elif (match := _CONFIG.match(text)) is not None:
            options[match["key"].lower()] = _value(match["value"])
        else:
            other.append(text)
    if problems:
        raise TshError(problems)
    return TshConfig(
        tuple(divisions), MappingProxyType(options), tuple(other), tuple(autopair), tuple(unread)
    )


def _is_autopair(text: str) -> bool:
    words = text.lower().replace("{", " ").split()
    return bool(words) and (
        words[0] == "autopair" or (len(words) > 1 and words[:2] == ["config", "autopair"])
    )


def _autopair(text: str) -> TshAutopair | None:
    match = _AUTOPAIR_LINE.match(text) or _AUTOPAIR_PERL.match(text)
    if match is None:
        return None
    round_, based = int(match["round"]), int(match["based"])
    if not 0 <= based < round_ <= MAX_AUTOPAIR_ROUND:
        return None
    args = tuple(a.strip("'\"") for a in re.split(r"[\s,]+", match["args"]) if a.strip("'\""))
    return TshAutopair(match["division"].lower(), round_, based, match["command"].lower(), args)


def _division(text: str) -> TshDivisionEntry | None:
    try:
        words = shlex.split(text, comments=True)
    except ValueError:
        return None
    if len(words) < 3:
        return None
    return TshDivisionEntry(words[1], words[2])


def _value(raw: str) -> str | int:
    if re.fullmatch(r"-?\d{1,30}", raw):
        return int(raw)
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        return raw[1:-1]
    return raw
