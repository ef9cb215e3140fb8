"""Uploading an event archive."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..archive.check import too_large_message
from ..archive.shape import MAX_BYTES

PRIVATE, PUBLIC = "private", "public"


class ArchiveUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Event archive"),
        help_text=_("A JSON file from “Download event archive” or manage.py export_event."),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=160,
        required=False,
        help_text=_("Leave empty to keep the archive's name."),
    )
    slug = forms.SlugField(
        label=_("Slug"),
        required=False,
        allow_unicode=True,
        help_text=_("Leave empty to make it from the new name, else to keep the archive's."),
    )
    visibility = forms.ChoiceField(
        label=_("Visibility"),
        choices=[
            (PRIVATE, _("Private: only its directors see it until you make it public")),
            (PUBLIC, _("Public: everyone sees it at once")),
        ],
        initial=PRIVATE,
        required=False,  # not chosen: private
        widget=forms.RadioSelect,
    )

    def clean_name(self):
        return self.cleaned_data["name"].strip() or None

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(too_large_message())
        return upload
