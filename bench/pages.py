"""`manage.py bench pages`: the pages a room of phones polls, and the scorecards PDF.

Builds a public 400-player, 31-round division with ``bulk_create`` inside a transaction that is
rolled back at the end, so the database is left as it was. Pages are fetched with Django's test
Client (server time only: no network, no browser), each page both built afresh (as after a
result comes in) and served from the shared copy the public pages keep per division stamp (as
for the rest of a room of phones); then the division snapshot's build, and each public page
rendered from the kept snapshot (targets: 100 ms and 10 ms). Targets: each page under 150 ms with the same
number of queries whatever the field size; scorecards for all 400 players under 5 s.
"""

from __future__ import annotations

import contextlib
import gc
import random
import statistics
import time
from datetime import timedelta

from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment
from django.urls import reverse
from django.utils import timezone

from players.models import Player
from printouts.scorecards import build_scorecards_pdf
from tournaments.models import Division, Entry, Pairing, Round, Tournament
from tournaments.public_cache.snapshots import cached_snapshot
from tournaments.selectors.snapshot import division_snapshot
from tournaments.selectors.stamps import public_division_stamp

PLAYERS = 400
ROUNDS = 31
RUNS = 7


def build_division(players: int = PLAYERS, rounds: int = ROUNDS, seed: int = 1) -> Division:
    """A public division with random pairings and scores; the last round half reported."""
    rng = random.Random(seed)
    event = Tournament.objects.create(name="Bench Open", slug=f"bench-open-{rng.randint(0, 10**9)}")
    division = Division.objects.create(tournament=event, name="A", rounds=rounds)
    people = Player.objects.bulk_create(Player(name=f"Bench Player {n}") for n in range(players))
    entries = Entry.objects.bulk_create(
        Entry(division=division, player=p, number=n, rating=rng.randint(600, 2100))
        for n, p in enumerate(people, start=1)
    )
    start = timezone.now() - timedelta(days=1)
    made = Round.objects.bulk_create(
        Round(division=division, number=r, paired_at=start + timedelta(minutes=30 * r))
        for r in range(1, rounds + 1)
    )
    pairings = []
    for rnd in made:
        order = entries[:]
        rng.shuffle(order)
        for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
            played = rnd.number < rounds or table % 2 == 0
            pairings.append(
                Pairing(
                    round=rnd,
                    table=table,
                    first=order[i],
                    second=order[i + 1],
                    first_score=rng.randint(250, 600) if played else None,
                    second_score=rng.randint(250, 600) if played else None,
                    reported_at=rnd.paired_at + timedelta(minutes=20) if played else None,
                )
            )
    Pairing.objects.bulk_create(pairings, batch_size=2000)
    return division


def _fetch_ms(client: Client, url: str, *, cold: bool) -> tuple[float, int]:
    if cold:
        cache.clear()  # as after a result comes in: the page is built again
    began = time.perf_counter()
    status = client.get(url).status_code
    return (time.perf_counter() - began) * 1000, status


def _time_page(client: Client, url: str) -> tuple[float, float, int, int]:
    """Median ms built afresh and served from the shared copy, queries of a fresh build, status."""
    cold = [_fetch_ms(client, url, cold=True) for _ in range(3)]
    warm = [_fetch_ms(client, url, cold=False) for _ in range(RUNS)]
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    status = cold[0][1]
    return (
        statistics.median(t for t, _ in cold),
        statistics.median(t for t, _ in warm),
        len(queries),
        status,
    )


def _snapshot_lines(client: Client, division: Division, pages: dict[str, str]) -> list[str]:
    """Build time of the division snapshot, and each page rendered from the kept snapshot."""
    cache.clear()
    stamp = public_division_stamp(division.tournament.slug, division.name)
    builds = []
    for _ in range(3):
        began = time.perf_counter()
        division_snapshot(division, stamp)
        builds.append((time.perf_counter() - began) * 1000)
    build = statistics.median(builds)
    lines = [f"  {'snapshot build':26} {build:8.1f} ms  {'ok' if build < 100 else 'SLOW'}"]
    cached_snapshot(division, stamp)
    for label, url in pages.items():
        if label == "pairings (by table)":
            continue  # a director's page: not built from the snapshot
        client.get(url)  # the stamp is kept from the second request on
        # A query string of its own gives each request a page copy not kept yet.
        timings = [_fetch_ms(client, f"{url}?bench={n}", cold=False)[0] for n in range(RUNS)]
        ms = statistics.median(timings)
        lines.append(
            f"  {label + ', from snapshot':26} {ms:8.1f} ms  {'ok' if ms < 10 else 'SLOW'}"
        )
    return lines


def bench_pages(players: int = PLAYERS, rounds: int = ROUNDS) -> list[str]:
    """Median server time and queries of the public pages, and the all-player scorecards PDF."""
    with contextlib.suppress(RuntimeError):  # already set up under pytest
        setup_test_environment()  # lets the test Client use the "testserver" host
    lines = [f"pages of a {players}-player, {rounds}-round division ({connection.vendor}):"]
    with transaction.atomic():
        division = build_division(players, rounds)
        gc.collect()
        gc.freeze()  # as config/wsgi.py does after start-up
        kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
        client = Client()
        pages = {
            "standings": reverse("tournaments:standings", kwargs=kwargs),
            "pairings (live, by name)": reverse("tournaments:public_pairings", kwargs=kwargs),
            "pairings (by table)": reverse("tournaments:division", kwargs=kwargs),
            "crosstable": reverse("tournaments:crosstable", kwargs=kwargs),
            "player page": reverse(
                "tournaments:public_player", kwargs=kwargs | {"player_number": 1}
            ),
            "statistics": reverse("tournaments:public_stats", kwargs=kwargs),
            "feed.json": reverse("tournaments:feed", kwargs=kwargs),
        }
        lines.append(f"  {'page':26} {'fresh':>8}    {'shared':>8}    queries")
        for label, url in pages.items():
            fresh, warm, queries, status = _time_page(client, url)
            verdict = "ok" if fresh < 150 and status == 200 else "SLOW" if status == 200 else status
            lines.append(f"  {label:26} {fresh:8.1f} ms {warm:8.1f} ms  {queries:3d}  {verdict}")
        lines += _snapshot_lines(client, division, pages)
        etag = client.get(pages["pairings (live, by name)"])["ETag"]
        timings = []
        for _ in range(RUNS):
            began = time.perf_counter()
            client.get(pages["pairings (live, by name)"], headers={"If-None-Match": etag})
            timings.append((time.perf_counter() - began) * 1000)
        lines.append(f"  {'pairings, 304 revalidation':26} {statistics.median(timings):8.1f} ms")
        began = time.perf_counter()
        data = build_scorecards_pdf(division)
        seconds = time.perf_counter() - began
        verdict = "ok" if seconds < 5 else "SLOW"
        lines.append(
            f"  scorecards PDF, {players} players {seconds:8.2f} s   {len(data) // 1024} KiB  {verdict}"
        )
        transaction.set_rollback(True)
    return lines
