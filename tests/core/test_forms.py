"""The shared form fields: whole numbers within bounds, ticked ids, and form errors as lines."""

import pytest
from django import forms
from django.utils import translation

from core.forms import IdChoicesField, WholeNumberField, error_lines


class TableForm(forms.Form):
    table = WholeNumberField(label="Table", min_value=1, max_value=99)
    note = forms.CharField(label="Note", max_length=3, required=False)


def errors(form: forms.Form) -> dict[str, list[str]]:
    return {name: list(messages) for name, messages in form.errors.items()}


@pytest.mark.parametrize(
    ("typed", "number"), [("1", 1), ("99", 99), (" 42 ", 42), ("+7", 7), ("007", 7)]
)
def test_whole_numbers_within_the_bounds_are_taken(typed, number):
    form = TableForm({"table": typed})
    assert form.is_valid()
    assert form.cleaned_data["table"] == number


@pytest.mark.parametrize(
    "typed", ["0", "100", "-1", "abc", "2³", "²", "1_0", "1.0", "1e2", "٣", "9" * 40]
)
def test_anything_else_gets_one_message_naming_the_bounds(typed):
    form = TableForm({"table": typed})
    assert not form.is_valid()
    assert errors(form) == {"table": ["Enter a whole number from 1 to 99."]}


@pytest.mark.parametrize("typed", [None, "", "   "])
def test_a_missing_required_number_is_required(typed):
    form = TableForm({} if typed is None else {"table": typed})
    assert not form.is_valid()
    assert errors(form) == {"table": ["This field is required."]}


def test_the_message_may_name_the_value_and_what_it_is():
    field = WholeNumberField(
        min_value=0,
        max_value=10,
        error_messages={"range": "“%(value)s” is not a score (%(min)d to %(max)d)."},
    )
    with pytest.raises(forms.ValidationError) as err:
        field.clean("11")
    assert err.value.messages == ["“11” is not a score (0 to 10)."]


def test_the_browser_is_told_the_bounds():
    assert 'min="1"' in str(TableForm()["table"]) and 'max="99"' in str(TableForm()["table"])


def test_error_lines_name_the_field_unless_told_not_to():
    form = TableForm({"table": "0", "note": "long"})
    assert not form.is_valid()
    assert error_lines(form) == [
        "Table: Enter a whole number from 1 to 99.",
        "Note: Ensure this value has at most 3 characters (it has 4).",
    ]
    assert error_lines(form, labels=False) == [
        "Enter a whole number from 1 to 99.",
        "Ensure this value has at most 3 characters (it has 4).",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("typed", [str(2**63), "9" * 25, "-1", "0", "³", "1.0", "x"])
def test_an_id_no_column_holds_is_refused_as_an_unknown_one(typed):
    from players.models import Player
    from tests import factories

    known = factories.player("Known Kim")
    field = IdChoicesField(queryset=Player.objects.all())
    assert list(field.clean([str(known.pk)])) == [known]
    with pytest.raises(forms.ValidationError) as unknown:  # the largest id reaches the query
        field.clean([str(known.pk), str(2**63 - 1)])
    assert unknown.value.code == "invalid_choice"
    with translation.override("en"):  # the message is lazy: read in English whatever ran before
        with pytest.raises(forms.ValidationError) as refused:
            field.clean([str(known.pk), typed])
        assert refused.value.messages == [f"“{typed}” is not a valid value."]
