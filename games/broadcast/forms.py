"""The director's broadcast settings, read as bounded whole numbers."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField
from games.engine.broadcast import MAX_DELAY_MINUTES, MAX_TOP_TABLES, MIN_DELAY_MINUTES


class BroadcastDelayForm(forms.Form):
    minutes = WholeNumberField(
        label=_("Broadcast delay (minutes)"),
        min_value=MIN_DELAY_MINUTES,
        max_value=MAX_DELAY_MINUTES,
        help_text=_("The public sees each board as it was this long ago. Racks show from 15."),
    )


class BroadcastTopTablesForm(forms.Form):
    tables = WholeNumberField(
        label=_("Broadcast the top tables, every round"),
        min_value=0,
        max_value=MAX_TOP_TABLES,
        help_text=_("0: only the games marked below."),
    )


class BroadcastMarkForm(forms.Form):
    on = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda value: value == "1")
