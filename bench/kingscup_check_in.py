"""Phase 4 of `bench kingscup`: everyone checks in from their own phone.

The director opens self check-in on every division (``check_in.check_in_set_open``, audited),
then every player opens their personal link and presses "I'm here" over HTTP
(``bench.load_check_ins``: the page for its CSRF cookie and token, then the POST the page's form
sends, through ``check_in.entry_self_check_in``), from the bench's clients at once; then the
director closes check-in again. Printed: throughput, p50/p99 of a whole check-in (page and
press) and of the press alone, errors, and what the database holds afterwards: every entrant
checked in, one ``entry.self_check_in`` audit entry each.
"""

from __future__ import annotations

import os
import random
import time

from django.db import close_old_connections
from django.test.utils import override_settings

from core.models import AuditEntry
from tournaments.models import Division, Entry
from tournaments.selectors.entry_links import entry_link
from tournaments.services.check_in import check_in_set_open

from .kingscup_tools import cpu_text, ms, run_jobs


def _set_open(event, director, is_open: bool) -> float:
    """Open (or close) check-in on every division: the seconds it took."""
    started = time.perf_counter()
    for division in Division.objects.filter(tournament=event).order_by("name"):
        check_in_set_open(by=director, division=division, is_open=is_open)
    return time.perf_counter() - started


def _link_jobs(event) -> list[dict]:
    """Every entrant's personal page, shuffled (as players arrive)."""
    ids = list(Entry.objects.filter(division__tournament=event).values_list("pk", flat=True))
    # Signed with the server's key (``bench.load._start_server``), as the printed cards are.
    key = os.environ.get("SECRET_KEY") or "bench-load-" + "x" * 40
    with override_settings(SECRET_KEY=key):
        jobs = [{"path": entry_link(event.slug, pk)} for pk in ids]
    random.Random(len(jobs)).shuffle(jobs)
    return jobs


def check_in_everyone(port: int, group: int, event, director, clients: int) -> list[str]:
    """Phase 4: see the module."""
    close_old_connections()
    opening = _set_open(event, director, True)
    jobs = _link_jobs(event)
    found, cpu = run_jobs("bench.load_check_ins", port, group, clients, jobs)
    close_old_connections()
    entries = Entry.objects.filter(division__tournament=event)
    done = entries.filter(status=Entry.Status.CHECKED_IN).count()
    audited = AuditEntry.objects.filter(tournament=event, action="entry.self_check_in").count()
    closing = _set_open(event, director, False)
    still_open = Division.objects.filter(tournament=event, check_in_open=True).count()
    elapsed, total = found["elapsed"], len(jobs)
    verdict = "match" if audited == done == total else "MISMATCH"
    return [
        f"4. self check-in of {total} players from {clients} clients over HTTP (page, then "
        f'"I\'m here"): {elapsed:.1f} s, {total / elapsed:.1f} check-ins/s',
        f"   whole check-in {ms(found['latencies'])}; the press alone {ms(found['presses'])}",
        f"   {found['errors']} errors {found['statuses']}, server CPU "
        f"{cpu_text(cpu, total)} a check-in",
        f"   checked in {done}/{total}, {audited} self check-in audit entries ({verdict}); "
        f"check-in opened in {opening:.2f} s and closed in {closing:.2f} s on every division "
        f"({still_open} left open)",
    ]
