"""Pure rules engine of the crossword board game: no Django, no clock, no global randomness."""

from .board import STANDARD_LAYOUT, Board, Placement, Premium, layout_from_rows, square_name
from .messages import EngineError, IllegalMove, InvalidRuleSet
from .moves import Exchange, Pass, Play, parse_move, parse_position, play_from_tiles
from .rules import PRESETS, ChallengeRule, PassOut, RackBonus, RuleSet, TieRule, rules_from_dict
from .scoring import ScoredPlay, apply_play, score_play
from .state import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    Ending,
    ExchangeTurn,
    GameState,
    PassTurn,
    PhonyWithdrawn,
    PlayTurn,
    TimeOverrun,
    TurnKind,
    TurnOutcome,
)
from .tiles import BLANK, TILE_COUNTS, TILE_VALUES, Bag, tile_value

__all__ = [
    "BLANK",
    "PRESETS",
    "STANDARD_LAYOUT",
    "TILE_COUNTS",
    "TILE_VALUES",
    "Bag",
    "Board",
    "ChallengeRule",
    "ChallengeSuccessful",
    "ChallengeUnsuccessful",
    "Ending",
    "EngineError",
    "Exchange",
    "ExchangeTurn",
    "GameState",
    "IllegalMove",
    "InvalidRuleSet",
    "Pass",
    "PassOut",
    "PassTurn",
    "PhonyWithdrawn",
    "Placement",
    "Play",
    "PlayTurn",
    "Premium",
    "RackBonus",
    "RuleSet",
    "ScoredPlay",
    "TieRule",
    "TimeOverrun",
    "TurnKind",
    "TurnOutcome",
    "apply_play",
    "layout_from_rows",
    "parse_move",
    "parse_position",
    "play_from_tiles",
    "rules_from_dict",
    "score_play",
    "square_name",
    "tile_value",
]
