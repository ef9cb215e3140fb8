"""Form fields and helpers every app's forms use."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms.fields import InvalidJSONInput, JSONString
from django.utils.translation import gettext_lazy as _

from core.readers.json_input import JsonRefused, read_json

# ASCII digits only, and the bounds nothing smaller sets: one rule for every input, kept pure so
# the result line and the console read numbers by it too (the forms' names stay importable here).
from core.readers.numbers import MAX_ID as MAX_ID
from core.readers.numbers import MAX_ROUND as MAX_ROUND
from core.readers.numbers import MAX_SPREAD as MAX_SPREAD
from core.readers.numbers import MAX_VERSION as MAX_VERSION
from core.readers.numbers import OUT_OF_RANGE, WHOLE_NUMBER

from .messages import translated


class WholeNumberField(forms.IntegerField):
    """A whole number between two bounds; anything else (text, "2³", out of range) gets one message.

    The ``range`` message may use ``%(value)s`` (as typed), ``%(min)d`` and ``%(max)d``, so a
    field can name what it holds: "“9999” is not a rating (a whole number from 0 to 3500)."
    """

    default_error_messages = {"range": _(OUT_OF_RANGE)}

    def __init__(self, *, min_value: int, max_value: int, **kwargs) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value) -> int | None:
        text = "" if value is None else str(value).strip()
        if text in self.empty_values:
            return None
        if not WHOLE_NUMBER.fullmatch(text):
            raise self._refusal(text)
        return int(text)

    def validate(self, value) -> None:
        super().validate(value)
        if value is not None and not self.min_value <= value <= self.max_value:
            raise self._refusal(value)

    def _refusal(self, value) -> ValidationError:
        return ValidationError(
            self.error_messages["range"],
            code="range",
            params={"value": value, "min": self.min_value, "max": self.max_value},
        )


class IdChoicesField(forms.ModelMultipleChoiceField):
    """Rows ticked by id; an id that is no whole number a database column holds (text, "2³",
    past 2**63) is refused as any unknown id is, before the query (SQLite overflows on it,
    PostgreSQL refuses it: a 500 either way)."""

    def _check_values(self, value):
        for pk in value:
            text = str(pk).strip()
            if not WHOLE_NUMBER.fullmatch(text) or not 0 < int(text) < 2**63:
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)


class BoundedJSONField(forms.JSONField):
    """Django's JSON field reading through ``core.readers.json_input``: too large or too deeply nested
    text is a message on the field, not the parser's RecursionError."""

    def __init__(self, *, max_bytes: int = 100_000, **kwargs) -> None:
        self.max_bytes = max_bytes
        super().__init__(**kwargs)

    def to_python(self, value):
        if self.disabled or value in self.empty_values or not isinstance(value, str):
            return super().to_python(value)
        try:
            converted = read_json(value, max_bytes=self.max_bytes)
        except JsonRefused as error:
            raise ValidationError(translated(error), code="invalid") from None
        return JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data, initial):
        if self.disabled or not isinstance(data, str):
            return super().bound_data(data, initial)
        try:
            return read_json(data, max_bytes=self.max_bytes)
        except JsonRefused:
            return InvalidJSONInput(data)


class BoundedFileField(forms.FileField):
    """An uploaded file of at most ``max_bytes``; a larger one is a message on the field naming
    the limit in ``unit`` ("MB" or "KB")."""

    def __init__(self, *, max_bytes: int, unit: str = "MB", **kwargs) -> None:
        self.max_bytes = max_bytes
        self.unit = unit
        super().__init__(**kwargs)

    def to_python(self, data):
        upload = super().to_python(data)
        if upload and upload.size > self.max_bytes:
            if self.unit == "KB":
                limit = {"kb": self.max_bytes // 1024}
                raise ValidationError(_("The file is too large (over %(kb)d KB).") % limit)
            limit = {"mb": self.max_bytes // 2**20}
            raise ValidationError(_("The file is too large (over %(mb)d MB).") % limit)
        return upload


class DayInput(forms.DateInput):
    """The browser's date picker (``<input type="date">``), whose value is always ISO 8601.

    Django would write the value in the language's first input format (``23/11/2026`` in Thai,
    ``2026/11/23`` in Traditional Chinese), which a date field cannot show: it would come up
    empty. Every language accepts ISO 8601 back.
    """

    input_type = "date"

    def __init__(self, attrs=None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%d")


def error_lines(form: forms.Form, *, labels: bool = True) -> list[str]:
    """Every error of a bound form as a line, a field's prefixed by its label unless its messages
    already name what they are about (``labels=False``)."""
    lines = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = field.label if labels and field is not None and field.label else ""
        lines.extend(f"{label}: {error}" if label else str(error) for error in errors)
    return lines
