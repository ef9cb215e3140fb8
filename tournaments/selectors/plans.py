"""A division's pairing plan, read: which system pairs a round and on which standings (pure
reading of ``Division.pairing_plan`` through ``pairing.plan``; the pairing service and the
"pair every ready division" readiness both ask it)."""

from __future__ import annotations

from pairing.plan import PairingPlan, PlannedRound, parse_plan, system_for_round, validate_plan

from ..models import Division

DEFAULT_PLAN = "1-N swiss"


def division_plan(division: Division) -> PairingPlan:
    """The division's pairing plan (Swiss throughout when none is set), validated."""
    plan = parse_plan(division.pairing_plan or DEFAULT_PLAN)
    validate_plan(plan, division.rounds)
    return plan


def planned_round(division: Division, round_number: int) -> PlannedRound:
    """System, based-on round and round-in-step of ``round_number`` from the plan."""
    return system_for_round(division_plan(division), round_number, division.rounds)
