"""`manage.py bench integrity [--players N]`: the integrity desk's flags of a large event with
full scoresheets.

The event (``bench.sheet_event``: 7 rounds, every game a whole random sheet with its clock, 200
random games reused round the tables so that the setup takes seconds) is built in the database,
not timed; then every flag of it is computed as the page and ``manage.py integrity`` do
(``games.integrity.selectors.event_flags``: the reads and the checks) and timed, first with
every sheet checked, then again with each unchanged sheet's flags kept in the cache; the
process's CPU seconds are printed beside the wall-clock ones (the machine may be shared); the
event is deleted at the end.
"""

from __future__ import annotations

import time

from django.contrib.auth import get_user_model
from django.core.cache import cache

from games.integrity.selectors import event_flags
from games.models import Game
from players.models import Player
from tournaments.models import Pairing

from .sheet_event import build_sheet_event
from .timing import timed

ROUNDS = 7
POOL = 200


def bench_integrity(players: int = 400) -> list[str]:
    """Printable figures: sheets, lines and flags of the event, and the seconds they took, the
    first time (every sheet checked) and again (each unchanged sheet's flags kept)."""
    if players % 2 or players < 2:
        raise ValueError("players must be an even number")
    event, built = timed(lambda: build_sheet_event(players, ROUNDS, seed=1, pool=POOL))
    try:
        cache.delete(f"integrity:sheets:{event.tournament.pk}")
        (flags, checked), cold, cold_cpu = _run(event)
        _again, warm, warm_cpu = _run(event)
        lines = sum(len(t.sheet.turns) for t in event.tables if t.sheet is not None)
    finally:
        _remove(event)
    return [
        f"integrity: {players} players, {ROUNDS} rounds, {checked} scoresheets "
        f"({lines:,} lines) built in {built:.1f} s",
        f"integrity: every flag computed in {cold:.2f} s ({cold_cpu:.2f} s of CPU), "
        f"{len(flags)} flags; goal: under 5 s",
        f"integrity: again, unchanged sheets kept: {warm:.2f} s ({warm_cpu:.2f} s of CPU)",
    ]


def _run(event):
    """The flags, wall seconds and CPU seconds (this process; on a busy machine they differ)."""
    started = time.process_time()
    found, seconds = timed(lambda: event_flags(event.tournament))
    return found, seconds, time.process_time() - started


def _remove(event) -> None:
    tournament = event.tournament
    people = [e.player_id for e in event.entries]
    Game.objects.filter(pairing__round__division__tournament=tournament).delete()  # + lines
    Pairing.objects.filter(round__division__tournament=tournament).delete()
    tournament.delete()
    Player.objects.filter(pk__in=people).delete()
    get_user_model().objects.filter(pk=event.director.pk).delete()
