from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Player

MAX_ROSTER_BYTES = 2 * 1024 * 1024


class PlayerForm(forms.ModelForm):
    confirm_duplicate = forms.BooleanField(
        label=_("Yes, this is a different person"), required=False
    )

    class Meta:
        model = Player
        fields = ["name", "sort_name", "country", "member_id", "rating"]

    def clean_country(self) -> str:
        country = self.cleaned_data["country"].strip().upper()
        if country and not (country.isalpha() and len(country) in (2, 3)):
            raise forms.ValidationError(_("Use a 2- or 3-letter country code."))
        return country


class RosterUploadForm(forms.Form):
    file = forms.FileField(label=_("Roster (CSV: name, country, member_id, rating)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ROSTER_BYTES:
            raise forms.ValidationError(
                _("The file is too large (over %(mb)d MB).") % {"mb": MAX_ROSTER_BYTES // 2**20}
            )
        return upload


class RosterConfirmForm(forms.Form):
    """The second step: the same CSV text, posted back after the director saw the duplicates."""

    text = forms.CharField(widget=forms.HiddenInput)
    confirm_duplicates = forms.BooleanField(required=False, widget=forms.HiddenInput)
