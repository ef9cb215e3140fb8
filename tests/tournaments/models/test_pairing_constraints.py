"""The database refuses a pairing whose stored values have no meaning (tournaments.results.outcomes)."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests import factories
from tournaments.models import Pairing, Round

pytestmark = pytest.mark.django_db

FORFEIT_MESSAGE = "A forfeit must name which player of the pairing forfeited."
OPPONENT_MESSAGE = "A bye has no opponent; a played game or a double forfeit needs one."
FORFEITER_MESSAGE = "Only a forfeit names a player who forfeited."


@pytest.fixture
def seats():
    division = factories.division()
    first, second, outsider = factories.entries(division, 3)
    return Round.objects.create(division=division, number=1), first, second, outsider


def pairing(seats, *, second=True, forfeiter=None, **fields) -> Pairing:
    rnd, first, other, outsider = seats
    by = {"first": first, "second": other, "outsider": outsider, None: None}[forfeiter]
    return Pairing(
        round=rnd, first=first, second=other if second else None, forfeited_by=by, **fields
    )


BAD = {
    "forfeit between two without a forfeiter": ({"kind": "forfeit"}, FORFEIT_MESSAGE),
    "forfeit alone without a forfeiter": ({"kind": "forfeit", "second": False}, FORFEIT_MESSAGE),
    "forfeit by someone else": (
        {"kind": "forfeit", "forfeiter": "outsider"},
        FORFEIT_MESSAGE,
    ),
    "forfeit alone by the absent second": (
        {"kind": "forfeit", "second": False, "forfeiter": "second"},
        FORFEIT_MESSAGE,
    ),
    "bye with an opponent": ({"kind": "bye"}, OPPONENT_MESSAGE),
    "played without an opponent": ({"kind": "played", "second": False}, OPPONENT_MESSAGE),
    "double forfeit alone": ({"kind": "double_forfeit", "second": False}, OPPONENT_MESSAGE),
    "unknown kind": ({"kind": "walkover"}, "Value 'walkover' is not a valid choice."),
    "forfeiter on a played game": ({"kind": "played", "forfeiter": "first"}, FORFEITER_MESSAGE),
    "forfeiter on a double forfeit": (
        {"kind": "double_forfeit", "forfeiter": "second"},
        FORFEITER_MESSAGE,
    ),
}
GOOD = {
    "played": {"kind": "played"},
    "bye": {"kind": "bye", "second": False},
    "forfeit by the first": {"kind": "forfeit", "forfeiter": "first"},
    "forfeit by the second": {"kind": "forfeit", "forfeiter": "second"},
    "forfeit alone (a TSH 0 line)": {"kind": "forfeit", "second": False, "forfeiter": "first"},
    "double forfeit": {"kind": "double_forfeit"},
}


@pytest.mark.parametrize("case", BAD.values(), ids=BAD.keys())
def test_the_database_refuses_a_pairing_without_a_meaning(seats, case):
    fields, _message = case
    with pytest.raises(IntegrityError), transaction.atomic():
        pairing(seats, **fields).save()


@pytest.mark.parametrize("case", BAD.values(), ids=BAD.keys())
def test_validation_names_what_is_wrong(seats, case):
    fields, message = case
    with pytest.raises(ValidationError) as refused:
        pairing(seats, **fields).full_clean()
    assert message in refused.value.messages


@pytest.mark.parametrize("fields", GOOD.values(), ids=GOOD.keys())
def test_every_meaningful_pairing_is_stored(seats, fields):
    stored = pairing(seats, **fields)
    stored.full_clean()
    stored.save()
    assert Pairing.objects.filter(pk=stored.pk, kind=fields["kind"]).exists()
