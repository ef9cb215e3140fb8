"""Results: the result entered against the finished sheet (with the confirmation on record or
without), and a result changed after both players confirmed it."""

from games.engine.integrity import flags as F
from games.engine.integrity.results import ResultChange, ResultFacts, result_flags


def codes(facts):
    return [f.code for f in result_flags(facts)]


def test_a_result_entered_as_the_sheet_says_is_clean():
    assert codes(ResultFacts(1, 2, sheet="402-380", entered="402-380")) == []


def test_a_result_differing_from_the_sheet_is_flagged_without_a_confirmation():
    found = result_flags(ResultFacts(1, 2, sheet="402-380", entered="412-380"))
    assert [f.code for f in found] == [F.RESULT_DIFFERS]
    assert found[0].params == {"entered": "412-380", "sheet": "402-380"}
    assert (found[0].game, found[0].pairing, found[0].line) == (2, 1, 0)


def test_a_result_both_players_confirmed_differing_from_the_sheet_says_so():
    facts = ResultFacts(1, 2, sheet="402-380", entered="412-380", confirmed="412-380")
    assert codes(facts) == [F.RESULT_DIFFERS_CONFIRMED]


def test_no_sheet_or_no_result_yet_compares_nothing():
    assert codes(ResultFacts(1, None, entered="412-380")) == []
    assert codes(ResultFacts(1, 2, sheet="402-380")) == []


def test_a_change_at_the_confirmation_is_clean_and_one_a_millisecond_later_is_flagged():
    at = ResultFacts(
        1, 2, confirmed="402-380", confirmed_ms=5000, changes=(ResultChange(5000, "402-380"),)
    )
    assert codes(at) == []
    later = ResultFacts(
        1, 2, confirmed="402-380", confirmed_ms=5000, changes=(ResultChange(5001, "380-402"),)
    )
    found = result_flags(later)
    assert [f.code for f in found] == [F.CHANGED_AFTER_CONFIRMED]
    assert found[0].params == {"confirmed": "402-380", "after": "380-402"}


def test_changes_without_a_confirmation_are_the_directors_own():
    assert codes(ResultFacts(1, 2, changes=(ResultChange(9, "1-2"), ResultChange(10, "3-4")))) == []


def test_a_flags_facts_change_with_its_results_and_not_with_a_name():
    """A dismissal keeps ``facts``: another result entered is another fact, a renamed player
    is not."""
    (was,) = result_flags(ResultFacts(1, 2, sheet="402-380", entered="412-380"))
    (again,) = result_flags(ResultFacts(1, 2, sheet="402-380", entered="412-380"))
    (other,) = result_flags(ResultFacts(1, 2, sheet="402-380", entered="100-500"))
    assert was.key == other.key and was.facts == again.facts != other.facts
    named = F.Flag(F.CLOCK_TOTAL, 2, 9, {"player": "Ann", "turns": 1400, "clock": 1500})
    renamed = F.Flag(F.CLOCK_TOTAL, 2, 9, {"player": "Anne", "turns": 1400, "clock": 1500})
    assert named.facts == renamed.facts
