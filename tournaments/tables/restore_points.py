"""The restore points of an event, newest first, for its directors."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.formatting import fmt_count
from core.table_columns import MomentColumn


def labelled(label) -> dict:
    """A number column whose cells, on a phone's cards, say what they are."""
    return {"td": {"class": "num", "data-label": label}, "th": {"class": "num"}}


class RestorePointTable(tables.Table):
    pk = tables.Column(verbose_name=_("No."), attrs=labelled(_("No.")))
    taken_at = MomentColumn(verbose_name=_("Taken"))
    reason = tables.Column(verbose_name=_("What"), empty_values=(), attrs={"td": {"class": "lead"}})
    taken_by = tables.Column(
        verbose_name=_("By"),
        empty_values=(),
        accessor="taken_by__username",
        attrs={"td": {"data-label": _("By")}},
    )
    size = tables.Column(verbose_name=_("Size (KB)"), attrs=labelled(_("Size (KB)")))
    audit_entries = tables.Column(
        verbose_name=_("Audit entries"), attrs=labelled(_("Audit entries"))
    )
    actions = tables.Column(
        verbose_name="", empty_values=(), orderable=False, exclude_from_export=True
    )

    class Meta:
        attrs = {"class": "table restore-points phone-cards"}
        orderable = False

    def __init__(self, data, *, tournament, **kwargs):
        super().__init__(data, **kwargs)
        self.tournament = tournament

    def render_reason(self, record):
        return record.what

    def render_taken_by(self, value):
        return value or gettext("the site")

    def render_size(self, value):
        return fmt_count(max(1, round(value / 1024)))

    def value_size(self, value):
        return value

    def render_actions(self, record):
        kwargs = {"tournament_slug": self.tournament.slug, "point_id": record.pk}
        return format_html(
            '<a href="{}" download>{}</a> · <a href="{}">{}</a>',
            reverse("tournaments:restore_point_download", kwargs=kwargs),
            gettext("Download"),
            reverse("tournaments:restore_point_restore", kwargs=kwargs),
            gettext("Restore…"),
        )
