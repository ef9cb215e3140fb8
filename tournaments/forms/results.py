"""Forms of the result screens: the quick entry line and the single-result edit form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import MAX_ID, MAX_VERSION, WholeNumberField
from tournaments.results.result_entry import EMPTY_LINE, MAX_LINE_LENGTH, MAX_SCORE, MIN_SCORE

from ..models import Entry, Pairing, Round
from ..services.result_lines import Shown


class ScoreField(WholeNumberField):
    """A player's score in one game."""

    default_error_messages = {
        "range": _("“%(value)s” is not a score (a whole number from %(min)d to %(max)d).")
    }

    def __init__(self, *, min_value: int = MIN_SCORE, **kwargs) -> None:
        super().__init__(min_value=min_value, max_value=MAX_SCORE, **kwargs)
        self.widget.attrs.setdefault("inputmode", "numeric")


MAX_HELD_TEXT = 2000  # some 180 open questions: more than a round has games


class EntryLineForm(forms.Form):
    """One typed line plus what the confirmation step showed (which game, at which version).

    The line itself is read by ``result_enter_line``, the same service the ``result`` command
    uses; this form only checks that a line and well-formed hidden fields came.
    """

    # Its length is checked where the line is read (result_entry.MAX_LINE_LENGTH), so the page,
    # the console and ``manage.py result`` refuse a line too long in the same words.
    line = forms.CharField(
        label=_("Result"),
        widget=forms.TextInput(attrs={"maxlength": MAX_LINE_LENGTH}),
        error_messages={"required": _(EMPTY_LINE)},
    )
    pairing = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput
    )
    version = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_VERSION, widget=forms.HiddenInput
    )
    overwrite_version = forms.IntegerField(
        required=False, min_value=0, max_value=MAX_VERSION, widget=forms.HiddenInput
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    playoff = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput
    )
    # The games with a question open on the page ("4,17"): a line for one of them waits.
    held = forms.RegexField(
        required=False, max_length=MAX_HELD_TEXT, regex=r"^\d{1,10}(,\d{1,10})*$"
    )

    def held_games(self) -> frozenset[int]:
        """The games the page holds a question open for (their lines wait behind it)."""
        text = self.cleaned_data.get("held") or ""
        return frozenset(int(number) for number in text.split(",") if number)

    def shown(self) -> Shown:
        """The game and result version the director was shown for the line.

        "Keep mine" on a conflict sends the version of the result it replaces knowingly.
        """
        data = self.cleaned_data
        version = data.get("overwrite_version")
        if version is None:
            version = data.get("version")
        return Shown(pairing_id=data.get("pairing"), version=version)


class KeptForm(forms.Form):
    """After a conflict, "keep theirs": the game of the round whose stored result stays."""

    kept = forms.ModelChoiceField(queryset=Pairing.objects.none())

    def __init__(self, *args, round_: Round, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kept"].queryset = round_.pairings.select_related(
            "first__player", "second__player"
        )


class ResultForm(forms.Form):
    """Edit one game's result; `version` is the one loaded with the form."""

    KINDS = [
        (Pairing.Kind.PLAYED, _("Played")),
        (Pairing.Kind.FORFEIT, _("Forfeit")),
        (Pairing.Kind.DOUBLE_FORFEIT, _("Double forfeit")),
    ]

    kind = forms.ChoiceField(label=_("Result"), choices=KINDS)
    first_score = ScoreField(label=_("First player's score"), required=False)
    second_score = ScoreField(label=_("Second player's score"), required=False)
    forfeited_by = forms.TypedChoiceField(
        label=_("Forfeited by"), required=False, coerce=int, empty_value=None
    )
    version = forms.IntegerField(min_value=0, max_value=MAX_VERSION, widget=forms.HiddenInput)
    confirm_unusual = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, pairing: Pairing, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairing = pairing
        self.fields["forfeited_by"].choices = [
            ("", "—"),
            (pairing.first_id, str(pairing.first)),
            (pairing.second_id, str(pairing.second)),
        ]

    @classmethod
    def for_pairing(cls, pairing: Pairing) -> "ResultForm":
        return cls(
            pairing=pairing,
            initial={
                "kind": pairing.kind,
                "first_score": pairing.first_score,
                "second_score": pairing.second_score,
                "forfeited_by": pairing.forfeited_by_id,
                "version": pairing.version,
            },
        )


class NoShowForm(forms.Form):
    """The player of a game who has not arrived: one of that game's two entries."""

    entry = forms.ModelChoiceField(queryset=Pairing.objects.none())

    def __init__(self, *args, pairing: Pairing, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        entries = [pairing.first_id, pairing.second_id]
        self.fields["entry"].queryset = Entry.objects.filter(pk__in=entries)
