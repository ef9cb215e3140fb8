from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import BoundedFileField, BoundedJSONField, WholeNumberField
from games.engine.word_lists import MAX_WORD_LIST_BYTES
from players.models import Player
from players.visibility import visible_players
from tournaments.models import Pairing
from tournaments.rule_texts import preset_choices

from .engine.playoff import MAX_PLAYOFF_SCORE
from .models import Lexicon, Turn
from .services.imports import MAX_GCG_BYTES


def _preset_choices() -> list[tuple[str, str]]:
    return preset_choices()


class RulesFields(forms.Form):
    """The rule set of a new sheet. ``viewer`` (who fills the form) limits the player choices
    to those they may see: a player known only through a private event is not offered."""

    def __init__(self, *args, viewer=None, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first_player", "second_player"):
            if name in self.fields:
                self.fields[name].queryset = visible_players(viewer)

    rules_preset = forms.ChoiceField(label=_("Rule set"), choices=_preset_choices, initial="naspa")
    rule_changes = BoundedJSONField(
        label=_("Changes to the rule set (JSON, optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_('For example {"challenge": "challenged_bonus", "challenge_points": 5}.'),
    )

    def clean_rule_changes(self) -> dict:
        changes = self.cleaned_data["rule_changes"] or {}
        if not isinstance(changes, dict):
            raise forms.ValidationError(_("Give the changes as a JSON object."))
        return changes


class GameForm(RulesFields):
    first_player = forms.ModelChoiceField(Player.objects.all(), label=_("First player"))
    second_player = forms.ModelChoiceField(Player.objects.all(), label=_("Second player"))
    lexicon = forms.ModelChoiceField(
        Lexicon.objects.defer("word_list"), label=_("Word list"), required=False
    )
    title = forms.CharField(label=_("Title"), required=False, max_length=200)

    field_order = ["first_player", "second_player", "rules_preset", "rule_changes", "lexicon"]


class GcgUploadForm(RulesFields):
    file = BoundedFileField(max_bytes=MAX_GCG_BYTES, unit="KB", label=_("GCG file"))
    first_player = forms.ModelChoiceField(
        Player.objects.all(),
        label=_("First player"),
        required=False,
        help_text=_("Leave empty to find or add the player named in the file."),
    )
    second_player = forms.ModelChoiceField(
        Player.objects.all(), label=_("Second player"), required=False
    )

    field_order = ["file", "rules_preset", "rule_changes", "first_player", "second_player"]


class TurnForm(forms.Form):
    move = forms.CharField(
        label=_("Move"),
        max_length=40,
        required=False,
        help_text=_("8D TRAIN across, D8 TRAIN down, lower case for a blank, - to pass, -ABC to "
                    "exchange."),
    )  # fmt: skip
    rack = forms.CharField(label=_("Rack (optional)"), max_length=20, required=False)
    seconds = forms.IntegerField(
        label=_("Seconds used"), min_value=0, max_value=24 * 3600, required=False
    )
    overtime = forms.ChoiceField(
        choices=[("", ""), ("lost", "lost")], required=False, widget=forms.HiddenInput
    )
    notes = forms.CharField(label=_("Notes"), required=False, max_length=1000)
    challenge = forms.ChoiceField(
        choices=Turn.Challenge.choices, required=False, widget=forms.HiddenInput
    )
    action = forms.ChoiceField(
        choices=[("play", "play"), ("pass", "pass"), ("exchange", "exchange")],
        required=False,
        widget=forms.HiddenInput,
    )

    def clean(self):
        data = super().clean()
        move = (data.get("move") or "").strip()
        if data.get("action") == "pass":
            move = "-"
        elif data.get("action") == "exchange":
            if not move.lstrip("-"):
                raise forms.ValidationError(_("Type the tiles to exchange (or their number)."))
            move = "-" + move.lstrip("-")
        if not move:
            raise forms.ValidationError(_("Type the move, or press Pass."))
        data["move"] = move
        data["challenge"] = data.get("challenge") or Turn.Challenge.NONE
        return data


class ChallengeForm(forms.Form):
    outcome = forms.ChoiceField(choices=Turn.Challenge.choices)


class ForfeitForm(forms.Form):
    loser = forms.TypedChoiceField(
        choices=[("0", _("First player")), ("1", _("Second player")), ("", _("No forfeit"))],
        coerce=int,
        empty_value=None,
        required=False,
    )


class LexiconUploadForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60, help_text=_("For example CSW21."))
    file = BoundedFileField(max_bytes=MAX_WORD_LIST_BYTES, label=_("Word list (one word per line)"))


class JudgeForm(forms.Form):
    lexicon = forms.ModelChoiceField(Lexicon.objects.defer("word_list"), label=_("Word list"))
    words = forms.CharField(
        label=_("Every word the play formed"),
        widget=forms.Textarea(
            attrs={
                "rows": 3,
                "autocapitalize": "characters",
                "autocomplete": "off",
                "autofocus": True,
            }
        ),
    )


class ForPairingForm(forms.Form):
    """``?pairing=ID``: the tournament game a new scoresheet is kept for, if any."""

    pairing = forms.ModelChoiceField(
        queryset=Pairing.objects.select_related(
            "first__player", "second__player", "round__division__tournament"
        ),
        required=False,
    )


class KioskOpenForm(forms.Form):
    """A director opens a judging screen: which word list, and for how long."""

    lexicon = forms.ModelChoiceField(Lexicon.objects.defer("word_list"), label=_("Word list"))
    hours = forms.IntegerField(label=_("Open for (hours)"), min_value=1, max_value=24, initial=8)


class KioskJudgeForm(forms.Form):
    """The judging screen's only question: the words of one play."""

    words = JudgeForm.base_fields["words"]


class PlayoffForm(forms.Form):
    """Each player's play-off word and its score; the words are checked by the engine
    (``engine.playoff``: 1 to 7 letters), the scores here (0 to 1000)."""

    first_word = forms.CharField(label=_("Play-off word"), max_length=20)
    first_score = WholeNumberField(label=_("Score"), min_value=0, max_value=MAX_PLAYOFF_SCORE)
    second_word = forms.CharField(label=_("Play-off word"), max_length=20)
    second_score = WholeNumberField(label=_("Score"), min_value=0, max_value=MAX_PLAYOFF_SCORE)

    def words(self) -> tuple[str, str]:
        return (self.cleaned_data["first_word"], self.cleaned_data["second_word"])

    def scores(self) -> tuple[int, int]:
        return (self.cleaned_data["first_score"], self.cleaned_data["second_score"])


class EndRacksForm(forms.Form):
    """The tiles left on each rack of a game that ended without them (a side not awaited may be
    left empty); the engine checks them against the player's tiles and the board."""

    first_rack = forms.CharField(label=_("Tiles left"), max_length=20, required=False)
    second_rack = forms.CharField(label=_("Tiles left"), max_length=20, required=False)

    def racks(self) -> tuple[str, str]:
        return (self.cleaned_data["first_rack"], self.cleaned_data["second_rack"])
