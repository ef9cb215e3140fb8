"""What the last round of an event found and wrote, kept in this process for the next round.

The next round asks the site for each page with the tag it had (``render.SiteReader``): on a
304 (nothing of that page changed: another division's result, or none at all) it takes the kept
bytes instead of building the page again, and when the round's layout (every address and its
file) and static files are the last round's too, the kept rewritten page instead of rewriting
it. A few events are kept, the most recently published; a private event's are forgotten.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass
class Round:
    crawled: dict = field(default_factory=dict)  # address -> Crawled, each with its tag
    pages: dict = field(default_factory=dict)  # file -> (the site's bytes, the published bytes)
    layout: str = ""
    assets: dict = field(default_factory=dict)  # static name -> published path
    files: dict = field(default_factory=dict)  # address -> (file, content type), every one


class Kept:
    EVENTS = 2

    def __init__(self):
        self._lock = threading.Lock()
        self._events: OrderedDict[int, Round] = OrderedDict()

    def of(self, event_id: int) -> Round:
        with self._lock:
            return self._events.get(event_id) or Round()

    def keep(self, event_id: int, found: Round) -> None:
        found.crawled = {a: c for a, c in found.crawled.items() if c.etag}
        with self._lock:
            self._events[event_id] = found
            self._events.move_to_end(event_id)
            while len(self._events) > self.EVENTS:
                self._events.popitem(last=False)

    def forget(self, event_id: int) -> None:
        with self._lock:
            self._events.pop(event_id, None)

    def clear(self) -> None:
        with self._lock:
            self._events.clear()


KEPT = Kept()
