"""What the checker reports and reads its settings from: rules, messages, findings, settings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from core.refusal import Refusal, gettext_noop
from pairing.plan import PairingPlan
from pairing.types import PairingSettings

REPEAT, BYE, GIBSON, ORDER, SIDES = "repeat", "bye", "gibson", "order", "sides"
GROUPS = "groups"
RULES = (REPEAT, BYE, GIBSON, ORDER, SIDES, GROUPS)

REPEAT_BROKEN = gettext_noop(
    "Round %(round)s: %(games)s meet more often than %(limit)s repeats allow; the same players "
    "could be paired with %(fewest)s such games instead of %(found)s."
)
BYE_COUNT_BROKEN = gettext_noop(
    "Round %(round)s gives byes to %(byes)s of %(players)s players: an even field has none, an "
    "odd field one."
)
BYE_BROKEN = gettext_noop(
    "Round %(round)s: the bye went to %(player)s (byes before: %(had)s) while %(other)s had "
    "fewer (%(fewest)s)."
)
BYE_RANK_BROKEN = gettext_noop(
    "Round %(round)s: the bye went to %(player)s (place %(place)s) while %(other)s, placed lower "
    "(place %(other_place)s), had as few byes (%(byes)s)."
)
GROUPS_BROKEN = gettext_noop(
    "Round %(round)s keeps to the score groups less than it could: %(games)s. A pairing of the "
    "same players has %(fewest_repeats)s rematches and %(fewest_cross)s games across "
    "score groups (squared win gaps adding up to %(fewest_gap)s); the round has %(repeats)s and "
    "%(cross)s (adding up to %(gap)s)."
)
DISTANCE_BROKEN = gettext_noop(
    "Round %(round)s pairs players further apart in the standings than need be: %(games)s. A "
    "pairing of the same players, with as few rematches and win gaps as small, pairs them at "
    "places whose squared distances add up to %(fewest)s; the round's add up to %(found)s."
)
GIBSON_BROKEN = gettext_noop(
    "Round %(round)s: %(leader)s had clinched first but played %(opponent)s, who can still "
    "finish in the prizes, while %(free)s could not."
)
ORDER_BROKEN = gettext_noop(
    "Round %(round)s is not in %(system)s order: played %(played)s; the standings give "
    "%(expected)s."
)
SIDES_BROKEN = gettext_noop(
    "Round %(round)s: %(first)s went first (firsts before: %(first_count)s) against "
    "%(second)s (firsts before: %(second_count)s)."
)
NOT_DERIVED = gettext_noop("Round %(round)s could not be re-derived: %(reason)s")
FORFEITS_NOTE = gettext_noop(
    "Round %(round)s has forfeits, whose games the file does not record: those players are "
    "left out of the comparison."
)


class CheckRefused(Refusal):
    """An event or configuration the checker cannot read."""


@dataclass(frozen=True, slots=True)
class Finding:
    """A broken rule (``rule`` one of ``RULES``) or a note (``rule`` empty), as a message."""

    round: int
    rule: str
    template: str
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def render(self, translate: Callable[[str], str] = str) -> str:
        """The message in the language ``translate`` gives."""
        return translate(self.template) % dict(self.params)


Pair = tuple[int, int | None]


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round: what was played, what the system gives, the differences and the findings."""

    round: int
    system: str
    based_on: int
    played: tuple[Pair, ...]
    derived: tuple[Pair, ...] | None
    only_played: tuple[Pair, ...]
    only_derived: tuple[Pair, ...]
    broken: tuple[Finding, ...]
    notes: tuple[Finding, ...]


@dataclass(frozen=True, slots=True)
class CheckReport:
    """Every round checked, in order."""

    rounds: tuple[RoundCheck, ...]

    @property
    def broken(self) -> tuple[Finding, ...]:
        """Every broken rule, round by round."""
        return tuple(f for r in self.rounds for f in r.broken)

    @property
    def differences(self) -> int:
        """Rounds whose pairing differs from the re-derived one."""
        return sum(1 for r in self.rounds if r.only_played or r.only_derived)


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """The plan and director settings the rounds were paired under."""

    plan: PairingPlan
    total_rounds: int
    pairing: PairingSettings = field(default_factory=PairingSettings)


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as the file records it: games (first player first when known), byes, forfeit
    losses and forfeit-or-bye wins, and whether each game's sides are known."""

    games: tuple[tuple[int, int], ...]
    sides_known: frozenset[tuple[int, int]]
    byes: tuple[int, ...]
    forfeits: tuple[int, ...]

    @property
    def field(self) -> tuple[int, ...]:
        """Everyone the round's pairing placed: game players, byes and forfeit losers."""
        players = [p for game in self.games for p in game] + [*self.byes, *self.forfeits]
        return tuple(sorted(players))
