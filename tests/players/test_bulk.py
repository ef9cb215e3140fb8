"""The duplicate review of "Add many" (players/bulk.py): which choice each row is offered first.
A different member id is a different person unless the director says otherwise (issue 33)."""

import pytest

from players.bulk import NEW, PlannedRow
from players.models import Player
from players.roster import RosterRow


def row(name="Anna Okafor", country="NG", member_id="", line=1) -> RosterRow:
    return RosterRow(line=line, name=name, country=country, member_id=member_id, rating=None)


def existing(pk, name="Anna Okafor", country="NG", member_id="") -> Player:
    return Player(pk=pk, name=name, country=country, member_id=member_id)


def test_same_name_and_country_with_another_member_id_offers_a_new_player_first():
    planned = PlannedRow(row(member_id="N-2"), [existing(7, member_id="N-1")])
    assert planned.another_member_id
    assert planned.suggested == NEW


def test_same_name_country_and_member_id_offers_that_player_first():
    planned = PlannedRow(row(member_id="N-1"), [existing(7, member_id="N-1")])
    assert not planned.another_member_id
    assert planned.suggested == "7"


@pytest.mark.parametrize(("pasted", "held"), [("", "N-1"), ("N-2", "")])
def test_a_missing_member_id_on_either_side_still_offers_the_same_country_match(pasted, held):
    planned = PlannedRow(row(member_id=pasted), [existing(7, member_id=held)])
    assert not planned.another_member_id
    assert planned.suggested == "7"


def test_another_id_beside_a_namesake_without_one_offers_the_namesake():
    planned = PlannedRow(
        row(member_id="N-2"), [existing(7, member_id="N-1"), existing(8, member_id="")]
    )
    assert not planned.another_member_id
    assert planned.suggested == "8"


def test_an_earlier_row_with_another_member_id_is_a_different_person_too():
    planned = PlannedRow(row(member_id="N-2", line=2), [], earlier=row(member_id="N-1"))
    assert planned.suggested == NEW
