"""What the integrity desk shows: a ``Flag`` names a game, the line of its sheet and the rule.

A flag is evidence to look at, never an accusation: each one is something the sheets and the
results hold that does not fit a rule, or (the patterns) a coincidence worth a look. Its
``code`` is stable (dismissals are kept under ``key``), its message an English template with
its parameters, translated where it is shown. A dismissal is of a flag as it stood: it keeps
the flag's ``facts`` too, and a flag whose facts changed since (another result entered, a sheet
corrected) is open again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from core.refusal import gettext_noop, interpolated

# Tiles
OVER_DISTRIBUTION = "tiles.over_distribution"
RACK_TOO_BIG = "tiles.rack_too_big"
NOT_FROM_BAG = "tiles.not_from_bag"
UNACCOUNTED = "tiles.unaccounted"
# Scores
MOVE_SCORE = "scores.move_score"
RUNNING_TOTAL = "scores.running_total"
RESULT_DIFFERS = "scores.result_differs"
RESULT_DIFFERS_CONFIRMED = "scores.result_differs_confirmed"
CHANGED_AFTER_CONFIRMED = "scores.changed_after_confirmed"
# Time
CLOCK_TOTAL = "time.clock_total"
QUICK_RUN = "time.quick_run"
CLOCK_BACK = "time.clock_back"
OVER_LIMIT_UNCHARGED = "time.over_limit_uncharged"
# Patterns across an event
SAME_SCORES = "pattern.same_scores"
PRIZE_LOSS = "pattern.prize_loss"
ONE_DEVICE = "pattern.one_device"

# The rule each code holds a sheet or an event to (shown beside every flag).
RULES = {
    OVER_DISTRIBUTION: gettext_noop("No more of a tile is played than the tile set holds."),
    RACK_TOO_BIG: gettext_noop("A rack holds at most the rule set's rack size."),
    NOT_FROM_BAG: gettext_noop("A rack holds only tiles still unseen to its player."),
    UNACCOUNTED: gettext_noop(
        "When a player goes out, the board and the other rack hold every tile of the set."
    ),
    MOVE_SCORE: gettext_noop("Each line scores what the board gives it."),
    RUNNING_TOTAL: gettext_noop("Each running total is the previous total plus the line."),
    RESULT_DIFFERS: gettext_noop("The result entered is the finished sheet's result."),
    RESULT_DIFFERS_CONFIRMED: gettext_noop(
        "The result both players confirmed is the finished sheet's result."
    ),
    CHANGED_AFTER_CONFIRMED: gettext_noop(
        "A result both players confirmed is changed only on the record, with a reason."
    ),
    CLOCK_TOTAL: gettext_noop("A player's turn times add up to the time on their clock."),
    QUICK_RUN: gettext_noop("A run of very quick turns is worth a look."),
    CLOCK_BACK: gettext_noop("Each press of the clock comes after the one before it."),
    OVER_LIMIT_UNCHARGED: gettext_noop("A turn over the per-turn limit loses the turn."),
    SAME_SCORES: gettext_noop(
        "Two players meeting again with exactly the same scores is rare (never proof)."
    ),
    PRIZE_LOSS: gettext_noop(
        "A big loss far below a player's rating that decides someone else's prize (never proof)."
    ),
    ONE_DEVICE: gettext_noop("Each player reports their own game from their own device."),
}

MESSAGES = {
    OVER_DISTRIBUTION: gettext_noop(
        "%(count)d of %(tile)s are on the board, but the set holds %(most)d."
    ),
    RACK_TOO_BIG: gettext_noop(
        "The rack %(rack)s holds %(count)d tiles; the rules allow %(most)d."
    ),
    NOT_FROM_BAG: gettext_noop(
        "The rack %(rack)s holds %(tiles)s, which were no longer unseen to the player."
    ),
    UNACCOUNTED: gettext_noop(
        "The game went out with %(counted)d tiles on the board and the last rack; "
        "the set holds %(total)d."
    ),
    MOVE_SCORE: gettext_noop("The sheet says %(recorded)d; the board gives %(computed)d."),
    RUNNING_TOTAL: gettext_noop(
        "The running total is %(recorded)d; the lines before it make %(expected)d."
    ),
    RESULT_DIFFERS: gettext_noop(
        "Entered %(entered)s, but the finished sheet says %(sheet)s (no confirmation on record)."
    ),
    RESULT_DIFFERS_CONFIRMED: gettext_noop(
        "Entered %(entered)s and confirmed by both players, but the finished sheet says %(sheet)s."
    ),
    CHANGED_AFTER_CONFIRMED: gettext_noop(
        "Both players confirmed %(confirmed)s; the result was changed afterwards to %(after)s."
    ),
    CLOCK_TOTAL: gettext_noop(
        "%(player)s's turns add up to %(turns)d s; the clock used %(clock)d s."
    ),
    QUICK_RUN: gettext_noop(
        "%(player)s played %(count)d turns in a row of at most %(most)d s each."
    ),
    CLOCK_BACK: gettext_noop("This line was saved %(seconds)d s before the line above it."),
    OVER_LIMIT_UNCHARGED: gettext_noop(
        "The turn took %(seconds)d s against a limit of %(limit)d s but was not charged."
    ),
    SAME_SCORES: gettext_noop("%(first)s and %(second)s met %(times)d times with %(scores)s."),
    PRIZE_LOSS: gettext_noop(
        "%(player)s (rated %(rating)d) lost %(scores)s to %(opponent)s (rated %(against)d) in "
        "round %(round)d, which keeps %(opponent)s in the prizes."
    ),
    ONE_DEVICE: gettext_noop("Both sides' score reports came from the same device."),
}

# Parameters that only name a person: a player renamed is no new fact behind a flag.
NAME_PARAMS = frozenset({"player", "opponent", "first", "second"})

# A flag's key as ``Flag.key`` writes it: code:game:pairing:line:detail.
KEY = re.compile(r"^([a-z_]+\.[a-z_]+):(\d{1,12}):(\d{1,12}):(\d{1,6}):([-\w?]{0,40})$")
# Codes whose detail names entries by id: two of them (the lower first) or one.
ENTRY_DETAIL = frozenset({SAME_SCORES, PRIZE_LOSS})

KIND_TILES, KIND_SCORES, KIND_TIME, KIND_PATTERNS = "tiles", "scores", "time", "pattern"


@dataclass(frozen=True, slots=True)
class Flag:
    """One thing to look at. ``game`` is the scoresheet (``None`` when the pairing has none),
    ``line`` its line (0: the game as a whole), ``pairing`` the table's pairing if known;
    ``detail`` tells two flags of one code on one line apart (a tile, a player)."""

    code: str
    game: int | None
    line: int = 0
    params: dict = field(default_factory=dict, compare=False)
    pairing: int | None = None
    detail: str = ""

    @property
    def key(self) -> str:
        """Stable across rebuilds: a dismissal is kept under it."""
        return f"{self.code}:{self.game or 0}:{self.pairing or 0}:{self.line}:{self.detail}"

    @property
    def facts(self) -> str:
        """A digest of what the flag says (its parameters, the names of people aside): a
        dismissal holds it, and covers the flag only while it is the same."""
        kept = {name: value for name, value in self.params.items() if name not in NAME_PARAMS}
        text = json.dumps(kept, sort_keys=True, default=str)
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    @property
    def kind(self) -> str:
        return self.code.split(".", 1)[0]

    @property
    def rule(self) -> str:
        return RULES[self.code]

    @property
    def template(self) -> str:
        return MESSAGES[self.code]

    @property
    def message(self) -> str:
        """The English message (translated where it is shown)."""
        return interpolated(self.template, self.params)

    def as_dict(self) -> dict:
        """A JSON-ready dict (``manage.py integrity --json``)."""
        return {
            "code": self.code,
            "key": self.key,
            "game": self.game,
            "pairing": self.pairing,
            "line": self.line,
            "rule": self.rule,
            "message": self.message,
            "params": dict(self.params),
        }


def sorted_flags(flags) -> list[Flag]:
    """Flags in a fixed order: by game, line and code, the patterns last."""
    return sorted(
        flags, key=lambda f: (f.kind == KIND_PATTERNS, f.game or 0, f.line, f.code, f.detail)
    )


@dataclass(frozen=True, slots=True)
class KeyParts:
    """A flag's key read back: its code, game and pairing (0: none), line, detail, and the
    entries its detail names by id."""

    code: str
    game: int
    pairing: int
    line: int
    detail: str
    entries: tuple[int, ...] = ()


def key_parts(key: str) -> KeyParts | None:
    """The parts of ``key``; None when it is not the key of a flag. A pattern's detail that
    names no entries (no flag has it) names none."""
    match = KEY.match(key)
    if match is None or match.group(1) not in RULES:
        return None
    code, game, pairing, line, detail = match.groups()
    entries: tuple[int, ...] = ()
    pieces = detail.split("-")
    if code in ENTRY_DETAIL and len(pieces) <= 2 and all(piece.isdigit() for piece in pieces):
        entries = tuple(int(piece) for piece in pieces)
    return KeyParts(code, int(game), int(pairing), int(line), detail, entries)


def key_renumbered(parts: KeyParts, games: Mapping, pairings: Mapping, entries: Mapping) -> str:
    """The key of ``parts`` with the ids it names given anew by the maps (old id to new), as the
    flag of an event imported from an archive has it."""
    detail = parts.detail
    if parts.entries:
        detail = "-".join(str(pk) for pk in sorted(entries[old] for old in parts.entries))
    game = games[parts.game] if parts.game else 0
    pairing = pairings[parts.pairing] if parts.pairing else 0
    return f"{parts.code}:{game}:{pairing}:{parts.line}:{detail}"
