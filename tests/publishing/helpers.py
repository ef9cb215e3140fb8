"""What the publishing tests share: a target on an event, a clock the test moves, and a
publish that succeeds or fails as the test says."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from publishing.models import PublishTarget

T0 = datetime.datetime(2026, 11, 28, 9, 0, tzinfo=datetime.UTC)


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


class Down(Exception):
    """A stand-in for ``publishing.targets.TargetUnreachable`` in the queue's own tests."""


@dataclass
class Report:
    sent: int = 3
    deleted: int = 0
    unchanged: int = 10
    seconds: float = 0.1
    manifest_hash: str = "abc"


class FakePublish:
    """Publishes (records the call) unless ``down``; then raises ``Down``."""

    def __init__(self):
        self.down = False
        self.calls: list[tuple[int, str]] = []

    def __call__(self, event, spec, touched=None):
        if self.down:
            raise Down(f"{spec} cannot be reached")
        self.calls.append((event.pk, spec))
        return Report()


def target(event, spec="/srv/www/event", **fields) -> PublishTarget:
    return PublishTarget.objects.create(tournament=event, spec=spec, **fields)
