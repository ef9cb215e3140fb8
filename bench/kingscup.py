"""`manage.py bench kingscup`: a King's Cup-sized day, phase by phase, against a real server.

Builds a throwaway public event (``bench.kingscup_event``: 8,000 entrants in 40 divisions of 8 to
1,000, mixed rules presets, 10 rounds played, with ``bulk_create``), starts the production server
(``manage.py serve``: gunicorn, on a free loopback port, on the database the command runs on and
Redis when REDIS_URL is set) and times, each phase one named function the day's tools can be
swapped into:

1. ``pair_every_division``: the next round of every division, as the director's "pair every
   ready division" does (``pair_all.pair_all_divisions``: one call, one restore point of the
   event after the last division, holding the changes since the point of round 10's end, taken
   untimed first); total and CPU, each division's outcome, and per division from the times of
   their audit entries. Goal: under 3 s in all (issue 35).
2. ``report_results``: every game of that round reported by both its players over HTTP through
   the self-report page (``bench.load_reports``, 200 clients at once): throughput, p50/p99, and
   lost updates (each game's result stored once with the scores sent, one submit audit entry
   per report and one result entry per game; must be 0).
3. ``public_burst`` (``bench.kingscup_public``): the room of phones (``bench.load_burst``, an
   open loop): 8,000 phones polling the live pairings every 30 s with their ETag (~270
   requests/s), then a burst of 8,000 first visits in 10 s (800/s: live pairings and standings)
   on top of the polling: p50/p99, errors, server CPU a request. Goal: p99 under 1 s, no errors.
   With ``--proxy`` the phones ask a caching nginx in front of the server instead.
4. ``check_in_everyone`` (``bench.kingscup_check_in``): check-in opened on every division, then
   every entrant pressing "I'm here" on their personal link over HTTP (``bench.load_check_ins``,
   the same clients at once): throughput, p50/p99, errors, everyone checked in; then closed.

Then the event is deleted. Bounded: loopback only, fixed sizes and seconds; options scale it
down (``--players``, ``--divisions``, ``--clients``, ``--seconds``).
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import time
import urllib.parse
from collections import Counter
from datetime import timedelta

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import close_old_connections
from django.db.models import Count, Max
from django.test.utils import override_settings
from django.utils import timezone

from core.models import AuditEntry
from tournaments.models import Division, Entry, Pairing, RestorePoint, Round, ScoreReport
from tournaments.services.pair_all import PAIRED, pair_all_divisions
from tournaments.services.restore_points import restore_point_take

from .kingscup_check_in import check_in_everyone
from .kingscup_event import build_event, division_sizes, remove_event
from .kingscup_public import POLL_SECONDS, public_burst
from .kingscup_tools import cpu_text, ms, run_jobs
from .load import HOST, _free_port, _start_server, _stop
from .load_http import wait_until_up

PLAYED = 10
PHASES = ("pair", "report", "public", "checkin")  # "report" reports the round "pair" pairs


def _phases(text: str) -> set[str]:
    chosen = {name.strip() for name in text.split(",") if name.strip()}
    if not chosen or not chosen <= set(PHASES):
        raise ValueError(f"phases are comma-separated names from {', '.join(PHASES)}")
    return chosen


def bench_kingscup(
    players: int = 8000,
    divisions: int = 40,
    clients: int = 200,
    seconds: float = POLL_SECONDS,
    workers: int | None = None,
    phases: str = ",".join(PHASES),
    proxy: bool = False,
) -> list[str]:
    """Printable figures of every phase (or of ``phases``, comma-separated names of
    ``PHASES``); see the module docstring."""
    division_sizes(players, divisions)  # sizes that cannot be made are refused before any write
    chosen = _phases(phases)
    began = time.perf_counter()
    event, director = build_event(players, divisions, PLAYED, seed=random.randrange(10**6))
    lines = [
        f"King's Cup: {players} players in {divisions} divisions, {PLAYED} rounds played "
        f"(built in {time.perf_counter() - began:.1f} s)",
    ]
    server = None
    try:
        if "pair" in chosen:
            lines += pair_every_division(event, director, PLAYED + 1)
        if {"report", "public", "checkin"} & chosen:
            port = _free_port()
            server = _start_server(port, workers)
            wait_until_up(f"http://{HOST}:{port}/healthz", server)
        if "report" in chosen and "pair" in chosen:
            lines += report_results(port, server.pid, event, PLAYED + 1, clients)
        if "public" in chosen:
            lines += public_burst(port, server.pid, event, players, seconds, proxy)
        if "checkin" in chosen:
            lines += check_in_everyone(port, server.pid, event, director, clients)
    finally:
        if server is not None:
            _stop(server)
        remove_event(event, director)
    return lines


def pair_every_division(event, director, round_number: int) -> list[str]:
    """Phase 1: one call of ``pair_all_divisions`` for the event (every ready division, then
    one restore point of the event). First, untimed, the restore point the last round's end
    left (the event built in bulk has none): the pairing's point holds the changes since."""
    close_old_connections()
    began = time.perf_counter()
    restore_point_take(
        by=director, tournament=event, reason=RestorePoint.Reason.ROUND_END,
        division_name="D01", round_number=round_number - 1,
    )  # fmt: skip
    whole = time.perf_counter() - began
    since = AuditEntry.objects.filter(tournament=event).aggregate(last=Max("pk"))["last"] or 0
    began, started_at, cpu = time.perf_counter(), timezone.now(), time.process_time()
    outcomes = pair_all_divisions(by=director, tournament=event)
    total, ended_at = time.perf_counter() - began, timezone.now()
    cpu = time.process_time() - cpu  # this process's CPU: what a loaded machine stretches least
    states = Counter(f"{o.state} (round {o.round})" for o in outcomes)
    lines = [
        f"1. pairing round {round_number} of every division (pair_all_divisions, one call): "
        f"{total:.2f} s in all (goal < 3 s), restore point included; CPU {cpu:.2f} s",
        f"   outcomes: {', '.join(f'{n} {state}' for state, n in sorted(states.items()))}",
        f"   restore points: the last round's end (whole event, before, not in the total) "
        f"{whole:.2f} s; the pairing's: {_point_text(event)}",
    ]
    lines += [
        f"   {o.division}: {o.state} {o.reason or o.missing or o.players or ''}".rstrip()
        for o in outcomes
        if o.state != PAIRED or o.round != round_number
    ]
    return lines + _pair_gaps(event, since, started_at, ended_at)


def _point_text(event) -> str:
    point = RestorePoint.objects.filter(tournament=event).order_by("-taken_at", "-id").first()
    if point is None:
        return "none"
    kind = f"changes since #{point.base_id}" if point.base_id else "whole event"
    return f"{kind}, {point.size // 1024} KB"


def _pair_gaps(event, since: int, started_at, ended_at) -> list[str]:
    """Per division, from the times of the ``round.pair`` audit entries (the service reports
    no timings): each gap since the previous one, and the rest after the last (the restore
    point)."""
    stamps = list(
        AuditEntry.objects.filter(tournament=event, action="round.pair", pk__gt=since)
        .order_by("pk")
        .values_list("at", "object_id")
    )
    if not stamps:
        return []
    names = dict(
        Round.objects.filter(pk__in=[int(pk) for _, pk in stamps]).values_list(
            "pk", "division__name"
        )
    )
    sizes = dict(
        Division.objects.filter(tournament=event)
        .annotate(size=Count("entries"))
        .values_list("name", "size")
    )
    gaps, previous = [], started_at
    for at, pk in stamps:
        gaps.append(((at - previous).total_seconds(), names[int(pk)]))
        previous = at
    slowest = max(gaps)
    return [
        f"   per division (gaps between their audit entries): median "
        f"{statistics.median(g for g, _ in gaps):.3f} s, slowest {slowest[0]:.3f} s "
        f"({slowest[1]}, {sizes[slowest[1]]} players); after the last division (the event's "
        f"restore point): {(ended_at - previous).total_seconds():.2f} s",
    ]


def _sessions(entries: list[Entry]) -> dict[int, str]:
    """A logged-in session for each entrant's account (bulk: no login pages, no hashing)."""
    store, keys, rows = SessionStore(), {}, []
    expires = timezone.now() + timedelta(days=1)
    backend = "django.contrib.auth.backends.ModelBackend"
    for entry in entries:
        user = entry.player.user
        key = "kingscup" + secrets.token_hex(16)
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: backend,
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        rows.append(Session(session_key=key, session_data=store.encode(data), expire_date=expires))
        keys[entry.pk] = key
    Session.objects.bulk_create(rows, batch_size=2000)
    return keys


def _report_jobs(event, round_number: int) -> tuple[list[dict], dict[int, tuple[int, int]]]:
    """Both players' reports of every game of the round, shuffled; the scores each game gets."""
    games = list(
        Pairing.objects.filter(
            round__division__tournament=event, round__number=round_number, kind="played"
        )
        .exclude(second=None)
        .select_related("round__division", "first__player__user", "second__player__user")
    )
    # Signed with the server's key (``bench.load._start_server``), as its login would sign them.
    key = os.environ.get("SECRET_KEY") or "bench-load-" + "x" * 40
    with override_settings(SECRET_KEY=key):
        sessions = _sessions([e for g in games for e in (g.first, g.second)])
    rng, jobs, sent = random.Random(round_number), [], {}
    for game in games:
        scores = (rng.randint(300, 500), rng.randint(300, 500))
        sent[game.pk] = scores
        body = urllib.parse.urlencode(
            {"pairing": game.pk, "first_score": scores[0], "second_score": scores[1]}
        )
        for entry in (game.first, game.second):
            path = f"/t/{event.slug}/{game.round.division.name}/player/{entry.number}/report/"
            jobs.append(
                {"path": path, "session": sessions[entry.pk], "body": body, "game": game.pk}
            )
    rng.shuffle(jobs)
    return jobs, sent


def report_results(port: int, group: int, event, round_number: int, clients: int) -> list[str]:
    """Phase 2: every game reported by both players through the self-report page over HTTP."""
    jobs, sent = _report_jobs(event, round_number)
    found, cpu = run_jobs("bench.load_reports", port, group, clients, jobs)
    close_old_connections()
    answered = {job["game"]: 0 for job in jobs}
    for job, status in zip(jobs, found["by_job"], strict=True):
        answered[job["game"]] += status == 302
    acknowledged = {pk: scores for pk, scores in sent.items() if answered[pk] == 2}
    lost, audit = _lost_updates(event, acknowledged), _audit_rows(event, sent)
    elapsed = found["elapsed"]
    return [
        f"2. self-reports: {len(jobs)} reports of {len(sent)} games from {clients} clients over "
        f"HTTP in {elapsed:.1f} s: {len(jobs) / elapsed:.1f} reports/s, "
        f"{len(sent) / elapsed:.1f} results/s",
        f"   {ms(found['latencies'])}, {found['errors']} errors {found['statuses']}, "
        f"server CPU {cpu_text(cpu, len(jobs))} a report",
        f"   lost updates: {lost} (games whose two reports were both answered: "
        f"{len(acknowledged)}/{len(sent)}, stored once with the scores sent: "
        f"{len(acknowledged) - lost}); audit rows: {audit}",
    ]


def _lost_updates(event, sent: dict[int, tuple[int, int]]) -> int:
    stored = dict(
        (pk, (first, second))
        for pk, first, second in Pairing.objects.filter(pk__in=sent).values_list(
            "pk", "first_score", "second_score"
        )
    )
    reports = ScoreReport.objects.filter(pairing__in=sent, status=ScoreReport.Status.CONFIRMED)
    confirmed = {}
    for pairing_id in reports.values_list("pairing_id", flat=True):
        confirmed[pairing_id] = confirmed.get(pairing_id, 0) + 1
    return sum(stored.get(pk) != scores or confirmed.get(pk) != 2 for pk, scores in sent.items())


def _audit_rows(event, sent) -> str:
    """The audit rows against what the database holds: one submit a stored report, one result
    entry a stored result (a request the server gave up on leaves neither)."""
    entries = AuditEntry.objects.filter(tournament=event)
    submits = entries.filter(action="score_report.submit").count()
    results = entries.filter(action="result.record", object_id__in=[str(pk) for pk in sent])
    counted = results.count()
    reports = ScoreReport.objects.filter(pairing__in=sent).count()
    stored = Pairing.objects.filter(pk__in=sent, first_score__isnull=False).count()
    verdict = "match" if (submits, counted) == (reports, stored) else "MISMATCH"
    return f"{submits} submits, {counted} results recorded ({verdict})"
