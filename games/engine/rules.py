"""Rule sets: every variant of RULES.md as a field, the named presets, and the end-of-game maths.

A director picks a preset or composes their own; the Django layer stores ``to_dict()`` as JSON
and reads it back with ``rules_from_dict``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any

from . import messages as msg
from .messages import InvalidRuleSet
from .tiles import rack_value


class ChallengeRule(Enum):
    """What happens to the challenger when the challenged play is acceptable."""

    LOSE_TURN = "lose_turn"  # double challenge: the challenger loses their next turn
    CHALLENGER_PENALTY = "challenger_penalty"  # challenger loses points, keeps the turn
    CHALLENGED_BONUS = "challenged_bonus"  # the challenged player gains points


class PassOut(Enum):
    """When a run of passes (or of scoreless turns) ends the game."""

    EACH_PASSES_TWICE = "each_passes_twice"  # docs/RULES.md, Passing out
    EACH_PASSES_ONCE = "each_passes_once"
    ONE_PLAYER_TWICE = "one_player_twice"
    SCORELESS_TURNS = "scoreless_turns"  # N consecutive 0-point turns (Scoreless turns)


class RackBonus(Enum):
    """How unplayed tiles are settled when a player goes out."""

    STANDARD = "standard"  # out-player adds the others' racks, each subtracts their own
    DOUBLED = "doubled"  # out-player adds twice the others' racks, the others lose nothing


class TieRule(Enum):
    """How a drawn final score is settled."""

    HIGHER_BEFORE_ADJUSTMENTS = "higher_before_adjustments"  # docs/RULES.md, Ties
    TIE_STANDS = "tie_stands"  # tournament: a tie counts half a win each
    PLAYOFF_WORD = "playoff_word"  # docs/RULES.md, Play-off word


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule a game can vary. Times are in seconds; ``None`` means "no such rule"."""

    name: str = "custom"
    rack_size: int = 7
    bingo_bonus: int = 50
    bingo_min_tiles: int = 7
    challenge: ChallengeRule = ChallengeRule.LOSE_TURN
    challenge_points: int = 0
    challenge_window_seconds: int | None = None
    turn_time_limit_seconds: int | None = None
    game_clock_seconds: int | None = None
    overtime_penalty_per_minute: int = 0
    max_turns_per_player: int | None = None
    pass_out: PassOut = PassOut.EACH_PASSES_TWICE
    scoreless_turns_to_end: int = 6
    rack_bonus: RackBonus = RackBonus.STANDARD
    blanks_count_in_rack_adjustment: bool = True
    exchange_min_bag: int = 1
    target_score: int | None = None
    tie: TieRule = TieRule.HIGHER_BEFORE_ADJUSTMENTS
    late_forfeit_minutes: int | None = None  # docs/RULES.md, Late arrival
    min_players: int = 2
    max_players: int = 4

    def __post_init__(self) -> None:
        validate(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (enums as their string values)."""
        return {k: v.value if isinstance(v, Enum) else v for k, v in asdict(self).items()}


_ENUM_FIELDS: dict[str, type[Enum]] = {
    "challenge": ChallengeRule,
    "pass_out": PassOut,
    "rack_bonus": RackBonus,
    "tie": TieRule,
}
# The settings that may be switched off (None); when set, each is a positive number.
_OPTIONAL_FIELDS = (
    "challenge_window_seconds",
    "turn_time_limit_seconds",
    "game_clock_seconds",
    "max_turns_per_player",
    "target_score",
    "late_forfeit_minutes",
)


def rules_from_dict(data: Mapping[str, Any], base: RuleSet | None = None) -> RuleSet:
    """Build a rule set from a dict such as ``to_dict()`` gives; missing keys come from ``base``
    (default: the field defaults). Raises ``InvalidRuleSet`` for unknown keys or bad values."""
    names = {f.name for f in fields(RuleSet)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key not in names:
            raise InvalidRuleSet(msg.RULE_UNKNOWN_FIELD, field=key)
        if key in _ENUM_FIELDS and not isinstance(value, Enum):
            try:
                value = _ENUM_FIELDS[key](value)
            except ValueError:
                raise InvalidRuleSet(msg.RULE_BAD_VALUE, field=key, value=value) from None
        changes[key] = value
    return replace(base, **changes) if base is not None else RuleSet(**changes)


def _check_types(rules: RuleSet) -> None:
    """Every number field holds an int (or ``None`` where allowed), every enum field its enum."""
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.name in _ENUM_FIELDS:
            ok = isinstance(value, _ENUM_FIELDS[f.name])
        elif f.name == "name":
            ok = isinstance(value, str)
        elif f.name == "blanks_count_in_rack_adjustment":
            ok = isinstance(value, bool)
        else:
            ok = (value is None and f.name in _OPTIONAL_FIELDS) or (
                isinstance(value, int) and not isinstance(value, bool)
            )
        if not ok:
            raise InvalidRuleSet(msg.RULE_BAD_VALUE, field=f.name, value=value)


def validate(rules: RuleSet) -> None:
    """Raise ``InvalidRuleSet`` for impossible values or combinations."""
    _check_types(rules)
    _in_range("rack_size", rules.rack_size, 2, 15)
    _in_range("min_players", rules.min_players, 2, 4)
    _in_range("max_players", rules.max_players, 2, 4)
    _in_range("scoreless_turns_to_end", rules.scoreless_turns_to_end, 2, 100)
    if not 1 <= rules.bingo_min_tiles <= rules.rack_size:
        raise InvalidRuleSet(
            msg.RULE_BINGO_TILES, bingo=rules.bingo_min_tiles, rack=rules.rack_size
        )
    for name in ("bingo_bonus", "challenge_points", "overtime_penalty_per_minute"):
        _in_range(name, getattr(rules, name), 0, 1000)
    for name in _OPTIONAL_FIELDS:
        value = getattr(rules, name)
        if value is not None and value <= 0:
            raise InvalidRuleSet(msg.RULE_POSITIVE, field=name, value=value)
    if rules.challenge is not ChallengeRule.LOSE_TURN and rules.challenge_points <= 0:
        raise InvalidRuleSet(msg.RULE_CHALLENGE_POINTS)
    if rules.min_players > rules.max_players:
        raise InvalidRuleSet(msg.RULE_PLAYERS, least=rules.min_players, most=rules.max_players)
    left = 100 - rules.rack_size * rules.max_players  # at least 40: 4 racks of at most 15
    _in_range("exchange_min_bag", rules.exchange_min_bag, 1, 100)
    if rules.exchange_min_bag > left:
        raise InvalidRuleSet(
            msg.RULE_EXCHANGE_NEVER,
            needed=rules.exchange_min_bag,
            left=left,
            players=rules.max_players,
            rack=rules.rack_size,
        )
    if rules.overtime_penalty_per_minute and rules.game_clock_seconds is None:
        raise InvalidRuleSet(msg.RULE_OVERTIME_WITHOUT_CLOCK)


def _in_range(name: str, value: int, least: int, most: int) -> None:
    if not least <= value <= most:
        raise InvalidRuleSet(msg.RULE_OUT_OF_RANGE, field=name, least=least, most=most, value=value)


# --- end-of-game maths -------------------------------------------------------------------------


def rack_adjustments(rules: RuleSet, racks: Sequence[str], out_player: int | None) -> list[int]:
    """Points each player gains (+) or loses (-) for unplayed tiles at the end.

    ``out_player`` is the player who went out, ``None`` when the game ended otherwise (then
    each player only subtracts their own rack, under either rack-bonus rule).
    """
    values = [rack_value(r, rules.blanks_count_in_rack_adjustment) for r in racks]
    if out_player is None:
        return [-v for v in values]
    others = sum(v for i, v in enumerate(values) if i != out_player)
    if rules.rack_bonus is RackBonus.DOUBLED:
        return [2 * others if i == out_player else 0 for i in range(len(racks))]
    return [others if i == out_player else -v for i, v in enumerate(values)]


def game_winner(
    rules: RuleSet, totals: Sequence[int], before: Sequence[int], sides: Sequence[int]
) -> int | None:
    """The winner among ``sides`` by final ``totals``; ``None`` for a tie that stands or waits
    for a play-off word. Under ``HIGHER_BEFORE_ADJUSTMENTS`` the tied sides' scores ``before``
    the racks were counted decide (docs/RULES.md, Ties): the one reading of a sheet's winner."""
    best = max(totals[i] for i in sides)
    leaders = [i for i in sides if totals[i] == best]
    if len(leaders) > 1 and rules.tie is TieRule.HIGHER_BEFORE_ADJUSTMENTS:
        top = max(before[i] for i in leaders)
        leaders = [i for i in leaders if before[i] == top]
    return leaders[0] if len(leaders) == 1 else None


def overtime_penalty(rules: RuleSet, seconds_used: int) -> int:
    """Points lost for running over the game clock: the rate per minute or part of a minute."""
    if rules.game_clock_seconds is None:
        return 0
    over = seconds_used - rules.game_clock_seconds
    if over <= 0:
        return 0
    return math.ceil(over / 60) * rules.overtime_penalty_per_minute


FINISH_LINE_TARGETS: dict[int, dict[str, int]] = {
    2: {"beginner": 70, "intermediate": 120, "expert": 200},
    3: {"beginner": 60, "intermediate": 100, "expert": 180},
    4: {"beginner": 50, "intermediate": 90, "expert": 160},
}


def finish_line_target(players: int, level: str) -> int:
    """Suggested finish-line target (docs/RULES.md, Finish line) for 2-4 players at beginner/intermediate/expert."""
    return FINISH_LINE_TARGETS[players][level]


# --- presets -----------------------------------------------------------------------------------

HOME = RuleSet(name="home")

NASPA = RuleSet(
    name="naspa",
    challenge=ChallengeRule.LOSE_TURN,
    game_clock_seconds=25 * 60,
    overtime_penalty_per_minute=10,
    pass_out=PassOut.SCORELESS_TURNS,
    scoreless_turns_to_end=6,
    rack_bonus=RackBonus.DOUBLED,
    exchange_min_bag=7,
    tie=TieRule.TIE_STANDS,
    max_players=2,
)

PRESETS: dict[str, RuleSet] = {
    "home": HOME,
    "naspa": NASPA,
    "wespa": replace(
        NASPA, name="wespa", challenge=ChallengeRule.CHALLENGER_PENALTY, challenge_points=5
    ),
    "thai": RuleSet(
        name="thai",
        challenge=ChallengeRule.LOSE_TURN,
        challenge_window_seconds=60,
        turn_time_limit_seconds=60,
        max_turns_per_player=20,
        pass_out=PassOut.SCORELESS_TURNS,
        scoreless_turns_to_end=6,
        rack_bonus=RackBonus.DOUBLED,
        blanks_count_in_rack_adjustment=False,
        exchange_min_bag=7,
        tie=TieRule.PLAYOFF_WORD,
        late_forfeit_minutes=15,
        max_players=2,
    ),
    "nine_tile": RuleSet(name="nine_tile", rack_size=9, bingo_min_tiles=7),
    "finish_line": RuleSet(name="finish_line", target_score=120),
}


def preset_rules(preset: str, fields: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set ``preset`` with ``fields`` changed (its ``name`` is the preset's); raises
    ``InvalidRuleSet`` for an unknown preset or values that cannot be played."""
    if preset not in PRESETS:
        raise InvalidRuleSet(msg.UNKNOWN_PRESET, name=preset)
    values = {k: v for k, v in (fields or {}).items() if k != "name"}
    return rules_from_dict(values, base=PRESETS[preset])
