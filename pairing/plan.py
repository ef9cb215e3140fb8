"""A division's pairing plan: which system pairs which rounds, and from which standings.

Text form, steps separated by ``;``: ``FIRST-LAST SYSTEM [lag K]`` or ``ROUND SYSTEM [lag K]``.
A round is a number, ``N`` (the last round) or ``N-k`` (k rounds before the last), e.g.
``"1-3 fontes; 4-N-3 swiss lag 1; N-2-N koth"``. In ``PlanStep`` a negative round counts
from the end: -1 is the last round, -4 is N-3. ``lag`` K pairs a round from the standings
after round (round - 1 - K), never earlier than round 0 (the seeding before any results).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from . import messages as m
from .messages import PairingError

_ROUND = r"N(?:-\d{1,4})?|\d{1,4}"
_STEP = re.compile(
    rf"^\s*(?P<first>{_ROUND})(?:\s*-\s*(?P<last>{_ROUND}))?\s+(?P<system>[a-z_]+)"
    r"(?:\s+lag\s+(?P<lag>\d{1,4}))?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class PlanStep:
    """Rounds ``first_round``..``last_round`` (negative: from the end) paired by ``system``."""

    first_round: int
    last_round: int
    system: str
    lag: int = 0


@dataclass(frozen=True, slots=True)
class PairingPlan:
    """The steps of a division's plan, in the order they were written."""

    steps: tuple[PlanStep, ...]


@dataclass(frozen=True, slots=True)
class PlannedRound:
    """How one round is paired: the system, the round whose standings it uses (0 = seeding),
    and the round's 1-based number inside its step (schedules count from it)."""

    system: str
    based_on_round: int
    round_in_step: int


def parse_plan(text: str) -> PairingPlan:
    """Read the text form described in the module docstring; ``PairingError`` on bad syntax."""
    steps = []
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        match = _STEP.match(chunk)
        if match is None:
            raise PairingError(m.PLAN_SYNTAX, step=chunk.strip())
        first = _parse_round(match["first"])
        last = _parse_round(match["last"]) if match["last"] else first
        lag = int(match["lag"]) if match["lag"] else 0
        steps.append(PlanStep(first, last, match["system"].lower(), lag))
    if not steps:
        raise PairingError(m.PLAN_EMPTY)
    return PairingPlan(tuple(steps))


def _parse_round(token: str) -> int:
    token = token.replace(" ", "").upper()
    if token.startswith("N"):
        return -1 - (int(token[2:]) if len(token) > 1 else 0)
    return int(token)


def resolve_round(value: int, total_rounds: int) -> int:
    """A step's round as a round number: negative values count back from ``total_rounds``."""
    return total_rounds + 1 + value if value < 0 else value


def describe_step(step: PlanStep) -> str:
    """The step in the text form, for messages."""
    text = f"{_describe_round(step.first_round)}-{_describe_round(step.last_round)} {step.system}"
    return text + (f" lag {step.lag}" if step.lag else "")


def _describe_round(value: int) -> str:
    if value >= 0:
        return str(value)
    return "N" if value == -1 else f"N-{-value - 1}"


def validate_plan(
    plan: PairingPlan, total_rounds: int, systems: Collection[str] | None = None
) -> None:
    """Check that every round 1..total_rounds is covered by exactly one step, that steps run
    forwards inside the event with a non-negative lag, and (if ``systems`` is given) that each
    system exists (default: the systems of ``registry.SYSTEMS``). Raises ``PairingError`` with
    the first problem found."""
    if systems is None:
        from .registry import SYSTEMS  # late: the registry pulls in every system module

        systems = SYSTEMS
    if not plan.steps:
        raise PairingError(m.PLAN_EMPTY)
    owner: dict[int, PlanStep] = {}
    for step in plan.steps:
        name = describe_step(step)
        if step.system not in systems:
            raise PairingError(m.UNKNOWN_SYSTEM, system=step.system)
        if step.lag < 0:
            raise PairingError(m.PLAN_NEGATIVE_LAG, step=name)
        first = resolve_round(step.first_round, total_rounds)
        last = resolve_round(step.last_round, total_rounds)
        for edge in (first, last):
            if not 1 <= edge <= total_rounds:
                raise PairingError(m.PLAN_OUTSIDE, step=name, round=edge, total=total_rounds)
        if last < first:
            raise PairingError(m.PLAN_BACKWARDS, step=name, first=first, last=last)
        for round_number in range(first, last + 1):
            if round_number in owner:
                raise PairingError(m.PLAN_OVERLAP, round=round_number)
            owner[round_number] = step
    for round_number in range(1, total_rounds + 1):
        if round_number not in owner:
            raise PairingError(m.PLAN_GAP, round=round_number)


def system_for_round(plan: PairingPlan, round_number: int, total_rounds: int) -> PlannedRound:
    """The system, based-on round and round-in-step for ``round_number`` (plan must be valid)."""
    if not 1 <= round_number <= total_rounds:
        raise PairingError(m.BAD_ROUND, round=round_number, total=total_rounds)
    for step in plan.steps:
        first = resolve_round(step.first_round, total_rounds)
        last = resolve_round(step.last_round, total_rounds)
        if first <= round_number <= last:
            based_on = max(0, round_number - 1 - step.lag)
            return PlannedRound(step.system, based_on, round_number - first + 1)
    raise PairingError(m.PLAN_GAP, round=round_number)
