"""Forms for club nights: quick entry by name, resolved against the club's players."""

import difflib

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.forms import DayInput, WholeNumberField
from players.models import Player

from .models import Club, Membership
from .services.nights import CLUB_FIELDS


class SeasonForm(forms.Form):
    """The season a club page shows (?season=YYYY)."""

    season = WholeNumberField(min_value=1901, max_value=2999, required=False)


class ClubSessionForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=DayInput())
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate()


class PlayerNameField(forms.CharField):
    """A player typed by name (or 'Last, First'), picked from the players the form was given."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 120)
        super().__init__(*args, **kwargs)
        self.widget.attrs.update({"list": "club-players", "autocomplete": "off"})


SUGGESTIONS = 3  # close matches offered for a misspelled name


def close_matches(players, text: str) -> list[str]:
    """Up to ``SUGGESTIONS`` club players' names close to ``text`` (as typed or "Last, First")."""
    by_key: dict[str, str] = {}
    for p in players:
        by_key.setdefault(p.name.casefold(), p.name)
        by_key.setdefault(p.sort_name.casefold(), p.name)
    keys = difflib.get_close_matches(text.strip().casefold(), by_key, n=SUGGESTIONS * 2, cutoff=0.6)
    return list(dict.fromkeys(by_key[key] for key in keys))[:SUGGESTIONS]


def find_player(players, text: str) -> Player:
    wanted = text.strip().casefold()
    found = [p for p in players if wanted in (p.name.casefold(), p.sort_name.casefold())]
    if not found:
        matches = close_matches(players, text)
        if matches:
            raise forms.ValidationError(
                _("No club player is called %(name)s. Did you mean %(matches)s?")
                % {"name": text, "matches": " / ".join(matches)}
            )
        raise forms.ValidationError(_("No club player is called %(name)s.") % {"name": text})
    if len(found) > 1:
        raise forms.ValidationError(
            _("More than one club player is called %(name)s; use the member list.") % {"name": text}
        )
    return found[0]


class _ClubPlayersForm(forms.Form):
    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)


class AttendanceForm(_ClubPlayersForm):
    player = PlayerNameField(label=_("Player"))

    def clean_player(self) -> Player:
        return find_player(self.players, self.cleaned_data["player"])


class CasualGameForm(_ClubPlayersForm):
    """Two names and two scores: a game entered in seconds."""

    player_a = PlayerNameField(label=_("Player"))
    score_a = forms.IntegerField(label=_("Score"), min_value=0, max_value=2000)
    player_b = PlayerNameField(label=_("Opponent"))
    score_b = forms.IntegerField(label=_("Score"), min_value=0, max_value=2000)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)

    def clean_player_a(self) -> Player:
        return find_player(self.players, self.cleaned_data["player_a"])

    def clean_player_b(self) -> Player:
        return find_player(self.players, self.cleaned_data["player_b"])


class ClubTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    start_date = forms.DateField(label=_("First day"), required=False, widget=DayInput())


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "country", "contact"]


class ClubEditForm(forms.ModelForm):
    """The club's details and its choices: members-only pages, the ladder, guests' games."""

    class Meta:
        model = Club
        # What club_update writes, but the slug: the club's addresses keep it.
        fields = [name for name in CLUB_FIELDS if name != "slug"]


class MembershipForm(forms.ModelForm):
    """One member: the player is picked by the search-as-you-type picker (its radio buttons)."""

    class Meta:
        model = Membership
        fields = ["player", "since", "until", "role"]
        labels = {"player": _("Player")}
        widgets = {
            "since": DayInput(),
            "until": DayInput(),
        }

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players
        self.fields["player"].error_messages["required"] = _("Find the player and choose them.")


class MemberStatusForm(forms.Form):
    status = forms.ChoiceField(label=_("Status"), choices=Membership.Status.choices)
    on = forms.DateField(label=_("From"), required=False, widget=DayInput())


class GuestForm(forms.Form):
    name = forms.CharField(label=_("Guest's name"), max_length=120)


class GuestMatchForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Player.objects.none(),
        error_messages={"required": _("Find the player and choose them.")},
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players


class LadderForm(forms.Form):
    """The period a ladder covers (a calendar year, or from and to) and what orders it."""

    season = WholeNumberField(label=_("Season"), min_value=1901, max_value=2999, required=False)
    start = forms.DateField(label=_("From"), required=False, widget=DayInput())
    end = forms.DateField(label=_("To"), required=False, widget=DayInput())
    basis = forms.ChoiceField(
        label=_("Order by"),
        choices=[("wins", _("Points for wins")), ("rating", _("Rating change"))],
        required=False,
    )

    def clean(self):
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end and end < start:
            raise forms.ValidationError(_("The period ends before it starts."))
        return data
