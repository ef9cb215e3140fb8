from django import forms
from django.utils.translation import gettext_lazy as _

from .models import SPEC_LENGTH


class TargetForm(forms.Form):
    """A new target, read as typed; what it may be is the service's rule
    (``target_services.spec_refusal``), shown on the field when refused."""

    spec = forms.CharField(
        label=_("Target"),
        max_length=SPEC_LENGTH,
        help_text=_(
            "A folder a web server serves (/srv/www/event), a server over rsync and ssh "
            "(user@host:/path) or an S3-compatible bucket (s3://bucket/prefix)."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )


class SwitchForm(forms.Form):
    enabled = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda value: value == "1"
    )
