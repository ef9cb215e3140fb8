"""A random tournament, paired round by round by the desk's own systems, as a TSH division.

``generate_event`` draws a field (ratings spread like a club's list), late entries and
withdrawals, then pairs each round with the plan's system from what the ``.t`` file so far
records (``check.round_input``: the very input ``pair_check`` re-derives from), and plays it:
a result drawn from the rating difference, a rare tie, a rare forfeit. The same arguments
always give the same event. Run through ``pair_check``, a generated event shows whether the
systems keep their own rules (``manage.py bench trust`` does thousands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from core.refusal import gettext_noop
from pairing.plan import parse_plan, system_for_round, validate_plan
from pairing.registry import pair_round
from pairing.types import PairingSettings

from ..tsh.division import P12_BYE, P12_FIRST, P12_SECOND, TshDivision, TshPlayer
from . import CheckRefused, CheckSettings, round_input

MAX_PLAYERS = 10_000
MAX_ROUNDS = 40
# Players times rounds: every round re-reads the file so far and pairs the whole field, so the
# largest fields are kept to a few rounds (10,000 players over 10; 2,500 over all 40).
MAX_PLAYER_ROUNDS = 100_000
BYE_SPREAD = 50
FORFEIT_SPREAD = 50

TOO_MANY = {
    "players": gettext_noop("The players must number from %(low)s to %(high)s, not %(value)s."),
    "rounds": gettext_noop("The rounds must number from %(low)s to %(high)s, not %(value)s."),
}
BAD_RATE = gettext_noop("The rate %(what)s must be from 0 to 0.5, not %(value)s.")
TOO_BIG = gettext_noop(
    "%(players)s players over %(rounds)s rounds make %(size)s player-rounds, more than the "
    "%(limit)s a generated event may hold: take fewer players or fewer rounds."
)

LAST = (
    "Abara", "Baptiste", "Chen", "Dlamini", "Evans", "Fontaine", "García", "Haddad", "Ito",
    "Jensen", "Kowalski", "Lim", "Mwangi", "Nakamura", "Okafor", "Patel", "Quill", "Rossi",
    "Srisuk", "Tanaka", "Uchenna", "Vargas", "Wong", "Xu", "Yilmaz", "Zulu", "O'Brien",
    "van der Berg", "Smith 2nd", "Nguyễn",
)  # fmt: skip
FIRST = (
    "Ada", "Bo", "Chidi", "Dana", "Emeka", "Fatima", "Gus", "Hana", "Ines", "Jun", "Kofi",
    "Lena", "Malee", "Nia", "Omar", "Priya", "Quinn", "Rui", "Somchai", "Tove", "Uma", "Vik",
    "Wanjiru", "Xin", "Yuki", "Zara",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Happenings:
    """How often things happen: shares of the field that join late or withdraw, and shares of
    the games that are forfeited or tied."""

    late_entries: float = 0.05
    withdrawals: float = 0.04
    forfeits: float = 0.01
    ties: float = 0.01


@dataclass(frozen=True, slots=True)
class EventSpec:
    """What to generate."""

    players: int
    rounds: int
    plan: str = "1-N swiss"
    seed: int = 0
    settings: PairingSettings = field(default_factory=PairingSettings)
    happenings: Happenings = field(default_factory=Happenings)


@dataclass(slots=True)
class _Line:
    name: str
    rating: int
    opponents: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    p12: list[int] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    joins: int = 1
    leaves_after: int | None = None

    def add(self, opponent: int, score: int, side: int, board: int) -> None:
        self.opponents.append(opponent)
        self.scores.append(score)
        self.p12.append(side)
        self.boards.append(board)


def check_spec(spec: EventSpec) -> None:
    """Refuse out-of-bounds sizes and rates (``CheckRefused``), and a bad plan (``PairingError``)."""
    for what, value, high in (
        ("players", spec.players, MAX_PLAYERS),
        ("rounds", spec.rounds, MAX_ROUNDS),
    ):
        low = 2 if what == "players" else 1
        if not low <= value <= high:
            raise CheckRefused(TOO_MANY[what], low=low, high=high, value=value)
    if spec.players * spec.rounds > MAX_PLAYER_ROUNDS:
        raise CheckRefused(
            TOO_BIG,
            players=spec.players,
            rounds=spec.rounds,
            size=spec.players * spec.rounds,
            limit=MAX_PLAYER_ROUNDS,
        )
    for what, rate in vars_of(spec.happenings).items():
        if not 0 <= rate <= 0.5:
            raise CheckRefused(BAD_RATE, what=what, value=rate)
    validate_plan(parse_plan(spec.plan), spec.rounds)


def vars_of(happenings: Happenings) -> dict[str, float]:
    """The rates by name."""
    return {name: getattr(happenings, name) for name in Happenings.__slots__}


def generate_event(spec: EventSpec) -> TshDivision:
    """The event of ``spec``, every round paired and played."""
    check_spec(spec)
    rng = random.Random(spec.seed)
    lines = _field(spec, rng)
    settings = CheckSettings(parse_plan(spec.plan), spec.rounds, spec.settings)
    for number in range(1, spec.rounds + 1):
        present = [
            i + 1
            for i, line in enumerate(lines)
            if line.joins <= number and (line.leaves_after is None or number <= line.leaves_after)
        ]
        for line in lines:
            if line.joins > number:
                line.add(0, 0, P12_BYE, 0)  # not yet entered: a round the player was not in
        if len(present) < 2:
            continue
        planned = system_for_round(settings.plan, number, spec.rounds)
        division = _division(lines)
        given = round_input(division, number, present, planned, settings, rng.randrange(2**31))
        for out in pair_round(planned.system, given):
            if out.second is None:
                lines[out.first - 1].add(0, BYE_SPREAD, P12_BYE, 0)
            else:
                _play(lines, out.first, out.second, out.table or 0, spec.happenings, rng)
    return _division(lines)


def _field(spec: EventSpec, rng: random.Random) -> list[_Line]:
    lines = [
        _Line(f"{rng.choice(LAST)}, {rng.choice(FIRST)}", _rating(rng)) for _ in range(spec.players)
    ]
    lines.sort(key=lambda line: -line.rating)  # TSH files usually list the field by rating
    numbers = list(range(spec.players))
    rng.shuffle(numbers)
    late = round(spec.players * spec.happenings.late_entries) if spec.rounds > 2 else 0
    leaving = round(spec.players * spec.happenings.withdrawals) if spec.rounds > 2 else 0
    for i in numbers[:late]:
        lines[i].joins = rng.randint(2, min(3, spec.rounds))
    for i in numbers[late : late + leaving]:
        lines[i].leaves_after = rng.randint(1, spec.rounds - 1)
    return lines


def _rating(rng: random.Random) -> int:
    """A club-like list: most players 900-1800, a few beginners and experts."""
    return int(min(2300, max(300, rng.gauss(1350, 330))))


def _play(
    lines: list[_Line], first: int, second: int, table: int, happen: Happenings, rng: random.Random
) -> None:
    a, b = lines[first - 1], lines[second - 1]
    if rng.random() < happen.forfeits:
        loser = rng.choice((a, b))
        winner = b if loser is a else a
        winner.add(0, FORFEIT_SPREAD, P12_BYE, 0)
        loser.add(0, -FORFEIT_SPREAD, P12_BYE, 0)
        return
    losing = max(150, min(600, round(rng.gauss(365, 45))))
    if rng.random() < happen.ties:
        scores = (losing, losing)
    else:
        margin = max(1, min(400, round(abs(rng.gauss(0, 100)))))
        first_wins = rng.random() < 1 / (1 + 10 ** ((b.rating - a.rating) / 600))
        scores = (losing + margin, losing) if first_wins else (losing, losing + margin)
    a.add(second, scores[0], P12_FIRST, table)
    b.add(first, scores[1], P12_SECOND, table)


def _division(lines: list[_Line]) -> TshDivision:
    players = []
    for number, line in enumerate(lines, start=1):
        tags: list[tuple[str, tuple[str, ...]]] = []
        boards = list(line.boards)
        while boards and not boards[-1]:
            boards.pop()
        if boards:
            tags.append(("board", tuple(map(str, boards))))
        if line.leaves_after is not None and len(line.opponents) >= line.leaves_after:
            tags.append(("off", (str(-FORFEIT_SPREAD),)))
        if line.p12:
            tags.append(("p12", tuple(map(str, line.p12))))
        players.append(
            TshPlayer(
                number,
                line.name,
                str(line.rating),
                tuple(line.opponents),
                tuple(line.scores),
                tuple(tags),
            )
        )
    return TshDivision(tuple(players))
