"""COP in the Django layer: division settings reach the core, the round keeps its log, the
pairing page explains it, and an overconstrained round offers the director choices."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from pairing.cop.adapter import CopRefused
from tests import factories
from tests.tournaments.division_setup import field, games, play_round
from tournaments.models import Entry, Round
from tournaments.services.rounds import RoundRefused, round_pair

pytestmark = pytest.mark.django_db

FAST = {"division_sims": 1000, "control_loss_sims": 200}


def _url(division, name="pairing"):
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name},
    )


def _final_round_division(director=None, **cop):
    """Five players, two rounds (Swiss then COP), two places paid, round 1 played: in round 2
    king of the hill pairs the leaders, which top-down byes (when on) make impossible."""
    division, entries = field(
        5,
        director=director,
        rounds=2,
        pairing_plan="1-1 swiss; 2-N cop",
        prize_places=2,
        cop_settings=FAST | cop,
    )
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    return division, entries


CONFLICT = {"top_down_byes": True, "control_loss_threshold": 0, "control_loss_activation_round": 0}


def _conflict_division(**cop):
    """Five players, three rounds (Swiss then COP), round 1 won by 100 points a table so the
    leader is a game winner with no bye: in round 2 top-down byes give the leader the bye
    while control loss (threshold 0: the first contender helped by meeting the leader is
    destiny's child) lets the leader play only destiny's child."""
    division, entries = field(
        5,
        rounds=3,
        pairing_plan="1-1 swiss; 2-N cop",
        prize_places=2,
        cop_settings=FAST | CONFLICT | cop,
    )
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1, margin=lambda pairing: 100 * (pairing.table or 1))
    return division


def test_top_down_byes_and_control_loss_from_the_settings_make_the_round_overconstrained():
    division = _conflict_division()
    with pytest.raises(CopRefused) as caught:
        round_pair(by=None, division=division, round_number=2, seed=2)
    assert caught.value.culprits == ("top_down", "control_loss")
    assert not Round.objects.filter(division=division, number=2).exists()


def test_dropping_top_down_byes_for_the_round_pairs_it_and_the_audit_says_so():
    director = factories.user()
    division = _conflict_division()
    paired = round_pair(by=director, division=division, round_number=2, seed=2, relax=["top_down"])
    assert sorted(len(game) for game in games(division, 2)) == [1, 2, 2]
    entry = AuditEntry.objects.filter(action="round.pair").latest("id")
    assert entry.after["relaxed"] == ["top_down"]
    kinds = [note["kind"] for note in paired.pairing_log]
    assert "Dropped for this round at the director's choice: %(rules)s." in kinds


def test_dropping_an_unknown_rule_is_refused():
    division, _ = _final_round_division()
    with pytest.raises(RoundRefused) as caught:
        round_pair(by=None, division=division, round_number=2, seed=2, relax=["repeats"])
    assert caught.value.params == {"rule": "repeats"}


def _class_division(class_prizes):
    """Six players after a king-of-the-hill round 1 won by #6, #4 and #1; class B is #1, #3
    and #5; one place paid, so the final round's king of the hill is #6 v #4."""
    division, entries = field(
        6,
        rounds=2,
        pairing_plan="1-1 koth; 2-N cop",
        prize_places=1,
        cop_settings=FAST | {"class_prizes": class_prizes},
    )
    Entry.objects.filter(pk__in=[entries[i].pk for i in (0, 2, 4)]).update(player_class="B")
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    return division


def test_a_division_with_class_prizes_pairs_its_class_contenders_in_the_last_round():
    # Class B's leader #1 (3rd, 1-0) is a cash contender who may still finish outside the one
    # paid place: it uses up one of class B's two prizes. #3 and #5 (0-1, level on wins, the
    # spread gap within 2 x 250) meet for the other; #1, the lowest who reached 1st in any
    # simulation, left over by the cash king of the hill, plays the next player down, #2.
    division = _class_division({"B": 2})
    paired = round_pair(by=None, division=division, round_number=2, seed=3)
    assert games(division, 2) == {frozenset({4, 6}), frozenset({3, 5}), frozenset({1, 2})}
    class_note = next(n for n in paired.pairing_log if "class %(klass)s" in n["kind"])
    assert class_note["params"]["klass"] == "B"
    assert class_note["params"]["pairs"].startswith(f"Entrant {division.pk}-3 (")


@pytest.mark.parametrize("class_prizes", [{}, {"B": 1}])
def test_without_a_class_prize_left_for_the_walk_no_class_pair_is_forced(class_prizes):
    # No class prize, or the one prize used up by #1 above the walk: no class king of the
    # hill. The cash king of the hill (#6 v #4, #1 v #2) leaves #3 v #5.
    division = _class_division(class_prizes)
    paired = round_pair(by=None, division=division, round_number=2, seed=3)
    assert games(division, 2) == {frozenset({4, 6}), frozenset({3, 5}), frozenset({1, 2})}
    assert not any("class %(klass)s" in n["kind"] for n in paired.pairing_log)


def test_a_directors_cop_round_never_waits_for_the_anonymous_slots(settings, tmp_path):
    # Every public COP slot is taken (as by anonymous callers): the director's round still
    # pairs at once, in the director's own request.
    from tests.tournaments.cop_slots import busy_slots
    from tournaments import cop_pool

    settings.COP_PUBLIC_SLOT_DIR = str(tmp_path / "slots")
    division, _ = _final_round_division()
    with cop_pool.slot():
        assert busy_slots() == settings.COP_PUBLIC_SLOTS
        round_pair(by=None, division=division, round_number=2, seed=2)
    assert sorted(len(game) for game in games(division, 2)) == [1, 2, 2]
