"""Forms of players' score reports: a player's scores for their game, a director's acceptance."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import MAX_ID

from ..models import Division, Pairing, ScoreReport
from .results import ScoreField


class SelfReportForm(forms.Form):
    """A player's scores for one game of the division, the first player's first."""

    pairing = forms.ModelChoiceField(queryset=Pairing.objects.none(), widget=forms.HiddenInput)
    # A player reports 0 or more (as the report service checks); a score below 0 after rack
    # deductions is the director's to enter, with the confirmation an unusual score asks for.
    first_score = ScoreField(label=_("First player's score"), min_value=0)
    second_score = ScoreField(label=_("Second player's score"), min_value=0)

    def __init__(self, *args, division: Division, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pairing"].queryset = Pairing.objects.filter(
            round__division=division
        ).select_related("first__player", "second__player")


class ReportAcceptForm(forms.Form):
    """The report of the division a director accepts, and who won it when it is a tie the
    rules give a winner (the service checks it is one of the game's two entries)."""

    report = forms.ModelChoiceField(queryset=ScoreReport.objects.none(), widget=forms.HiddenInput)
    playoff_winner = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput
    )

    def __init__(self, *args, division: Division, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["report"].queryset = ScoreReport.objects.filter(
            pairing__round__division=division
        )
