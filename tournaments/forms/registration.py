"""Forms of the director's registration pages: the player picker, adding many players at once,
bulk check-in and payment, and the choices for possible duplicates."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import IdChoicesField

# The picker's search, the paste and the duplicate review are shared with clubs' "Add many".
from players.bulk_forms import AddManyForm, ImportChoicesForm, PlayerSearchForm
from players.forms import PlayerFieldsForm

from ..services.entries import BULK_ACTIONS, TEAM_LIMIT

__all__ = ["AddManyForm", "BulkEntriesForm", "ImportChoicesForm", "PlayerSearchForm"]


class BulkEntriesForm(forms.Form):
    """One action for every entry ticked in the registration table."""

    action = forms.ChoiceField(
        choices=[
            ("check_in", _("Check in")),
            ("paid", _("Mark paid")),
            ("undo_check_in", _("Undo check-in")),
            ("unpaid", _("Mark unpaid")),
            ("team", _("Set their team")),
            ("reinstate", _("Reinstate")),
        ]
    )
    team = forms.CharField(label=_("Team"), max_length=TEAM_LIMIT, required=False)
    entries = IdChoicesField(
        queryset=None,
        error_messages={"required": _("Tick at least one player.")},
    )

    def __init__(self, *args, division, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entries"].queryset = division.entries.all()
        assert set(dict(self.fields["action"].choices)) == {*BULK_ACTIONS, "team"}


class NewPlayerForm(PlayerFieldsForm):
    """A player created from the registration page (its fields prefixed ``new-``): the name
    typed in the search, optionally a country and member id; the player form's rules."""

    confirm_duplicate = forms.BooleanField(
        label=_("Yes, this is a different person"), required=False
    )

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("prefix", "new")
        super().__init__(*args, **kwargs)
        del self.fields["rating"]  # the entry's rating is set with the entry
