"""Forms of the result screens: the quick entry line and the single-result edit form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.messages import translated

from ..models import Pairing
from ..result_entry import EntryLineError, parse_entry_line


class EntryLineForm(forms.Form):
    """One typed line plus what the confirmation step showed (which game, at which version)."""

    line = forms.CharField(label=_("Result"), max_length=80)
    pairing = forms.IntegerField(required=False, widget=forms.HiddenInput)
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    overwrite_version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_line(self):
        text = self.cleaned_data["line"]
        try:
            self.command = parse_entry_line(text)
        except EntryLineError as err:
            raise forms.ValidationError(translated(err)) from err
        return text

    def expected_version(self, pairing: Pairing) -> int | None:
        """The version the director saw for this game, or None when they were not shown it.

        "Keep mine" on a conflict sends the version of the result it replaces knowingly.
        """
        data = self.cleaned_data
        if data.get("pairing") != pairing.pk:
            return None
        if data.get("overwrite_version") is not None:
            return data["overwrite_version"]
        return data.get("version")


class ResultForm(forms.Form):
    """Edit one game's result; `version` is the one loaded with the form."""

    KINDS = [
        (Pairing.Kind.PLAYED, _("Played")),
        (Pairing.Kind.FORFEIT, _("Forfeit")),
        (Pairing.Kind.DOUBLE_FORFEIT, _("Double forfeit")),
    ]

    kind = forms.ChoiceField(label=_("Result"), choices=KINDS)
    first_score = forms.IntegerField(label=_("First player's score"), required=False)
    second_score = forms.IntegerField(label=_("Second player's score"), required=False)
    forfeited_by = forms.TypedChoiceField(
        label=_("Forfeited by"), required=False, coerce=int, empty_value=None
    )
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
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
