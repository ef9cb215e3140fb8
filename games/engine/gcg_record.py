"""GCG records as plain data: the players, pragmas and event lines of one game, and the error
raised for a file that cannot be read. Read by .gcg, written by .gcg_write."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from core.refusal import Refusal

UTF8 = "UTF-8"
LATIN1 = "ISO-8859-1"
# The spec's default when no #character-encoding pragma is given.
DEFAULT_ENCODING = LATIN1


class GcgError(Refusal):
    """A GCG file that cannot be read; ``line`` is 1-based (0 for the file as a whole) and is
    also a param, so every template can name it."""

    def __init__(self, template: str, /, *, line: int, **params: object) -> None:
        self.line = line
        super().__init__(template, line=line, **params)


class EventKind(enum.Enum):
    """What a GCG event line records."""

    PLAY = "play"
    PHONY_WITHDRAWN = "phony_withdrawn"
    CHALLENGE_BONUS = "challenge_bonus"
    PASS = "pass"
    EXCHANGE = "exchange"
    END_RACK_BONUS = "end_rack_bonus"  # the player went out: the opponent's rack is added
    END_RACK_PENALTY = "end_rack_penalty"  # the player's own rack is deducted
    TIME_PENALTY = "time_penalty"


@dataclass(frozen=True, slots=True)
class GcgPlayer:
    """A player as declared by ``#player1``/``#player2``: a nick (no spaces) and a full name."""

    nick: str
    name: str


@dataclass(frozen=True, slots=True)
class GcgPragma:
    """A pragma this module does not interpret, kept so that writing loses nothing.

    ``before_event`` is the index of the event that followed it (len(events) at the end).
    """

    name: str
    value: str
    before_event: int


@dataclass(frozen=True, slots=True)
class GcgEvent:
    """One ``>nick: ...`` line.

    ``position`` is canonical ("8D" across, "D8" down) or "". ``word`` is the GCG word of a
    play (upper = from the rack, lower = blank, '.' = tile already on the board).
    ``exchanged`` holds the tiles of an exchange; ``exchange_count`` their number (the only
    thing known for ``-7``). ``counted_rack`` is the rack in parentheses of an end-of-game
    adjustment. ``line`` and ``raw`` locate the source and do not take part in equality.
    """

    kind: EventKind
    player: int
    score: int
    cumulative: int
    rack: str = ""
    position: str = ""
    word: str = ""
    exchanged: str = ""
    exchange_count: int = 0
    counted_rack: str = ""
    notes: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class GcgGame:
    """A whole record. ``id`` is (authority, identifier); ``final_racks`` come from #rack1/#rack2.

    ``encoding`` says how the source was decoded and does not take part in equality
    (``write_gcg`` always writes UTF-8).
    """

    players: tuple[GcgPlayer, GcgPlayer]
    events: tuple[GcgEvent, ...] = ()
    lexicon: str = ""
    title: str = ""
    description: str = ""
    id: tuple[str, str] | None = None
    notes: tuple[str, ...] = ()
    pragmas: tuple[GcgPragma, ...] = ()
    final_racks: tuple[str | None, str | None] = (None, None)
    incomplete: bool = False
    encoding: str = field(default=DEFAULT_ENCODING, compare=False)
