"""A target's status line in the reader's language, its times in the event's time zone (the
event's pages activate it: tournaments.middleware): "last published 14:02, 37 changes waiting,
target unreachable since 12:10"."""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.formatting import fmt_datetime, fmt_time

from .selectors import TargetStatus


def moment(value: datetime.datetime, now: datetime.datetime) -> str:
    """A time of day when it is today where the event is, else the day and the time."""
    if timezone.localtime(value).date() == timezone.localtime(now).date():
        return fmt_time(value)
    return fmt_datetime(value)


def status_line(status: TargetStatus, now: datetime.datetime) -> str:
    parts = []
    if status.last_published_at is None:
        parts.append(_("not published yet"))
    else:
        parts.append(_("last published %(time)s") % {"time": moment(status.last_published_at, now)})
    if status.changes_waiting:
        parts.append(
            ngettext(
                "%(count)s change waiting", "%(count)s changes waiting", status.changes_waiting
            )
            % {"count": status.changes_waiting}
        )
    elif status.last_published_at is not None:
        parts.append(_("up to date"))
    if status.unreachable_since is not None:
        parts.append(
            _("target unreachable since %(time)s") % {"time": moment(status.unreachable_since, now)}
        )
    if not status.enabled:
        parts.append(_("switched off"))
    elif status.running:
        parts.append(_("publishing now"))
    # Joined as the language joins a list ("、" in Japanese, a space in Thai).
    return pgettext("list separator", ", ").join(parts)
