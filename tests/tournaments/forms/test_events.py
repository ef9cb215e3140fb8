"""Registration and division forms: every number is a bounded whole number."""

import pytest

from tests import factories
from tournaments.forms.events import DivisionForm, EntryActionForm, EntryAddForm

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("table", "error"),
    [
        ("0", "Enter a whole number from 1 to 999."),
        ("1000", "Enter a whole number from 1 to 999."),
        ("7x", "Enter a whole number from 1 to 999."),
        ("1", None),
        ("999", None),
        ("", None),
    ],
)
def test_a_fixed_table_is_from_1_to_999_or_none(table, error):
    form = EntryActionForm({"action": "table", "table": table})
    assert form.is_valid() is (error is None)
    assert dict(form.errors) == ({"table": [error]} if error else {})


@pytest.mark.parametrize(
    ("rating", "valid"),
    [("-1", False), ("0", True), ("3500", True), ("3501", False), ("2³", False)],
)
def test_a_rating_at_entry_is_a_rating(rating, valid):
    data = {"player": factories.player().pk, "rating": rating, "joins_at_round": 1}
    data |= {"starting_wins": 0, "starting_losses": 0, "starting_spread": 0}
    form = EntryAddForm(data, viewer=None)
    assert form.is_valid() is valid
    if not valid:
        assert dict(form.errors) == {
            "rating": [f"“{rating}” is not a rating (a whole number from 0 to 3500)."]
        }


def _division_data(**changed) -> dict:
    """What the division page posts for a valid division, with ``changed`` typed instead."""
    division = factories.division(factories.tournament())
    initial = DivisionForm(instance=division).initial
    data = {name: value for name, value in initial.items() if value is not None}
    data["name"] = "B"
    return data | changed


@pytest.mark.parametrize(
    ("name", "typed", "error"),
    [
        ("rounds", "0", "Enter a whole number from 1 to 32767."),
        ("rounds", "32768", "Enter a whole number from 1 to 32767."),
        # A bye or forfeit win must read as a win in TSH's and liwords' files: above 0.
        ("bye_spread", "0", "Enter a whole number from 1 to 5000."),
        ("bye_spread", "-50", "Enter a whole number from 1 to 5000."),
        ("bye_spread", "5001", "Enter a whole number from 1 to 5000."),
        ("forfeit_spread", "0", "Enter a whole number from 1 to 5000."),
        ("forfeit_spread", "5001", "Enter a whole number from 1 to 5000."),
        ("max_repeats", "-1", "Enter a whole number from 0 to 32767."),
        ("max_repeats", "32768", "Enter a whole number from 0 to 32767."),
        ("prize_places", "10000", "Enter a whole number from 0 to 9999."),
        ("rounds", "١٢", "Enter a whole number from 1 to 32767."),
    ],
)
def test_a_division_number_outside_its_bounds_is_refused_on_every_database(name, typed, error):
    form = DivisionForm(_division_data(**{name: typed}))
    assert form.is_valid() is False
    assert dict(form.errors) == {name: [error]}


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("rounds", "1"),
        ("rounds", "32767"),
        ("bye_spread", "1"),
        ("bye_spread", "5000"),
        ("forfeit_spread", "1"),
        ("forfeit_spread", "5000"),
        ("max_repeats", "0"),
        ("max_repeats", "32767"),
        ("prize_places", "0"),
        ("prize_places", "9999"),
    ],
)
def test_a_division_number_at_its_bounds_is_taken(name, typed):
    form = DivisionForm(_division_data(**{name: typed}))
    assert form.errors == {}
    assert form.cleaned_data[name] == int(typed)


def test_a_new_division_starts_from_the_model_s_defaults():
    form = DivisionForm()
    assert [form[name].initial for name in ("rounds", "bye_spread", "prize_places")] == [7, 50, 3]
    assert form["rounds"].label == "Number of rounds"
