"""Restoring a restore point: in place (confirmed) or as a new event under a slug."""

from django import forms
from django.utils.translation import gettext_lazy as _

IN_PLACE = "in_place"
COPY = "copy"


class RestorePointRestoreForm(forms.Form):
    mode = forms.ChoiceField(
        choices=[(IN_PLACE, _("In place")), (COPY, _("As a copy"))], widget=forms.HiddenInput
    )
    slug = forms.SlugField(
        label=_("Slug of the copy"),
        required=False,
        allow_unicode=True,
        max_length=50,
        help_text=_("The new event's address; this event is left as it is."),
    )
    confirm = forms.BooleanField(
        label=_("Replace the event as it is now with this restore point"),
        required=False,
    )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("mode") == IN_PLACE and not cleaned.get("confirm"):
            self.add_error("confirm", _("Tick the box to confirm the restore."))
        return cleaned
