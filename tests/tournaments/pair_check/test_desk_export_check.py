"""``pair_check`` on the desk's own ``.t`` export: the rounds the desk paired are re-derived
from the standings as the desk ranked them, so a clean Swiss event breaks no rule."""

import pytest

from pairing.plan import parse_plan, system_for_round
from pairing.types import PairingSettings
from tests.tournaments.division_setup import field, play_round
from tournaments.pair_check import CheckSettings, check_division, round_input, round_view
from tournaments.selectors.tsh import division_as_tsh
from tournaments.services.rounds import round_pair
from tournaments.tsh import read_t
from tournaments.tsh.writer import write_t

pytestmark = pytest.mark.django_db

PLAN = "1-N swiss"


@pytest.fixture
def exported():
    """Seven players, Swiss, two rounds played: #5 (the round-1 bye) and #6 are level on wins
    and spread after round 2, #6 with more points."""
    division, _entries = field(7, rounds=4, pairing_plan=PLAN)
    for number in (1, 2, 3):
        round_pair(by=None, division=division, round_number=number, seed=number)
        if number < 3:
            play_round(division, number)
    settings = CheckSettings(parse_plan(PLAN), 4, PairingSettings())
    return read_t(write_t(division_as_tsh(division)).encode()), settings


def test_players_level_on_wins_and_spread_share_a_place_as_on_the_desk(exported):
    t, settings = exported
    planned = system_for_round(settings.plan, 3, 4)
    given = round_input(t, 3, range(1, 8), planned, settings)
    places = {c.id: (c.rank, c.wins, c.spread) for c in given.competitors}
    assert places[5] == places[6] == (3, 1.0, 20)
    assert [c.id for c in given.competitors] == [7, 1, 5, 6, 3, 4, 2]


def test_the_desks_swiss_round_is_re_derived_and_breaks_no_rule(exported):
    t, settings = exported
    checked = check_division(t, settings).rounds[2]
    assert checked.played == ((1, 7), (3, 5), (4, 6), (2, None))
    assert checked.derived == checked.played
    assert checked.broken == ()


@pytest.fixture
def late_entry():
    """Seven players, Swiss, #7 joining at round 3: its rounds 1 and 2 are written ``0 -50``
    and listed in the ``skip`` tag (they count nothing)."""
    division, entries = field(7, rounds=4, pairing_plan=PLAN)
    entries[6].joins_at_round = 3
    entries[6].save(update_fields=["joins_at_round"])
    for number in (1, 2, 3):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    settings = CheckSettings(parse_plan(PLAN), 4, PairingSettings())
    return read_t(write_t(division_as_tsh(division)).encode()), settings


def test_a_late_entrys_skipped_rounds_are_neither_played_nor_forfeited(late_entry):
    t, settings = late_entry
    assert t.player(7).tag("skip") == ("1", "2")
    view = round_view(t, 1)
    assert 7 not in view.field and view.forfeits == () and view.byes == ()
    planned = system_for_round(settings.plan, 3, 4)
    given = round_input(t, 3, range(1, 8), planned, settings)
    late = next(c for c in given.competitors if c.id == 7)
    assert (late.rank, late.wins, late.spread, late.byes) == (6, 0.0, 0, 0)


def test_the_round_a_late_entry_joins_is_re_derived_with_the_desks_bye(late_entry):
    t, settings = late_entry
    report = check_division(t, settings)
    assert [checked.notes for checked in report.rounds] == [(), (), ()]
    checked = report.rounds[2]
    assert checked.played == ((1, 4), (2, 6), (5, 7), (3, None))
    assert checked.derived == checked.played
    assert checked.broken == ()
