"""The prize page's forms: a prize band, and the division's prize settings."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField
from tournaments.results.prize_money import MAX_UNIT, MIN_UNIT
from tournaments.results.prize_settings import MAX_MULTIPLIER, MAX_POINTS

from ..models import PrizeBand
from ..services.prizes import BAND_FIELDS, MAX_PLACES

ONE_PER_PLAYER_CHOICES = [
    ("unknown", _("Automatic: one per player for places, classes and handicap")),
    ("true", _("Yes: a player holds only their most valuable prize")),
    ("false", _("No: it adds to any other prize")),
]


class PrizeBandForm(forms.ModelForm):
    """A prize the director offers; the model's checks (places, rating range) apply here too,
    and the service reads the money under the division's currency unit."""

    places = WholeNumberField(label=_("places"), min_value=1, max_value=MAX_PLACES, initial=1)
    position = WholeNumberField(label=_("order"), min_value=0, max_value=999, initial=0)

    class Meta:
        model = PrizeBand
        fields = BAND_FIELDS
        help_texts = {
            "rating_low": _("Only for a rating class; empty means no lower limit."),
            "rating_high": _("Only for a rating class; empty means no upper limit."),
            "amount": _("Shown beside the label as typed, such as “£20 voucher”."),
            "money": _("One amount per place, best first, such as 500, 300, 200."),
            "trophy": _("A trophy, medal or certificate every place of the prize receives."),
            "position": _("Bands are listed in this order."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["exclusive"].widget = forms.NullBooleanSelect()
        self.fields["exclusive"].widget.choices = ONE_PER_PLAYER_CHOICES


def _decimal(label, low: Decimal, high: Decimal, initial: str, help_text="") -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=low,
        max_value=high,
        max_digits=7,
        decimal_places=2,
        initial=Decimal(initial),
        help_text=help_text,
    )


class PrizeSettingsForm(forms.Form):
    """The division's money rules, what counts as tied, and its handicap rules."""

    currency = forms.CharField(label=_("Currency"), max_length=8, required=False)
    unit = _decimal(
        _("Currency unit"), MIN_UNIT, MAX_UNIT, "1", _("Shares are rounded to it: 1, 0.01, 5…")
    )
    split = forms.ChoiceField(
        label=_("Tied players share"),
        choices=[("even", _("Evenly")), ("hort", _("By the Hort system"))],
    )
    hort_share = WholeNumberField(
        label=_("Hort share kept by place order (%)"), min_value=0, max_value=100, initial=50
    )
    remainder = forms.ChoiceField(
        label=_("What rounding leaves over goes to"),
        choices=[
            ("higher", _("The higher-placed tied players")),
            ("organiser", _("The organiser")),
        ],
    )
    tie_by = forms.ChoiceField(
        label=_("Tied for a place means"),
        choices=[
            ("standings", _("Equal on wins and every tie-break (the same rank)")),
            ("wins", _("Equal on wins alone")),
        ],
    )
    bases = forms.CharField(
        label=_("Handicap base by grade"),
        max_length=400,
        required=False,
        help_text=_("Such as A=0, B=10, C=25."),
    )
    per_win = _decimal(_("Handicap points per win"), Decimal(0), MAX_POINTS, "0")
    per_tie = _decimal(_("Handicap points per tie"), Decimal(0), MAX_POINTS, "0")
    day_multiplier = _decimal(
        _("Win points multiplied on a day of wins only"), Decimal(1), MAX_MULTIPLIER, "1"
    )
    days = forms.CharField(
        label=_("Days (rounds of each day)"),
        max_length=400,
        required=False,
        help_text=_("Such as 1-7; 8-14. Empty: the rounds started on the same date."),
    )

    def settings_json(self) -> dict:
        """The cleaned values as the division stores them."""
        data = self.cleaned_data
        return {
            "currency": data["currency"].strip(),
            "unit": f"{data['unit'].normalize():f}",
            "split": data["split"],
            "hort_share": data["hort_share"],
            "remainder": data["remainder"],
            "tie_by": data["tie_by"],
            "bases": data["bases"].strip(),
            "per_win": f"{data['per_win'].normalize():f}",
            "per_tie": f"{data['per_tie'].normalize():f}",
            "day_multiplier": f"{data['day_multiplier'].normalize():f}",
            "days": data["days"].strip(),
        }
