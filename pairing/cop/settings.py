"""COP's director settings, with TSH's defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# TSH's defaults, indexed by rounds left (1 left first); the last value holds for more rounds.
TSH_GIBSON_SPREAD = (250, 200)
TSH_HOPEFULNESS = (0.1, 0.1, 0.05, 0.02, 0.01)
TSH_DIVISION_SIMS = 100_000
TSH_CONTROL_LOSS_SIMS = 10_000
DEFAULT_CONTROL_LOSS_THRESHOLD = 0.25
# Without an activation round, control loss starts this many rounds before the end.
DEFAULT_CONTROL_LOSS_ROUNDS = 6


def _no_class_prizes() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class CopSettings:
    """How COP pairs a division.

    ``place_prizes``: paid places (``None``: the division's ``prize_places``). ``class_prizes``:
    prizes per class letter. ``gibson_spread`` and ``hopefulness`` are indexed by rounds left
    (see ``by_rounds_left``). ``control_loss_activation_round`` counts completed rounds
    (``None``: ``DEFAULT_CONTROL_LOSS_ROUNDS`` before the end). ``relaxed``: keys of hard
    rules (``rules.KEYS``) the director dropped for this one round.
    """

    place_prizes: int | None = None
    class_prizes: Mapping[str, int] = field(default_factory=_no_class_prizes)
    gibson_spread: tuple[int, ...] = TSH_GIBSON_SPREAD
    hopefulness: tuple[float, ...] = TSH_HOPEFULNESS
    control_loss_threshold: float = DEFAULT_CONTROL_LOSS_THRESHOLD
    control_loss_activation_round: int | None = None
    division_sims: int = TSH_DIVISION_SIMS
    control_loss_sims: int = TSH_CONTROL_LOSS_SIMS
    allow_repeat_byes: bool = False
    top_down_byes: bool = False
    relaxed: frozenset[str] = frozenset()


def by_rounds_left(values: tuple, rounds_left: int):
    """The value for ``rounds_left`` from a list indexed by rounds left (1 left first)."""
    return values[min(max(rounds_left, 1), len(values)) - 1]


def activation_round(settings: CopSettings, total_rounds: int) -> int:
    """Completed rounds from which control loss applies."""
    if settings.control_loss_activation_round is not None:
        return settings.control_loss_activation_round
    return max(0, total_rounds - DEFAULT_CONTROL_LOSS_ROUNDS)


# What a division stores: the settings a director may change (``relaxed`` is per round).
STORED = (
    "place_prizes",
    "class_prizes",
    "gibson_spread",
    "hopefulness",
    "control_loss_threshold",
    "control_loss_activation_round",
    "division_sims",
    "control_loss_sims",
    "allow_repeat_byes",
    "top_down_byes",
)


def to_json(settings: CopSettings) -> dict:
    """The stored settings as JSON-ready values (tuples as lists)."""
    found = {name: getattr(settings, name) for name in STORED}
    found["class_prizes"] = dict(sorted(settings.class_prizes.items()))
    found["gibson_spread"] = list(settings.gibson_spread)
    found["hopefulness"] = list(settings.hopefulness)
    return found


def from_json(stored: Mapping) -> CopSettings:
    """Settings from stored JSON; a missing key keeps TSH's default."""
    known = {name: stored[name] for name in STORED if name in stored}
    if "class_prizes" in known:
        known["class_prizes"] = MappingProxyType(dict(known["class_prizes"]))
    for name in ("gibson_spread", "hopefulness"):
        if name in known:
            known[name] = tuple(known[name])
    return CopSettings(**known)


def class_key(label: str) -> str:
    """A class as COP keys it: a number the way TSH sends it (``"0"``, or nothing, is no class
    prize: ``""``; ``"01"`` is ``"1"``), a letter in capitals."""
    text = str(label).strip()
    if text.isascii() and text.isdigit():  # no int(): a label may be longer than int() reads
        return text.lstrip("0")
    return text.upper()


@dataclass(frozen=True, slots=True)
class ClassPrizes:
    """Which class prizes COP applies to a field: ``in_force`` (class, prizes, players) for a
    class with prizes and players; ``idle`` (class, prizes) for prizes no player competes for;
    ``unprized`` (class, players) for players whose class has no prize."""

    in_force: tuple[tuple[str, int, int], ...]
    idle: tuple[tuple[str, int], ...]
    unprized: tuple[tuple[str, int], ...]


def class_prizes_in_force(class_prizes: Mapping[str, int], classes) -> ClassPrizes:
    """Class prizes against the players' classes (labels as entered; see ``class_key``)."""
    counts: dict[str, int] = {}
    for label in classes:
        key = class_key(label)
        if key:
            counts[key] = counts.get(key, 0) + 1
    prizes = {class_key(k): v for k, v in class_prizes.items() if class_key(k) and v > 0}

    def order(key: str) -> tuple:
        return (not key.isdigit(), int(key) if key.isdigit() else 0, key)

    return ClassPrizes(
        in_force=tuple((k, prizes[k], counts[k]) for k in sorted(prizes, key=order) if k in counts),
        idle=tuple((k, prizes[k]) for k in sorted(prizes, key=order) if k not in counts),
        unprized=tuple((k, counts[k]) for k in sorted(counts, key=order) if k not in prizes),
    )
