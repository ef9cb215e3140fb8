"""COP's settings of a division, edited beside the division's other settings.

Empty fields keep TSH's defaults; the form turns the rest into the JSON a Division stores
(``pairing.cop.settings.to_json``), and the division service checks it again.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.forms import MAX_ROUND
from pairing.cop import settings as cop
from pairing.cop.validate import MAX_SIMS

MAX_LIST = 10  # values per rounds-left list; TSH's longest has 5
MAX_GIBSON_SPREAD = 1000
CLASS_PRIZE = re.compile(r"^\s*([A-Za-z0-9]{1,4})\s*[:=]\s*(\d{1,3})\s*$")
COUNT = re.compile(r"^\d{1,3}$")


def _numbers(text: str, convert, problem) -> tuple | None:
    if not text.strip():
        return None
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not 1 <= len(parts) <= MAX_LIST:
        raise ValidationError(
            _("Give between 1 and %(most)s values, separated by commas."), params={"most": MAX_LIST}
        )
    try:
        values = tuple(convert(p) for p in parts)
    except ValueError:
        raise ValidationError(problem) from None
    return values


class CopSettingsForm(forms.Form):
    """COP's director settings, with TSH's defaults as initial values; an empty field keeps
    TSH's default."""

    place_prizes = forms.IntegerField(
        label=_("COP: paid places"),
        min_value=1,
        max_value=1000,
        required=False,
        help_text=_("Empty: the division's prize places."),
    )
    class_prizes = forms.CharField(
        label=_("COP: class prizes"),
        required=False,
        max_length=200,
        help_text=_(
            "Prizes per class, as entries' classes name them: “1: 1, 2: 2” or “B: 1”; or, as "
            "TSH sends them, one count per class number: “1, 2” is 1 prize for class 1 and 2 "
            "for class 2. Class 0 is no class. Empty: no class prizes."
        ),
    )
    gibson_spread = forms.CharField(
        label=_("COP: gibson spread by rounds left"),
        max_length=200,
        required=False,
        help_text=_("Spread a player can still gain per round, for 1, 2, … rounds left."),
    )
    hopefulness = forms.CharField(
        label=_("COP: hopefulness by rounds left"),
        max_length=200,
        required=False,
        help_text=_(
            "Share of simulations (above 0, at most 1) in which a player must reach a place to "
            "count as hopeful for it, for 1, 2, … rounds left."
        ),
    )
    control_loss_threshold = forms.FloatField(
        label=_("COP: control loss threshold"), min_value=0, max_value=1, required=False
    )
    control_loss_activation_round = forms.IntegerField(
        label=_("COP: control loss from completed round"),
        min_value=0,
        max_value=MAX_ROUND,
        required=False,
    )
    division_sims = forms.IntegerField(
        label=_("COP: division simulations"), min_value=1, max_value=MAX_SIMS, required=False
    )
    control_loss_sims = forms.IntegerField(
        label=_("COP: control loss simulations"),
        min_value=1,
        max_value=MAX_SIMS,
        required=False,
    )
    allow_repeat_byes = forms.BooleanField(label=_("COP: allow repeat byes"), required=False)
    top_down_byes = forms.BooleanField(label=_("COP: top-down byes"), required=False)

    def __init__(self, *args, division, **kwargs):
        stored = cop.to_json(cop.from_json(division.cop_settings or {}))
        stored["class_prizes"] = ", ".join(f"{k}: {v}" for k, v in stored["class_prizes"].items())
        for name in ("gibson_spread", "hopefulness"):
            stored[name] = ", ".join(str(v) for v in stored[name])
        super().__init__(*args, initial=stored, **kwargs)
        self.rounds = division.rounds
        activation = self.fields["control_loss_activation_round"]
        activation.validators.append(MaxValueValidator(division.rounds))
        activation.widget.attrs["max"] = division.rounds
        activation.help_text = gettext("Empty: %(rounds)s rounds before the end.") % {
            "rounds": cop.DEFAULT_CONTROL_LOSS_ROUNDS
        }

    def clean_class_prizes(self) -> dict[str, int]:
        found: dict[str, int] = {}
        text = self.cleaned_data["class_prizes"]
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        if parts and all(COUNT.match(p) for p in parts):  # TSH's list: class k gets the k-th
            return {str(k): int(p) for k, p in enumerate(parts, start=1)}
        for part in parts:
            match = CLASS_PRIZE.match(part)
            if match is None:
                raise ValidationError(
                    _("Write each class as “letter: prizes”, not “%(part)s”."),
                    params={"part": part.strip()},
                )
            key = cop.class_key(match.group(1))
            if not key:
                raise ValidationError(_("Class 0 is no class: it cannot have prizes."))
            found[key] = int(match.group(2))
        return found

    def clean_gibson_spread(self) -> tuple[int, ...] | None:
        values = _numbers(
            self.cleaned_data["gibson_spread"], int, _("Gibson spreads are whole numbers.")
        )
        if values is not None and not all(0 <= v <= MAX_GIBSON_SPREAD for v in values):
            raise ValidationError(
                _("Each gibson spread must be between 0 and %(most)s."),
                params={"most": MAX_GIBSON_SPREAD},
            )
        return values

    def clean_hopefulness(self) -> tuple[float, ...] | None:
        values = _numbers(
            self.cleaned_data["hopefulness"], float, _("Hopefulness values are numbers.")
        )
        if values is not None and not all(0 < v <= 1 for v in values):
            raise ValidationError(_("Each hopefulness value must be above 0 and at most 1."))
        return values

    def clean_control_loss_threshold(self) -> float:
        value = self.cleaned_data["control_loss_threshold"]
        if value is not None and value <= 0:
            raise ValidationError(_("The control loss threshold must be above 0."))
        return value

    def stored(self) -> dict:
        """The settings as the Division stores them (only those differing from TSH's)."""
        data = {n: self.cleaned_data[n] for n in cop.STORED if self.cleaned_data[n] is not None}
        data["class_prizes"] = MappingProxyType(data["class_prizes"])
        chosen = cop.to_json(cop.CopSettings(**data))
        defaults = cop.to_json(cop.CopSettings())
        return {k: v for k, v in chosen.items() if v != defaults[k]}
