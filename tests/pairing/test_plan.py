import pytest

from pairing.messages import PairingError
from pairing.plan import (
    PairingPlan,
    PlannedRound,
    PlanStep,
    parse_plan,
    system_for_round,
    validate_plan,
)

PLAN_TEXT = "1-3 fontes; 4-N-3 swiss lag 1; N-2-N koth"


def test_plan_text_reads_rounds_from_the_end():
    assert parse_plan(PLAN_TEXT) == PairingPlan(
        (PlanStep(1, 3, "fontes"), PlanStep(4, -4, "swiss", 1), PlanStep(-3, -1, "koth"))
    )


def test_single_round_steps_and_capitals_are_read():
    assert parse_plan("1 SEEDED; 2-N Swiss LAG 2").steps == (
        PlanStep(1, 1, "seeded"),
        PlanStep(2, -1, "swiss", 2),
    )


def test_system_for_round_gives_system_based_on_round_and_round_in_step():
    plan = parse_plan(PLAN_TEXT)
    validate_plan(plan, 12)
    assert system_for_round(plan, 1, 12) == PlannedRound("fontes", 0, 1)
    assert system_for_round(plan, 3, 12) == PlannedRound("fontes", 2, 3)
    assert system_for_round(plan, 4, 12) == PlannedRound("swiss", 2, 1)
    assert system_for_round(plan, 9, 12) == PlannedRound("swiss", 7, 6)
    assert system_for_round(plan, 10, 12) == PlannedRound("koth", 9, 1)
    assert system_for_round(plan, 12, 12) == PlannedRound("koth", 11, 3)


def test_lag_never_reaches_before_the_seeding():
    plan = parse_plan("1-N swiss lag 2")
    assert [system_for_round(plan, r, 4).based_on_round for r in (1, 2, 3, 4)] == [0, 0, 0, 1]


@pytest.mark.parametrize(
    ("text", "params"),
    [
        ("1-3 fontes; 5-N swiss", {"round": 4}),
        ("1-4 swiss; 4-N koth", {"round": 4}),
        ("1-N lottery", {"system": "lottery"}),
        ("1-3 fontes; 4-10 swiss", {"step": "4-10 swiss", "round": 10, "total": 8}),
        ("1-3 fontes; 5-4 koth; 6-N swiss", {"step": "5-4 koth", "first": 5, "last": 4}),
    ],
)
def test_invalid_plans_are_refused_with_clear_reasons(text, params):
    with pytest.raises(PairingError) as err:
        validate_plan(parse_plan(text), 8)
    assert err.value.params == params


def test_negative_lag_is_refused():
    with pytest.raises(PairingError) as err:
        validate_plan(PairingPlan((PlanStep(1, -1, "swiss", -1),)), 5)
    assert err.value.params == {"step": "1-N swiss lag -1"}


def test_unreadable_step_names_the_step():
    with pytest.raises(PairingError) as err:
        parse_plan("1-3 fontes; rounds four on: swiss")
    assert err.value.params == {"step": "rounds four on: swiss"}
    assert "FIRST-LAST SYSTEM" in str(err.value)


def test_empty_plan_is_refused():
    with pytest.raises(PairingError):
        parse_plan(" ; ")
