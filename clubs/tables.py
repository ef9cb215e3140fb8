import django_tables2 as tables
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.table_columns import DayColumn

from .models import Club, ClubGuest, Membership

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class ClubTable(tables.Table):
    name = tables.Column(linkify=True, verbose_name=gettext_lazy("Club"))
    city = tables.Column(verbose_name=gettext_lazy("City"))
    country = tables.Column(verbose_name=gettext_lazy("Country"))
    member_count = tables.Column(
        verbose_name=gettext_lazy("Members"), attrs={"td": {"class": "num"}}
    )

    class Meta:
        model = Club
        fields = ("name", "city", "country", "member_count")


class MemberTable(tables.Table):
    """Rows are memberships with their players; officers get a lapse/renew button per row."""

    player = tables.Column(
        linkify=lambda record: record.player.get_absolute_url(),
        order_by=("player__sort_name",),
        verbose_name=gettext_lazy("Player"),
    )
    role = tables.Column(verbose_name=gettext_lazy("Role"))
    status = tables.Column(verbose_name=gettext_lazy("Status"))
    status_since = DayColumn(verbose_name=gettext_lazy("Status since"))
    since = DayColumn(verbose_name=gettext_lazy("Since"))
    until = DayColumn(verbose_name=gettext_lazy("Until"))
    rating = tables.Column(
        accessor="player__rating", verbose_name=gettext_lazy("Rating"), attrs=NUM
    )
    actions = tables.Column(
        verbose_name="", orderable=False, empty_values=(), exclude_from_export=True
    )

    class Meta:
        model = Membership
        fields = ("player", "role", "status", "status_since", "since", "until", "rating")
        attrs = {"class": "table members"}

    def __init__(self, *args, can_change=False, request=None, club=None, **kwargs):
        if not can_change:
            kwargs["exclude"] = ("actions",)
        super().__init__(*args, **kwargs)
        self.club = club
        self.csrf_token = get_token(request) if can_change else ""

    def render_status(self, record):
        if not record.is_current():
            css = "chip"
        elif record.status == Membership.Status.ACTIVE:
            css = "chip ok"
        else:
            css = "chip warn"
        return format_html('<span class="{}">{}</span>', css, self.value_status(record))

    def value_status(self, record):
        """The status as the page reads it, in the CSV too: an ended membership is no member's,
        whatever its last status (the counts above the table count current memberships only:
        ``selectors.member_counts``)."""
        return _("Ended") if not record.is_current() else record.get_status_display()

    def render_actions(self, record):
        url = reverse(
            "clubs:member_status",
            kwargs={"club_slug": self.club.slug, "membership_id": record.pk},
        )
        lapsed = record.status == Membership.Status.LAPSED
        status = Membership.Status.ACTIVE if lapsed else Membership.Status.LAPSED
        label = _("Mark active") if lapsed else _("Mark lapsed")
        return format_html(
            '<form method="post" action="{}"><input type="hidden" name="csrfmiddlewaretoken" '
            'value="{}"><input type="hidden" name="status" value="{}">'
            '<button type="submit" class="link" aria-label="{}">{}</button></form>',
            url,
            self.csrf_token,
            status,
            _("%(action)s: %(name)s") % {"action": label, "name": record.player.name},
            label,
        )


class GuestTable(tables.Table):
    player = tables.Column(
        linkify=lambda record: record.player.get_absolute_url(),
        order_by=("player__sort_name",),
        verbose_name=gettext_lazy("Guest"),
    )
    added_on = DayColumn(verbose_name=gettext_lazy("First visit"))
    game_count = tables.Column(verbose_name=gettext_lazy("Games"), attrs=NUM)
    actions = tables.TemplateColumn(
        template_name="clubs/partials/guest_actions.html",
        verbose_name="",
        orderable=False,
        exclude_from_export=True,
    )

    class Meta:
        model = ClubGuest
        fields = ("player", "added_on", "game_count")
        attrs = {"class": "table guests"}
