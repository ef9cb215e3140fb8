"""Plain values that go in and out of every pairing system."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .cop.settings import CopSettings

FIRST = "F"
SECOND = "S"


@dataclass(frozen=True, slots=True)
class Competitor:
    """One entry to pair this round, as the standings see it before the round.

    ``rank`` is the displayed place (ties may share one); the order of ``RoundInput.competitors``
    is the authoritative standings order. ``last_sides`` holds ``'F'``/``'S'`` for past games,
    most recent last. ``klass`` is the player's class letter, for COP's class prizes; ``name``
    is how a log (COP's) names the player. ``team`` is the school, club, country or family the
    player plays for (empty: none), which ``PairingSettings.avoid_team_rounds`` keeps apart.
    """

    id: int
    rank: int
    wins: float
    losses: float
    spread: int
    rating: int
    byes: int = 0
    firsts: int = 0
    seconds: int = 0
    last_sides: tuple[str, ...] = ()
    klass: str = ""
    name: str = ""
    team: str = ""


@dataclass(frozen=True, slots=True)
class PairingSettings:
    """Director settings of a division that shape pairings.

    ``max_repeats``: how many times two players may already have met and still be paired by
    Swiss (honoured whenever any pairing allows it). ``max_spread_per_round`` bounds the spread a
    player can gain or lose in one game, for gibsonization. ``prize_places`` counts the places that
    win a prize. ``factor`` is the f of Factor pairing (1 v 1+f). ``fontes_group_size`` is the size of
    Initial Fontes groups (one player from each of that many rating bands). ``swiss_window`` is how
    many ranks either side a Swiss candidate opponent may be; ``swiss_min_candidates`` is how many
    allowed opponents each player gets before the window stops widening. ``avoid_team_rounds``:
    rounds 1..N keep team-mates apart whenever the field allows it (TSH's team avoidance); 0: off.
    """

    max_repeats: int = 0
    gibsonize: bool = True
    max_spread_per_round: int = 250
    prize_places: int = 1
    factor: int = 2
    fontes_group_size: int = 4
    swiss_window: int = 12
    swiss_min_candidates: int = 6
    avoid_team_rounds: int = 0
    cop: CopSettings = field(default_factory=CopSettings)


def _frozen_map() -> Mapping[int, int]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class RoundInput:
    """Everything a pairing system needs to pair one round.

    ``competitors`` are the players to pair (withdrawn players left out, late entries included),
    in standings order as of the round this round is based on. ``history`` lists past pairings
    ``(player, opponent)`` with ``None`` for a bye. ``fixed_pairs`` pins two players together;
    ``fixed_tables`` pins a player to a table. ``roster`` is the seed order of every entry of a
    round robin, quads or Fontes event including withdrawn players (empty: the competitors by
    rating); ``groups`` maps every entry, withdrawn ones too, to its quad or Fontes group
    (empty: groups are formed from ratings or drawn from ``seed``). ``round_in_step`` is the
    round's number inside its plan step (``None``: ``round_number``), which schedules count from.
    """

    round_number: int
    total_rounds: int
    competitors: tuple[Competitor, ...]
    history: tuple[tuple[int, int | None], ...] = ()
    fixed_pairs: tuple[tuple[int, int], ...] = ()
    fixed_tables: Mapping[int, int] = field(default_factory=_frozen_map)
    settings: PairingSettings = field(default_factory=PairingSettings)
    seed: int = 0
    roster: tuple[int, ...] = ()
    groups: Mapping[int, int] = field(default_factory=_frozen_map)
    round_in_step: int | None = None

    @property
    def step_round(self) -> int:
        """The 1-based round inside the plan step, which round-robin schedules count from."""
        return self.round_in_step if self.round_in_step is not None else self.round_number

    @property
    def rounds_left(self) -> int:
        """Rounds still to play, this one included."""
        return self.total_rounds - self.round_number + 1


@dataclass(frozen=True, slots=True)
class PairingOut:
    """One game (or bye) of the round.

    ``second`` is ``None`` for a bye. ``repeats`` is how many times the two had met before.
    ``sides_drawn`` says that first/second was settled by a (seeded) draw, so it can be shown.
    """

    first: int
    second: int | None
    table: int | None = None
    repeats: int = 0
    sides_drawn: bool = False

    @property
    def players(self) -> tuple[int, ...]:
        """The one or two players of this pairing."""
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def is_bye(self) -> bool:
        """True when the pairing is a bye."""
        return self.second is None
