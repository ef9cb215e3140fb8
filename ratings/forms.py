"""Forms of the rating pages: starting a rating list (a club's own, or a national one)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import WholeNumberField

from .models import MAX_PROVISIONAL_GAMES, RatingList

SYSTEM_CHOICES = [
    ("glicko2", _("Glicko-2")),
    ("naspa", _("NASPA (Elo)")),
    ("absp", _("ABSP")),
]


class RatingListForm(forms.Form):
    """A new list: its system, where a newcomer's first rating comes from, when a newcomer's
    rating stops being provisional, and (for a club) whether its tournaments count."""

    name = forms.CharField(label=_("Name"), max_length=120)
    system = forms.ChoiceField(label=_("Rating system"), choices=SYSTEM_CHOICES)
    seed_list = forms.ModelChoiceField(
        label=_("First rating from"),
        queryset=RatingList.objects.filter(scope_club__isnull=True),
        required=False,
        # As ``seeds.newcomer_rows`` starts them (and the list's page says): no list is no seed.
        empty_label=_(
            "No list: a newcomer starts from the rating on their player record, else by the "
            "system's newcomer rule"
        ),
        help_text=_("A newcomer on this national list starts from their rating there."),
    )
    provisional_games = WholeNumberField(
        label=_("Provisional until games"),
        min_value=0,
        max_value=MAX_PROVISIONAL_GAMES,
        required=False,
        help_text=_(
            "Empty: the system's own count (NASPA 50, ABSP 30, Glicko-2 none). A newcomer's "
            "rating is marked provisional until they have played this many rated games."
        ),
    )
    count_tournaments = forms.BooleanField(
        label=_("The club's own tournaments count too"), required=False
    )

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is None:
            del self.fields["count_tournaments"]
            del self.fields["seed_list"]
