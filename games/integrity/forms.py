"""The dismissal form of the integrity desk."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import NOTE_MAX


class DismissForm(forms.Form):
    key = forms.CharField(max_length=200, widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("Why this needs nothing more"),
        max_length=NOTE_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
