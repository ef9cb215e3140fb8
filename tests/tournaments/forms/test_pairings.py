"""The pairing page's forms: rounds within the division, player numbers turned into entries."""

import pytest

from tests.tournaments.division_setup import field
from tournaments.forms.pairings import PairRoundForm, PinForm, RoundEditForm

pytestmark = pytest.mark.django_db

NOT_A_NUMBER = "Enter a whole number from 1 to 9999."


@pytest.fixture
def division():
    """Three rounds, players #1 to #4."""
    found, _entries = field(4, rounds=3)
    return found


def errors(form) -> dict[str, list[str]]:
    assert not form.is_valid()
    return {name: list(messages) for name, messages in form.errors.items()}


def test_pin_form_gives_the_entries_of_the_numbers(division):
    form = PinForm({"round_number": "3", "first": "1", "second": "4"}, division=division)
    assert form.is_valid()
    data = form.cleaned_data
    assert (data["round_number"], data["first"].number, data["second"].number) == (3, 1, 4)
    assert data["first"].division_id == division.pk


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"round_number": "0"},
            {"round_number": ["“0” is not a round of this division (1 to 3)."]},
        ),
        (
            {"round_number": "4"},
            {"round_number": ["“4” is not a round of this division (1 to 3)."]},
        ),
        (
            {"round_number": "two"},
            {"round_number": ["“two” is not a round of this division (1 to 3)."]},
        ),
        ({"round_number": ""}, {"round_number": ["This field is required."]}),
        ({"first": "0"}, {"first": [NOT_A_NUMBER]}),
        ({"first": "10000"}, {"first": [NOT_A_NUMBER]}),
        ({"second": "x1"}, {"second": [NOT_A_NUMBER]}),
        ({"second": ""}, {"second": ["This field is required."]}),
        ({"first": "5"}, {"first": ["There is no player 5 in this division."]}),
        ({"second": "9999"}, {"second": ["There is no player 9999 in this division."]}),
    ],
)
def test_pin_form_refuses_each_bad_field_with_its_reason(division, fields, expected):
    data = {"round_number": "2", "first": "1", "second": "4"} | fields
    assert errors(PinForm(data, division=division)) == expected


def test_numbers_of_another_division_name_nobody_here(division):
    other, _entries = field(6, rounds=3)
    form = PinForm({"round_number": "1", "first": "5", "second": "6"}, division=division)
    assert errors(form) == {
        "first": ["There is no player 5 in this division."],
        "second": ["There is no player 6 in this division."],
    }
    assert PinForm({"round_number": "1", "first": "5", "second": "6"}, division=other).is_valid()


def test_round_edit_form_resolves_both_players_of_a_swap(division):
    form = RoundEditForm({"action": "swap", "first": "2", "second": "3"}, division=division)
    assert form.is_valid()
    assert (form.cleaned_data["first"].number, form.cleaned_data["second"].number) == (2, 3)


@pytest.mark.parametrize("action", ["swap", "pair"])
def test_round_edit_form_needs_a_second_player_to_swap_or_pair(division, action):
    form = RoundEditForm({"action": action, "first": "2"}, division=division)
    assert errors(form) == {"second": ["Give the second player's number."]}


def test_a_bye_reads_only_the_first_player(division):
    form = RoundEditForm({"action": "bye", "first": "4", "second": "77"}, division=division)
    assert form.is_valid()
    assert form.cleaned_data["first"].number == 4
    assert errors(RoundEditForm({"action": "bye", "first": "5"}, division=division)) == {
        "first": ["There is no player 5 in this division."]
    }


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"action": "move"},
            {"action": ["Select a valid choice. move is not one of the available choices."]},
        ),
        ({"first": "-1"}, {"first": [NOT_A_NUMBER]}),
        ({"first": "1.5"}, {"first": [NOT_A_NUMBER]}),
        ({"second": "10000"}, {"second": [NOT_A_NUMBER]}),
    ],
)
def test_round_edit_form_refuses_each_bad_field_with_its_reason(division, fields, expected):
    data = {"action": "pair", "first": "1", "second": "2"} | fields
    assert errors(RoundEditForm(data, division=division)) == expected


@pytest.mark.parametrize(
    ("round_number", "valid"), [("0", False), ("1", True), ("3", True), ("4", False)]
)
def test_pair_round_form_takes_the_divisions_rounds_only(division, round_number, valid):
    form = PairRoundForm({"round_number": round_number}, division=division, systems=["koth"])
    assert form.is_valid() is valid


@pytest.mark.parametrize(
    ("seed", "valid"), [("-1", False), ("0", True), (str(2**63 - 1), True), (str(2**63), False)]
)
def test_pair_round_form_seed_fits_the_database(division, seed, valid):
    form = PairRoundForm({"round_number": "1", "seed": seed}, division=division, systems=["koth"])
    assert form.is_valid() is valid


def test_the_round_field_tells_the_browser_the_divisions_rounds(division):
    rendered = str(PinForm(division=division)["round_number"])
    assert 'min="1"' in rendered and 'max="3"' in rendered
