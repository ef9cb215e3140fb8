from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import BoundedFileField, WholeNumberField

from .models import PERSON_DETAILS, Player

MAX_ROSTER_BYTES = 2 * 1024 * 1024
MAX_RATING = 3500

TOO_LONG = {
    "name": _("A name can have at most %(limit_value)d characters (this one has %(show_value)d)."),
    "member_id": _(
        "A member id can have at most %(limit_value)d characters (this one has %(show_value)d)."
    ),
}
NOT_A_COUNTRY = _("“%(value)s” is not a 2- or 3-letter country code.")


class RatingField(WholeNumberField):
    """A player's rating: a whole number from 0 to MAX_RATING, or nothing."""

    default_error_messages = {
        "range": _("“%(value)s” is not a rating (a whole number from %(min)d to %(max)d).")
    }

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("required", False)
        super().__init__(min_value=0, max_value=MAX_RATING, **kwargs)


def _model_field(name: str, **kwargs) -> forms.Field:
    """The form field the Player model gives ``name`` (label, length, help), with our messages."""
    return Player._meta.get_field(name).formfield(**kwargs)


class PlayerFieldsForm(forms.Form):
    """The rules a player's details follow wherever they are typed: the player form, roster rows
    and ``add_player``."""

    name = _model_field(
        "name",
        error_messages={"required": _("A player needs a name."), "max_length": TOO_LONG["name"]},
    )
    country = _model_field("country", error_messages={"max_length": NOT_A_COUNTRY})
    member_id = _model_field("member_id", error_messages={"max_length": TOO_LONG["member_id"]})
    rating = _model_field("rating", form_class=RatingField)

    def clean_country(self) -> str:
        country = self.cleaned_data["country"].strip().upper()
        if country and not (country.isascii() and country.isalpha() and len(country) in (2, 3)):
            raise forms.ValidationError(NOT_A_COUNTRY, params={"value": country})
        return country


class PlayerForm(PlayerFieldsForm, forms.ModelForm):
    confirm_duplicate = forms.BooleanField(
        label=_("Yes, this is a different person"), required=False
    )

    class Meta:
        model = Player
        fields = PERSON_DETAILS


class RosterUploadForm(forms.Form):
    file = BoundedFileField(
        max_bytes=MAX_ROSTER_BYTES, label=_("Roster (CSV: name, country, member_id, rating)")
    )


class RosterConfirmForm(forms.Form):
    """The second step: the same CSV text, posted back after the director saw the duplicates."""

    text = forms.CharField(widget=forms.HiddenInput)
    confirm_duplicates = forms.BooleanField(required=False, widget=forms.HiddenInput)
