"""The director's registration table: one compact row per entry with status chips and a small
menu of actions (the rest on the entry's own page)."""

import django_tables2 as tables
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..entry_text import withdrawn_text

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
BULK_FORM = "bulk-form"


def status_chips(entry) -> list[tuple[str, str]]:
    """(css class, text) of each chip the entry shows: checked in, paid, late, withdrawn..."""
    chips = []
    if entry.status == entry.Status.CHECKED_IN:
        chips.append(("chip ok", _("checked in")))
    else:
        chips.append(("chip", _("not checked in")))
    chips.append(("chip ok", _("paid")) if entry.paid else ("chip warn", _("unpaid")))
    if entry.joins_at_round > 1:
        chips.append(("chip", _("joins at round %(round)d") % {"round": entry.joins_at_round}))
    if entry.withdrawn_after_round is not None:
        chips.append(("chip bad", withdrawn_text(entry.withdrawn_after_round)))
    if entry.fixed_table:
        chips.append(("chip", _("always at table %(table)d") % {"table": entry.fixed_table}))
    if entry.team:
        chips.append(("chip", _("team: %(team)s") % {"team": entry.team}))
    return chips


class UnseenHeaderColumn(tables.Column):
    """A column whose header is read by screen readers only (its cells say what they are)."""

    @property
    def header(self):
        return format_html('<span class="visually-hidden">{}</span>', self.verbose_name)


class RegistrationTable(tables.Table):
    """Rows are ``Entry`` instances with their players."""

    select = tables.CheckBoxColumn(
        accessor="pk",
        attrs={
            "input": {"form": BULK_FORM, "name": "entries"},
            "th__input": {"data-select-all": "entries", "aria-label": gettext_lazy("Select all")},
            # Each row's box is named for its player (a screen reader says whom it ticks).
            "td__input": {
                "form": BULK_FORM,
                "name": "entries",
                "aria-label": lambda record: _("Select %(name)s") % {"name": record.player.name},
            },
        },
        orderable=False,
    )
    number = tables.Column(verbose_name=gettext_lazy("No."), attrs=NUM)
    player = tables.Column(
        verbose_name=gettext_lazy("Player"), accessor="player__name", order_by="player__sort_name"
    )
    rating = tables.Column(verbose_name=gettext_lazy("Entry rating"), attrs=NUM)
    status = tables.Column(verbose_name=gettext_lazy("Status"), orderable=False, empty_values=())
    actions = UnseenHeaderColumn(
        verbose_name=gettext_lazy("Actions"), orderable=False, empty_values=()
    )

    class Meta:
        attrs = {"class": "table registration"}
        orderable = True
        row_attrs = {"class": lambda record: _row_class(record)}

    def __init__(self, *args, request, division, **kwargs):
        super().__init__(*args, **kwargs)
        self.csrf_token = get_token(request)
        self.division = division

    def render_status(self, record):
        chips = format_html_join(" ", '<span class="{}">{}</span>', status_chips(record))
        if record.payment_note:
            return format_html('{} <small class="muted">({})</small>', chips, record.payment_note)
        return chips

    def render_actions(self, record):
        url = reverse(
            "tournaments:entry_update",
            kwargs={
                "tournament_slug": self.division.tournament.slug,
                "division_name": self.division.name,
                "entry_id": record.pk,
            },
        )
        checked_in = record.status == record.Status.CHECKED_IN
        toggles = [
            ("undo_check_in", _("Undo check-in")) if checked_in else ("check_in", _("Check in")),
            ("unpaid", _("Mark unpaid")) if record.paid else ("paid", _("Mark paid")),
        ]
        forms = format_html_join(
            "",
            '<form method="post" action="{}"><input type="hidden" name="csrfmiddlewaretoken" '
            'value="{}"><input type="hidden" name="action" value="{}">'
            '<button type="submit" class="link">{}</button></form>',
            ((url, self.csrf_token, action, label) for action, label in toggles),
        )
        return format_html(
            '<details class="row-menu"><summary aria-label="{}">{}</summary><div>{}'
            '<a href="{}">{}</a></div></details>',
            _("Actions for #%(number)d") % {"number": record.number},
            _("Actions"),
            forms,
            url,
            _("Withdraw, table, payment note…"),
        )


def _row_class(entry) -> str:
    return "withdrawn" if entry.withdrawn_after_round is not None else ""
