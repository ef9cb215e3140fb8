"""The one base of every refusal: an English template, its params, and their text."""

import pickle

import pytest

from core.refusal import Refusal, gettext_noop, interpolated

LIMIT = gettext_noop("Round %(round)d is outside the event's %(total)d rounds.")


class SheetLineRefused(Refusal):
    """A subclass with arguments of its own, as the scoresheet's and the GCG readers' are."""

    def __init__(self, template: str, /, *, line: int, **params) -> None:
        self.line = line
        super().__init__(template, line=line, **params)


class OtherRefused(Refusal):
    pass


def test_gettext_noop_returns_the_message_unchanged():
    assert gettext_noop("Choose two different players.") == "Choose two different players."


def test_str_interpolates_the_params_into_the_english_template():
    refusal = Refusal(LIMIT, round=9, total=8)
    assert (refusal.template, refusal.params) == (LIMIT, {"round": 9, "total": 8})
    assert str(refusal) == "Round 9 is outside the event's 8 rounds."
    assert refusal.args == ("Round 9 is outside the event's 8 rounds.",)


def test_a_template_without_params_is_left_as_written():
    assert str(Refusal("Spread is 100% of the score.")) == "Spread is 100% of the score."
    assert interpolated("Spread is 100% of the score.", {}) == "Spread is 100% of the score."


def test_a_param_named_template_does_not_clash_with_the_template():
    assert str(Refusal("Unknown template %(template)s.", template="wall")) == (
        "Unknown template wall."
    )


def test_a_refusal_param_is_shown_in_english():
    inner = Refusal("The play has no word.")
    assert str(Refusal("Line %(line)d: %(reason)s", line=4, reason=inner)) == (
        "Line 4: The play has no word."
    )


def test_a_refusal_is_a_value_error():
    with pytest.raises(ValueError, match="Round 3 is outside"):
        raise Refusal(LIMIT, round=3, total=2)


def test_repr_names_the_class_template_and_params():
    assert repr(OtherRefused("Player %(player)s.", player=7)) == (
        "OtherRefused('Player %(player)s.', player=7)"
    )


def test_refusals_with_the_same_class_template_and_params_are_equal():
    assert Refusal(LIMIT, round=9, total=8) == Refusal(LIMIT, round=9, total=8)
    assert hash(Refusal(LIMIT, round=9, total=8)) == hash(Refusal(LIMIT, round=9, total=8))


@pytest.mark.parametrize(
    "other",
    [
        Refusal(LIMIT, round=9, total=9),
        Refusal("Round %(round)d.", round=9, total=8),
        OtherRefused(LIMIT, round=9, total=8),
    ],
    ids=["params", "template", "class"],
)
def test_refusals_differing_in_class_template_or_params_are_not_equal(other):
    assert Refusal(LIMIT, round=9, total=8) != other


def test_a_refusal_is_not_equal_to_its_text():
    assert Refusal("Choose two different players.") != "Choose two different players."


def test_notes_added_on_the_way_up_do_not_change_equality():
    noted = Refusal(LIMIT, round=9, total=8)
    noted.add_note("while pairing division A")
    assert noted == Refusal(LIMIT, round=9, total=8)


def test_a_refusal_survives_pickling_with_its_class_and_values():
    refusal = OtherRefused(LIMIT, round=9, total=8)
    copy = pickle.loads(pickle.dumps(refusal))
    assert (type(copy), copy, str(copy)) == (
        OtherRefused,
        refusal,
        "Round 9 is outside the event's 8 rounds.",
    )


def test_a_subclass_with_its_own_arguments_survives_pickling():
    refusal = SheetLineRefused("Line %(line)d: no word.", line=12)
    copy = pickle.loads(pickle.dumps(refusal))
    assert (copy.line, copy.params, str(copy), copy == refusal) == (
        12,
        {"line": 12},
        "Line 12: no word.",
        True,
    )
