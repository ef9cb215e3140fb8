"""Forms of the director's registration pages: the player picker, adding many players at once,
bulk check-in and payment, and the choices for possible duplicates."""

from django import forms
from django.utils.translation import gettext_lazy as _

# The picker's search, the paste and the duplicate review are shared with clubs' "Add many".
from players.bulk_forms import AddManyForm, ImportChoicesForm, PlayerSearchForm

from ..services.entries import BULK_ACTIONS

__all__ = ["AddManyForm", "BulkEntriesForm", "ImportChoicesForm", "PlayerSearchForm"]


class BulkEntriesForm(forms.Form):
    """One action for every entry ticked in the registration table."""

    action = forms.ChoiceField(
        choices=[
            ("check_in", _("Check in")),
            ("paid", _("Mark paid")),
            ("undo_check_in", _("Undo check-in")),
            ("unpaid", _("Mark unpaid")),
        ]
    )
    entries = forms.ModelMultipleChoiceField(
        queryset=None,
        error_messages={"required": _("Tick at least one player.")},
    )

    def __init__(self, *args, division, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entries"].queryset = division.entries.all()
        assert set(dict(self.fields["action"].choices)) == set(BULK_ACTIONS)
