"""Checked at scale: a few hundred generated events, every pairing system, through pair_check.

No rule may break, every round must be re-derivable, and rounds may differ from their
re-derivation only where a seed the file does not carry decides (a random draw, Fontes groups,
COP's simulations). ``manage.py bench trust`` runs the same sweep over 5,000 events."""

import pytest

from bench import trust
from pairing import byes, swiss

EVENTS = 20 * len(trust.PLANS)  # 280: twenty events of each plan


def test_generated_events_of_every_system_break_no_rule():
    found = trust.sweep(EVENTS, seed=0)
    assert (found.events, found.broken, found.refused, found.not_derived) == (EVENTS, [], [], [])
    assert set(found.by_plan.values()) == {20}
    assert set(found.differing_by_system) <= {"random", "fontes", "cop"}


def test_the_sweep_finds_a_system_that_breaks_the_bye_rule(monkeypatch):
    # A bye to the best-placed player with the most byes: the sweep must notice.
    monkeypatch.setattr(byes, "choose_bye", lambda field: max(field, key=lambda c: c.byes))
    found = trust.sweep(len(trust.PLANS) * 3, seed=0)
    assert any("the bye went to" in line for line in found.broken)


@pytest.mark.parametrize("index", range(len(trust.PLANS)))
def test_each_sweep_event_fits_its_plan(index):
    spec = trust.spec_for(index, seed=0)
    assert spec.plan == trust.PLANS[index][0]
    assert trust.PLANS[index][1] <= spec.rounds <= 12 and 2 <= spec.players <= 40


def test_the_sweep_finds_a_swiss_that_pairs_the_leader_with_last_place(monkeypatch):
    # Top v bottom down the standings: the score-group rule must notice.
    def top_v_bottom(field, meetings, settings, apart=False):
        return [(field[i], field[-1 - i]) for i in range(len(field) // 2)]

    monkeypatch.setattr(swiss, "swiss_pairs", top_v_bottom)
    found = trust.sweep(len(trust.PLANS) * 2, seed=0)
    assert any("further apart in the standings than need be" in line for line in found.broken)
    assert any("keeps to the score groups less than it could" in line for line in found.broken)
