"""Refusals shown in the user's language: the template is translated, then filled in."""

from dataclasses import dataclass, field

from django.utils import translation

from core.messages import translated
from core.refusal import Refusal

# Strings Django ships translations for, so the test needs no catalogue of ours.
LIMIT = "Ensure this value is less than or equal to %(limit_value)s."
LIMIT_JA = "この値は %(limit_value)s 以下でなければなりません。"
REQUIRED = "This field is required."
REQUIRED_JA = "このフィールドは必須です。"


@dataclass(frozen=True)
class Note:
    """Not a refusal, but kept untranslated the same way (like a result's unusual-score reason)."""

    template: str
    params: dict = field(default_factory=dict)


def test_translated_translates_the_template_before_filling_in_the_params():
    with translation.override("ja"):
        assert translated(Refusal(LIMIT, limit_value=5)) == LIMIT_JA % {"limit_value": 5}


def test_translated_in_english_is_the_english_text():
    with translation.override("en"):
        assert translated(Refusal(LIMIT, limit_value=5)) == (
            "Ensure this value is less than or equal to 5."
        )


def test_translated_leaves_a_template_without_params_as_translated():
    with translation.override("ja"):
        assert translated(Refusal(REQUIRED)) == REQUIRED_JA


def test_a_template_without_a_translation_is_shown_in_english():
    with translation.override("ja"):
        assert translated(Refusal("No translation for %(thing)s.", thing="this")) == (
            "No translation for this."
        )


def test_a_refusal_param_is_translated_too():
    outer = Refusal("%(first)s / %(second)s", first=Refusal(REQUIRED), second="typed")
    with translation.override("ja"):
        assert translated(outer) == f"{REQUIRED_JA} / typed"


def test_a_templated_note_that_is_not_a_refusal_is_translated_the_same_way():
    with translation.override("ja"):
        assert translated(Note(LIMIT, {"limit_value": 2000})) == LIMIT_JA % {"limit_value": 2000}
