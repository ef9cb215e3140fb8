"""Every number a caller types, fuzzed with huge literals: more digits than ``int()`` reads
(4,300) and more than any bound, in every form's number fields and every parser that turns
text into a number. Each is refused with a message, never a ValueError (a 500)."""

import importlib
import pkgutil

import pytest
from django import forms
from django.core.exceptions import ValidationError

from core.refusal import Refusal
from games.engine import gcg, moves
from pairing import plan
from pairing.cop.settings import class_key
from tournaments.results import result_entry
from tournaments.tsh import config as tsh_config
from tournaments.tsh import reader as tsh_reader

APPS = ("core", "players", "clubs", "tournaments", "games", "ratings", "config")
HUGE = ["9" * 5000, "-" + "9" * 5000, "+" + "9" * 4301, "0" * 4400 + "1", "9" * 31]
NUMBER_FIELDS = (forms.IntegerField, forms.FloatField, forms.DecimalField)


def every_form_class() -> list[type[forms.BaseForm]]:
    """Every form class the apps define (their form modules imported, then the subclasses)."""
    for app in APPS:
        package = importlib.import_module(app)
        for info in pkgutil.walk_packages(package.__path__, f"{app}."):
            if "forms" in info.name and ".tests" not in info.name:
                importlib.import_module(info.name)
    found, todo = [], [forms.BaseForm]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in APPS:
            found.append(cls)
    return found


def number_fields() -> list[tuple[str, forms.Field]]:
    fields = []
    for cls in every_form_class():
        for name, field in getattr(cls, "base_fields", {}).items():
            if isinstance(field, NUMBER_FIELDS):
                fields.append((f"{cls.__module__}.{cls.__name__}.{name}", cls, field))
    return fields


FIELDS = number_fields()


def test_the_forms_have_number_fields_to_fuzz():
    names = {name for name, _form, _field in FIELDS}
    assert len(FIELDS) > 20
    assert "tournaments.forms.self_reports.SelfReportForm.first_score" in names
    assert "tournaments.forms.prizes.PrizeBandForm.places" in names


@pytest.mark.parametrize("literal", HUGE, ids=lambda t: f"{len(t)}chars")
@pytest.mark.parametrize(("name", "form", "field"), FIELDS, ids=[n for n, _c, _f in FIELDS])
def test_every_number_field_refuses_a_huge_literal_with_a_message(name, form, field, literal):
    """Refused by the field (or, in a model's form, by the model field's own bounds), unless
    it is a number the field may hold (``0…01``)."""
    try:
        value = field.clean(literal)
        model = getattr(getattr(form, "_meta", None), "model", None)
        if model is not None and name.rsplit(".", 1)[1] in {f.name for f in model._meta.fields}:
            model._meta.get_field(name.rsplit(".", 1)[1]).run_validators(value)
    except ValidationError as refused:
        assert refused.messages
    else:
        assert abs(value) <= 1000, f"{name} took {literal[:40]}…"


PARSERS = {
    "result line score": lambda n: result_entry.parse_entry_line(f"1 {n} 2 300"),
    "result line table": lambda n: result_entry.parse_entry_line(f"{n}: 1 400 2 300"),
    "gcg score": lambda n: gcg.parse_gcg(f"#player1 a A\n#player2 b B\n>a: ABC H8 CAB +{n} {n}\n"),
    "gcg exchange count": lambda n: gcg.parse_gcg(
        f"#player1 a A\n#player2 b B\n>a: ABC -{n} +0 0\n"
    ),
    "exchange": lambda n: moves.parse_exchange(f"-{n}"),
    "tsh rating": lambda n: tsh_reader.read_t(f"Ann Lee {n} 2 ; 400\nBo Li 1 1 ; 300\n".encode()),
    "tsh score": lambda n: tsh_reader.read_t(f"Ann Lee 1500 2 ; {n}\nBo Li 1 1 ; 300\n".encode()),
    "tsh board tag": lambda n: tsh_reader.read_t(f"Ann Lee 1500 2 ; 400 ; board {n}\n".encode()),
    "tsh config": lambda n: tsh_config.read_config(f"config max_rounds = {n}\n".encode()),
    "pairing plan round": lambda n: plan.parse_plan(f"1-{n} swiss"),
    "pairing plan lag": lambda n: plan.parse_plan(f"1-3 swiss lag {n}"),
    "cop class": lambda n: class_key(n),
}


@pytest.mark.parametrize("literal", HUGE[:3], ids=lambda t: f"{len(t)}chars")
@pytest.mark.parametrize("parser", PARSERS.values(), ids=PARSERS.keys())
def test_every_parser_refuses_or_reads_a_huge_literal_without_a_value_error(parser, literal):
    try:
        parser(literal)
    except Refusal as refused:
        assert str(refused)
    except ValueError as error:  # a refusal of the pure cores that is also a ValueError
        assert "Exceeds the limit" not in str(error) and "integer string" not in str(error)
