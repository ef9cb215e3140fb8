"""The playoff form: how many players, how many games, and the higher seed's advantage."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField

from ..playoff_text import ADVANTAGE_TITLES
from ..results.playoffs import FIRST_MOVE, MAX_BEST_OF, MAX_TOP, MIN_BEST_OF, MIN_TOP

ADVANTAGE_CHOICES = list(ADVANTAGE_TITLES.items())


def top_field() -> WholeNumberField:
    return WholeNumberField(min_value=MIN_TOP, max_value=MAX_TOP, label=_("Players (top K)"))


def best_of_field(*, required: bool = True, label=None) -> WholeNumberField:
    return WholeNumberField(
        min_value=MIN_BEST_OF,
        max_value=MAX_BEST_OF,
        required=required,
        label=label or _("Each series is best of"),
    )


class PlayoffForm(forms.Form):
    top = top_field()
    best_of = best_of_field()
    final_best_of = best_of_field(required=False, label=_("The final is best of (empty: the same)"))
    advantage = forms.ChoiceField(
        label=_("Higher seed's advantage"), choices=ADVANTAGE_CHOICES, initial=FIRST_MOVE
    )
    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
