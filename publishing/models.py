"""Where an event is published and the queue that keeps each place up to date.

A ``PublishTarget`` is one place an event's public files go (a folder, ``user@host:/path``, an
``s3://`` bucket) with what the worker last learnt about it; a ``PublishJob`` is one publish
waiting, running or done. Publishing writes the whole event as it is when the job starts, so a
job stands for every change before it: a burst of changes is one job, and a job that fails is
tried again later rather than lost (``publishing/queue.py``).
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.model_fields import optional_link

SPEC_LENGTH = 500
ERROR_LENGTH = 500


class PublishTarget(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="publish_targets",
    )
    spec = models.CharField(_("target"), max_length=SPEC_LENGTH)
    enabled = models.BooleanField(_("enabled"), default=True)
    created_at = models.DateTimeField(_("added"), default=timezone.now)
    # What the worker learnt; written by the worker only (the queue's own bookkeeping).
    last_published_at = models.DateTimeField(_("last published"), null=True, blank=True)
    # The event's latest audited change (core.polled.stamps.latest_change) when the last
    # publish that succeeded began: every change up to it is on the target.
    published_through = models.PositiveBigIntegerField(default=0)
    manifest_hash = models.CharField(max_length=128, blank=True)
    unreachable_since = models.DateTimeField(_("unreachable since"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=ERROR_LENGTH, blank=True)
    # Failures in a row, and when the next try may start (the backoff is the target's, not
    # each job's: while it is down, every job for it waits).
    failures = models.PositiveIntegerField(default=0)
    retry_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("publishing target")
        verbose_name_plural = _("publishing targets")
        ordering = ["tournament_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "spec"], name="publish_target_once")
        ]

    def __str__(self) -> str:
        return self.spec

    def is_changeable_by(self, user, action: str) -> bool:
        return self.tournament.is_changeable_by(user, action)


class PublishJob(models.Model):
    WAITING = "waiting"
    RUNNING = "running"
    DONE = "done"
    STATES = [(WAITING, _("waiting")), (RUNNING, _("running")), (DONE, _("done"))]
    # Why it was queued: a change of the event, a board let out after the broadcast delay, a
    # director's "Publish now", the worker finding the target behind.
    CHANGE = "change"
    DELAYED = "delayed"
    DIRECTOR = "director"
    CATCH_UP = "catch-up"
    REASONS = [
        (CHANGE, _("change")),
        (DELAYED, _("broadcast delay")),
        (DIRECTOR, _("publish now")),
        (CATCH_UP, _("catch up")),
    ]

    target = models.ForeignKey(PublishTarget, on_delete=models.CASCADE, related_name="jobs")
    state = models.CharField(max_length=10, choices=STATES, default=WAITING)
    reason = models.CharField(max_length=10, choices=REASONS, default=CHANGE)
    requested_by = optional_link(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL)
    queued_at = models.DateTimeField(default=timezone.now)
    due_at = models.DateTimeField(default=timezone.now)
    # Changes folded into this job after it was queued (a burst is one publish).
    changes = models.PositiveIntegerField(default=1)
    attempts = models.PositiveIntegerField(default=0)
    claimed_by = models.CharField(max_length=120, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # What the publish did (publishing.services.PublishReport), or why it did not.
    sent = models.PositiveIntegerField(default=0)
    deleted = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    seconds = models.FloatField(null=True, blank=True)
    manifest_hash = models.CharField(max_length=128, blank=True)
    error = models.CharField(max_length=ERROR_LENGTH, blank=True)

    class Meta:
        ordering = ["due_at", "id"]
        indexes = [
            models.Index(fields=["state", "due_at"], name="publish_job_due"),
            models.Index(fields=["target", "state"], name="publish_job_target_state"),
        ]

    def __str__(self) -> str:
        return f"{self.target_id}:{self.pk}:{self.state}"
