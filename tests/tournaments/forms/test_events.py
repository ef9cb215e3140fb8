"""Registration forms: a fixed table and a rating at entry are bounded whole numbers."""

import pytest

from tests import factories
from tournaments.forms.events import EntryActionForm, EntryAddForm

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
