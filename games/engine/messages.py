"""Translatable message templates and the refusals of the game engine.

Every user-facing text is marked with ``gettext_noop`` (Django's ``makemessages`` extracts it);
the errors are ``core.refusal.Refusal``s, translated only when they are shown.
"""

from __future__ import annotations

from core.refusal import Refusal, gettext_noop


class EngineError(Refusal):
    """A request the engine refuses; ``str(error)`` is the English text."""


class IllegalMove(EngineError):
    """A move (text, placement, exchange, pass or turn event) that the rules refuse."""


class InvalidRuleSet(EngineError):
    """A rule set whose values or combination of values cannot be played."""


# --- move text -------------------------------------------------------------------------------
BAD_POSITION = gettext_noop(
    "%(text)s is not a board position: write the row number then the column letter for a word "
    "across (8D) or the column letter then the row number for a word down (D8)."
)
BAD_MOVE_TEXT = gettext_noop(
    "%(text)s is not a move: write a position and a word (8D TRAIN), - to pass, "
    "or - and the tiles (-ABC) or their number (-3) to exchange."
)
BAD_WORD_LETTER = gettext_noop(
    "%(char)s cannot appear in a played word: use capital letters for tiles, a small letter for "
    "a blank and . for a tile already on the board."
)
BAD_EXCHANGE_TILES = gettext_noop(
    "%(text)s is not a set of tiles to exchange: use capital letters and ? for a blank."
)
EMPTY_WORD = gettext_noop("The play has no word.")

# --- placement ---------------------------------------------------------------------------------
OFF_BOARD = gettext_noop("The play runs off the board: %(square)s is outside the 15 x 15 grid.")
GAP_IN_PLAY = gettext_noop(
    "Square %(square)s is empty: a play must be one unbroken line of tiles with no gaps."
)
SQUARE_TAKEN = gettext_noop(
    "Square %(square)s already holds %(board_letter)s, so %(letter)s cannot be placed there."
)
NO_NEW_TILE = gettext_noop("A play must place at least one new tile.")
FIRST_PLAY_OFF_CENTRE = gettext_noop("The first play must cover the centre star at %(square)s.")
FIRST_PLAY_ONE_TILE = gettext_noop("The first play must use at least 2 tiles.")
NOT_TOUCHING = gettext_noop("The play must touch at least one tile already on the board.")
NOT_ON_RACK = gettext_noop("The rack %(rack)s does not hold the tiles %(tiles)s.")
MISSING_FROM_RACK = gettext_noop("The rack %(rack)s lacks the tiles %(tiles)s that the play needs.")
WORD_TOO_SHORT = gettext_noop("The word %(word)s is too short: a word needs at least 2 letters.")
WORD_NOT_FULL = gettext_noop(
    "The word must be written in full: square %(square)s, next to it, already holds a tile."
)
NOT_IN_LINE = gettext_noop("The tiles must lie in a single row or a single column.")
TWO_TILES_ONE_SQUARE = gettext_noop("Two tiles cannot go on the same square %(square)s.")

# --- turns and game state ----------------------------------------------------------------------
GAME_OVER = gettext_noop("The game is over: no more turns can be recorded.")
GAME_NOT_OVER = gettext_noop("The game is not over yet.")
TILES_NOT_UNSEEN = gettext_noop(
    "The tiles %(tiles)s are not all still unseen: they are already on the board or used up."
)
TOO_MANY_TILES = gettext_noop("The play uses %(count)d tiles but the player holds only %(held)d.")
EXCHANGE_BAG_TOO_SMALL = gettext_noop(
    "An exchange needs at least %(needed)d tiles in the bag; it holds %(bag)d."
)
EXCHANGE_COUNT = gettext_noop("An exchange must put back between 1 and %(most)d tiles.")
EXCHANGE_TILES_NEEDED = gettext_noop("Name the tiles to exchange: this game knows the racks.")
NO_PLAY_TO_CHALLENGE = gettext_noop(
    "There is no play to challenge: a challenge must come right after the opponent's play."
)
NO_TURN_LIMIT = gettext_noop("These rules have no time limit per turn.")
NOT_OVER_TIME = gettext_noop(
    "%(seconds)d seconds is within the %(limit)d seconds allowed for a turn."
)
NO_GAME_CLOCK = gettext_noop("These rules have no game clock.")
CLOCK_ALREADY_APPLIED = gettext_noop("The game clock penalties were already applied.")
WRONG_PLAYER_COUNT = gettext_noop("These rules allow %(least)d to %(most)d players, not %(count)d.")
UNKNOWN_PLAYER = gettext_noop("There is no player number %(player)d in this game.")
BAD_RACK = gettext_noop(
    "The rack %(rack)s cannot be right: the player holds %(held)d tiles, all unseen by the other side."
)

# --- reasons shown with a turn -----------------------------------------------------------------
REASON_PLAY = gettext_noop("%(player)s played %(move)s for %(score)d.")
REASON_BINGO = gettext_noop("%(player)s played %(move)s for %(score)d, with the bingo bonus.")
REASON_EXCHANGE = gettext_noop("%(player)s exchanged %(count)d tiles.")
REASON_PASS = gettext_noop("%(player)s passed.")
REASON_PHONY = gettext_noop(
    "%(player)s's play %(move)s was challenged off: no score, tiles back, turn lost."
)
REASON_LOST_CHALLENGE_TURN = gettext_noop(
    "%(player)s challenged an acceptable play and loses this turn."
)
REASON_CHALLENGER_PENALTY = gettext_noop(
    "%(player)s challenged an acceptable play and loses %(points)d points."
)
REASON_CHALLENGED_BONUS = gettext_noop(
    "%(player)s's play was challenged and stands: %(points)d bonus points."
)
REASON_TIME_OVERRUN = gettext_noop(
    "%(player)s took %(seconds)d seconds, over the %(limit)d allowed: the turn is lost."
)
NO_RACKS_AWAITED = gettext_noop(
    "The game is not waiting for the tiles left on the racks: they are known or not needed."
)
END_RACK_MISSING = gettext_noop("Give the tiles left on %(player)s's rack.")
END_RACK_COUNT = gettext_noop(
    "%(player)s holds %(held)d tiles: %(rack)s is %(count)d. Give every tile left on the rack "
    "(? for a blank)."
)
BAD_RACK_TEXT = gettext_noop("%(rack)s is not a rack: use letters and ? for a blank.")
END_RACKS_NOT_UNSEEN = gettext_noop(
    "The racks %(racks)s cannot be right: they hold tiles that are on the board or not in the "
    "set (the tiles not on the board are %(unplayed)s)."
)
REASON_RACK_OUT = gettext_noop("%(player)s went out and gains %(points)d from the other racks.")
REASON_RACK_LEFT = gettext_noop("%(player)s loses %(points)d for the tiles left on the rack.")
REASON_CLOCK_PENALTY = gettext_noop(
    "%(player)s went %(seconds)d seconds over the game clock: %(points)d points off."
)

# --- rule sets ---------------------------------------------------------------------------------
UNKNOWN_PRESET = gettext_noop("“%(name)s” is not a known rule set.")
RULE_UNKNOWN_FIELD = gettext_noop("%(field)s is not a rule setting.")
RULE_BAD_VALUE = gettext_noop("%(value)s is not a valid value for %(field)s.")
RULE_OUT_OF_RANGE = gettext_noop("%(field)s must be between %(least)d and %(most)d, not %(value)d.")
RULE_POSITIVE = gettext_noop("%(field)s must be a positive number, not %(value)s.")
RULE_BINGO_TILES = gettext_noop(
    "A bingo cannot need %(bingo)d tiles when a rack holds only %(rack)d."
)
RULE_CHALLENGE_POINTS = gettext_noop("A points challenge rule needs challenge points above 0.")
RULE_PLAYERS = gettext_noop(
    "The least number of players (%(least)d) cannot exceed the most (%(most)d)."
)
RULE_EXCHANGE_NEVER = gettext_noop(
    "Exchanges needing %(needed)d tiles in the bag could never happen: only %(left)d remain "
    "after %(players)d racks of %(rack)d are drawn."
)
RULE_OVERTIME_WITHOUT_CLOCK = gettext_noop("An overtime penalty needs a game clock.")
