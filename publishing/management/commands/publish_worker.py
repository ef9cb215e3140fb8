"""python manage.py publish_worker [--once] [--poll SECONDS]

The background worker that publishes every event with a publishing target after each change
(publishing/queue.py queues, publishing/worker.py runs). Run one beside the site, as a service
(docs/DEPLOY.md, "Publishing from the venue"); it waits for the next due job, publishes, and
retries a target that cannot be reached with a bounded backoff until it answers.
"""

import datetime
import time

from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.cli import BaseCommand
from publishing.services import event_publish
from publishing.targets import TargetUnreachable
from publishing.worker import (
    Outcome,
    next_due,
    process_alive,
    release_abandoned,
    work_once,
    worker_name,
)


def publish(event, spec, *, touched=None):
    # A round reads the pages in every language; the worker speaks on in its own afterwards.
    with translation.override(translation.get_language()):
        return event_publish(event, spec, touched=touched)


class Command(BaseCommand):
    help = _(
        "Publish events to their targets in the background after each change, retrying a "
        "target that cannot be reached until it answers."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--once",
            action="store_true",
            help=_("Run every job due now, then stop (for cron or a test)."),
        )
        parser.add_argument(
            "--poll",
            type=float,
            default=None,
            help=_("Seconds between looks at the queue when it is idle."),
        )

    def handle(self, *args, once=False, poll=None, **options):
        poll = max(0.05, min(60.0, poll or settings.PUBLISH_WORKER_POLL_SECONDS))
        name = worker_name()
        released = release_abandoned(timezone.now(), alive=process_alive)
        if released:
            self.stdout.write(
                ngettext(
                    "%(count)s job left running was put back.",
                    "%(count)s jobs left running were put back.",
                    released,
                )
                % {"count": released}
            )
        while True:
            try:
                outcome = work_once(publish=publish, unreachable_error=TargetUnreachable, name=name)
            except DatabaseError as error:
                # The site's own database busy or restarting: the queue is still there, so
                # the worker says so and looks again rather than stopping for the day.
                self.stderr.write(_("The queue cannot be read now: %(error)s") % {"error": error})
                if once:
                    raise
                time.sleep(poll)
                continue
            if outcome is not None:
                self.stdout.write(self.line(outcome))
                continue
            if once:
                return
            time.sleep(self.pause(poll))

    def pause(self, poll: float) -> float:
        """Until the next job is due, but never longer than ``poll`` (a change queues a job
        the worker only sees by looking)."""
        now = timezone.now()
        due = next_due(now)
        if due is None:
            return poll
        return max(0.0, min(poll, (due - now) / datetime.timedelta(seconds=1)))

    def line(self, outcome: Outcome) -> str:
        if outcome.ok:
            return _("Published to %(target)s: %(sent)s sent, %(deleted)s deleted.") % {
                "target": outcome.target,
                "sent": outcome.sent,
                "deleted": outcome.deleted,
            }
        return _("Could not publish to %(target)s (will retry): %(error)s") % {
            "target": outcome.target,
            "error": outcome.error,
        }
