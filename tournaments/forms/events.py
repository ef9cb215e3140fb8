from django import forms
from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from core.forms import MAX_ROUND, MAX_SPREAD, DayInput, WholeNumberField
from players.forms import RatingField
from players.models import Player
from players.visibility import visible_players
from tournaments.results.result_entry import MAX_PLAYER_NUMBER, MAX_SCORE, MAX_TABLE

from ..models import Division, Tournament
from ..models.events import known_time_zones
from ..rule_texts import preset_choices
from ..services.divisions import DIVISION_FIELDS


def zone_choices(blank: str) -> list[tuple[str, str]]:
    """Every IANA zone the server knows, by name, after the ``blank`` choice."""
    return [("", blank), *((zone, zone) for zone in sorted(known_time_zones()))]


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "start_date",
            "end_date",
            "venue",
            "country",
            "paper_size",
            "time_zone",
            "is_public",
            "language",
            "self_reporting",
            "thai_buddhist_era",
        ]
        widgets = {
            "start_date": DayInput(),
            "end_date": DayInput(),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Blank (None) follows the event's language: Buddhist-era years for a Thai event.
        self.fields["thai_buddhist_era"].widget = forms.NullBooleanSelect()
        self.fields["thai_buddhist_era"].widget.choices = [
            ("unknown", _("Automatic: yes for a Thai-language event")),
            ("true", _("Yes")),
            ("false", _("No")),
        ]
        self.fields["time_zone"] = forms.ChoiceField(
            label=_("Time zone"),
            choices=zone_choices(_("The site's zone (%(zone)s)") % {"zone": settings.TIME_ZONE}),
            required=False,
            help_text=Tournament._meta.get_field("time_zone").help_text,
            # IANA names are identifiers (Asia/Bangkok), the same in every language.
            widget=forms.Select(attrs={"translate": "no"}),
        )
        self.fields["paper_size"].required = False

    def clean_country(self):
        return self.cleaned_data["country"].strip().upper()

    def clean_paper_size(self):
        # Not sent (a form from before events had one): the paper the event has.
        return self.cleaned_data["paper_size"] or self.instance.paper_size

    def clean_time_zone(self):
        if "time_zone" not in self.data:
            return self.instance.time_zone  # not sent: the zone the event has
        return self.cleaned_data["time_zone"]


class TournamentCreateForm(TournamentForm):
    """A new event also chooses its rule set, from the engine's named presets; its paper size
    and time zone follow its country unless chosen."""

    rules_preset = forms.ChoiceField(label=_("Rule set"), initial="naspa")

    class Meta(TournamentForm.Meta):
        fields = [*TournamentForm.Meta.fields, "rules_preset"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules_preset"].choices = preset_choices()
        from_country = _("From the country (US, CA: US Letter; elsewhere A4)")
        self.fields["paper_size"] = forms.ChoiceField(
            label=_("Paper size"),
            choices=[("", from_country), *Tournament._meta.get_field("paper_size").choices],
            required=False,
        )
        self.fields["time_zone"].choices = zone_choices(
            _("From the country (else the site's zone, %(zone)s)") % {"zone": settings.TIME_ZONE}
        )

    def clean_paper_size(self):
        return self.cleaned_data["paper_size"]  # blank: the service takes the country's

    def clean_time_zone(self):
        return self.cleaned_data["time_zone"]  # blank: the service takes the country's


def _division_number(name: str, low: int, high: int) -> WholeNumberField:
    """The division's number field ``name`` (label, help and default from the model) read as a
    whole number from ``low`` to ``high``: the same bounds on every database (the column's own
    range is checked only by PostgreSQL) and for ``manage.py add_division``, which reads it."""
    field = Division._meta.get_field(name)
    return WholeNumberField(
        label=capfirst(field.verbose_name),
        help_text=field.help_text,
        initial=field.default,
        min_value=low,
        max_value=high,
    )


class DivisionForm(forms.ModelForm):
    """A division's settings; the plan and tie-breaks are checked by the division service."""

    rounds = _division_number("rounds", 1, MAX_ROUND)
    # A bye or forfeit win is written in every file as a game against nobody scored at its
    # spread, which TSH and liwords read as a win only above 0 (0 is half a win or nothing,
    # below 0 a loss: docs FORMATS.md); above, it is bounded as a game's score is.
    bye_spread = _division_number("bye_spread", 1, MAX_SCORE)
    forfeit_spread = _division_number("forfeit_spread", 1, MAX_SCORE)
    max_repeats = _division_number("max_repeats", 0, MAX_ROUND)
    prize_places = _division_number("prize_places", 0, MAX_PLAYER_NUMBER)

    tiebreaks = forms.MultipleChoiceField(
        label=_("Tie-breaks after spread"),
        choices=[("cumulative", _("Cumulative score")), ("head_to_head", _("Head-to-head"))],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    avoid_team_rounds = WholeNumberField(
        label=_("Keep team-mates apart for the first rounds"),
        min_value=0,
        max_value=99,
        required=False,
        help_text=_("Team-mates (or family) are not paired in rounds 1 to this number; 0: off."),
    )

    class Meta:
        model = Division
        # COP's settings have their own form (``forms.cop``) on the same page.
        fields = [name for name in DIVISION_FIELDS if name != "cop_settings"]

    def clean_avoid_team_rounds(self) -> int:
        return self.cleaned_data["avoid_team_rounds"] or 0


class EntryAddForm(forms.Form):
    """Register a player, or add a late entry with a starting record."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.all())
    rating = RatingField(label=_("Rating at entry"))

    def __init__(self, *args, viewer, **kwargs):
        super().__init__(*args, **kwargs)
        # Only players the director may see can be entered (an altered id is not found).
        self.fields["player"].queryset = visible_players(viewer)

    joins_at_round = forms.IntegerField(
        label=_("Joins at round"), min_value=1, max_value=MAX_ROUND, initial=1
    )
    starting_wins = forms.DecimalField(
        label=_("Starting wins"), min_value=0, max_value=MAX_ROUND, decimal_places=1, initial=0
    )
    starting_losses = forms.DecimalField(
        label=_("Starting losses"), min_value=0, max_value=MAX_ROUND, decimal_places=1, initial=0
    )
    starting_spread = forms.IntegerField(
        label=_("Starting spread"), min_value=-MAX_SPREAD, max_value=MAX_SPREAD, initial=0
    )
    checked_in = forms.BooleanField(label=_("Checked in now"), required=False)


class EntryActionForm(forms.Form):
    """One registration change of one entry, posted from the registration list."""

    ACTIONS = [
        ("paid", _("Mark paid")),
        ("unpaid", _("Mark unpaid")),
        ("check_in", _("Check in")),
        ("undo_check_in", _("Undo check-in")),
        ("withdraw", _("Withdraw")),
        ("reinstate", _("Reinstate")),
        ("table", _("Fixed table")),
        ("class", _("Class")),
        ("grade", _("Grade")),
        ("team", _("Team")),
        ("reissue_link", _("Revoke and reissue the personal link")),
    ]
    action = forms.ChoiceField(choices=ACTIONS)
    note = forms.CharField(label=_("Payment note"), max_length=200, required=False)
    after_round = forms.IntegerField(
        label=_("After round"), min_value=0, max_value=MAX_ROUND, required=False
    )
    table = WholeNumberField(label=_("Table"), min_value=1, max_value=MAX_TABLE, required=False)
    klass = forms.CharField(label=_("Class"), max_length=10, required=False)
    grade = forms.CharField(label=_("Grade"), max_length=8, required=False)
    team = forms.CharField(label=_("Team"), max_length=80, required=False)
    # A withdrawal, and anything that changes a round already played, asks for this first.
    confirm = forms.BooleanField(label=_("Yes, I confirm"), required=False)

    def clean(self):
        data = super().clean()
        if data.get("action") == "withdraw" and data.get("after_round") is None:
            self.add_error("after_round", _("Choose the last round the player plays."))
        return data
