"""The forms of every "Add many" page and player picker: the search as you type, names pasted
or a CSV roster, and the choice for each row that may be a duplicate."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import BoundedFileField

from .bulk import NEW, SKIP
from .forms import MAX_ROSTER_BYTES
from .roster import decode_upload

MAX_SEARCH_LENGTH = 100
MAX_PASTE_CHARS = 200_000


class PlayerSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Find a player (name, member id or club)"),
        max_length=MAX_SEARCH_LENGTH,
        required=False,
    )


class AddManyForm(forms.Form):
    """Names pasted one per line (optionally with country, member id and rating), or a CSV."""

    names = forms.CharField(
        label=_("Names, one per line"),
        help_text=_(
            "Optionally followed by country, member id and rating, separated by tabs or commas; "
            "or paste a whole CSV roster with its header line."
        ),
        widget=forms.Textarea(attrs={"rows": 12}),
        max_length=MAX_PASTE_CHARS,
        required=False,
        error_messages={
            "max_length": _("At most %(limit_value)d characters can be pasted at once.")
        },
    )
    file = BoundedFileField(
        max_bytes=MAX_ROSTER_BYTES,
        label=_("or a CSV roster (name, country, member_id, rating)"),
        required=False,
    )

    def clean(self):
        data = super().clean()
        if data.get("names", "").strip() and data.get("file"):
            raise forms.ValidationError(_("Paste names or choose a file, not both."))
        if not data.get("names", "").strip() and not data.get("file") and not self.errors:
            raise forms.ValidationError(_("Paste at least one name or choose a file."))
        return data

    def text(self) -> tuple[str, bool]:
        """The text to read, and whether it is a CSV file (rather than pasted names)."""
        upload = self.cleaned_data.get("file")
        if upload:
            return decode_upload(upload.read()), True
        return self.cleaned_data["names"], False


class ImportChoicesForm(forms.Form):
    """The reviewed rows (posted back as the roster's CSV text) and a choice for each row that
    may be a duplicate: an existing player's id, ``new`` or ``skip``."""

    text = forms.CharField(widget=forms.HiddenInput, max_length=4 * MAX_PASTE_CHARS)

    def __init__(self, *args, plan=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.plan = plan
        for planned in plan.duplicates if plan else ():
            self.fields[f"line_{planned.row.line}"] = forms.ChoiceField(
                label=_("Line %(line)d") % {"line": planned.row.line},
                choices=_choices(planned),
                widget=forms.RadioSelect,
                initial=planned.suggested or None,
                error_messages={"required": _("Choose what to do with this row.")},
            )

    def duplicate_fields(self) -> list:
        """(planned row, its bound choice field) for each row that may be a duplicate."""
        return [(p, self[f"line_{p.row.line}"]) for p in self.plan.duplicates]

    def unanswered_lines(self) -> list[int]:
        """The lines of the rows posted without a choice (after a bound form was checked)."""
        if not self.is_bound or self.is_valid():
            return []
        return [p.row.line for p in self.plan.duplicates if f"line_{p.row.line}" in self.errors]

    def choices(self) -> list:
        """(row, choice) for every row of the plan, ``new`` for a row with no duplicate."""
        return [(p.row, self.cleaned_data.get(f"line_{p.row.line}", NEW)) for p in self.plan.rows]


def _choices(planned) -> list[tuple[str, str]]:
    choices = []
    for player in planned.existing:
        if player.pk in planned.entered:
            continue  # already in the division: the row can only be skipped
        where = ", ".join(part for part in (player.country, player.member_id) if part)
        label = _("Use %(name)s (%(where)s)") % {"name": player.name, "where": where or "–"}
        choices.append((str(player.pk), label))
    if planned.may_create:
        choices.append((NEW, _("Create a new player")))
    choices.append((SKIP, _("Skip this row")))
    return choices
