"""The throwaway King's Cup-sized event of `bench kingscup`: built with ``bulk_create``, removed
at the end.

``build_event`` writes a public, self-reporting event of ``players`` entrants in ``divisions``
divisions of varied sizes (8 to 1,000, even, summing to ``players``), each under one of the rules
presets in turn, with ``played`` rounds paired at random and fully reported, every entrant
registered (not checked in) and linked to a site account of their own, so they can report their
scores from their phone. ``remove_event`` deletes all of it, and the restore points' files.
"""

from __future__ import annotations

import math
import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from core.models import AuditEntry
from games.engine.rules import PRESETS
from players.models import Player
from tournaments.models import (
    Division,
    Entry,
    Pairing,
    RestorePoint,
    Round,
    ScoreReport,
    Tournament,
    TournamentRole,
)
from tournaments.services.restore_points import delete_files

SMALLEST, LARGEST = 8, 1000


def division_sizes(players: int, divisions: int, seed: int = 1) -> list[int]:
    """``divisions`` even sizes from 8 to 1,000 (spread on a log scale) summing to ``players``."""
    if players % 2 or not SMALLEST * divisions <= players <= LARGEST * divisions:
        raise ValueError(
            f"players must be even and from {SMALLEST} to {LARGEST} a division "
            f"({SMALLEST * divisions}..{LARGEST * divisions} for {divisions} divisions)"
        )
    rng = random.Random(seed)
    low, high = math.log(SMALLEST), math.log(LARGEST)
    weights = [math.exp(low + (high - low) * n / max(divisions - 1, 1)) for n in range(divisions)]
    rng.shuffle(weights)
    scale = players / sum(weights)
    sizes = [min(LARGEST, max(SMALLEST, 2 * round(w * scale / 2))) for w in weights]
    order = sorted(range(divisions), key=lambda n: -sizes[n])
    step = 0
    while (gap := players - sum(sizes)) != 0:
        n = order[step % divisions]
        change = 2 if gap > 0 else -2
        if SMALLEST <= sizes[n] + change <= LARGEST:
            sizes[n] += change
        step += 1
    return sizes


def build_event(players: int, divisions: int, played: int, seed: int = 1):
    """The event (see the module) and its director; returns ``(tournament, director)``."""
    sizes = division_sizes(players, divisions, seed)
    rng = random.Random(seed)
    tag = rng.randrange(10**9)
    event = Tournament.objects.create(
        name="Bench King's Cup", slug=f"bench-kings-cup-{tag}", self_reporting=True
    )
    director = get_user_model().objects.create_user(f"kingscup-director-{tag}")
    TournamentRole.objects.create(tournament=event, user=director, role="director")
    presets = sorted(PRESETS)
    made = Division.objects.bulk_create(
        Division(
            tournament=event,
            name=f"D{n + 1:02d}",
            rounds=played + 2,
            rules_preset=presets[n % len(presets)],
        )
        for n in range(divisions)
    )
    entries = _entrants(tag, players, rng)
    start = 0
    for division, size in zip(made, sizes, strict=True):
        for number, entry in enumerate(entries[start : start + size], start=1):
            entry.division, entry.number = division, number
        start += size
    Entry.objects.bulk_create(entries, batch_size=2000)
    for division in made:
        mine = [e for e in entries if e.division_id == division.pk]
        _play(division, mine, played, rng)
    return event, director


def _entrants(tag: int, players: int, rng: random.Random) -> list[Entry]:
    unusable = make_password(None)
    users = get_user_model().objects.bulk_create(
        (get_user_model()(username=f"kc-{tag}-{n}", password=unusable) for n in range(players)),
        batch_size=2000,
    )
    people = Player.objects.bulk_create(
        (Player(name=f"Cup Player {n}", user=u) for n, u in enumerate(users)), batch_size=2000
    )
    return [
        Entry(player=p, rating=rng.randint(400, 2100), status=Entry.Status.REGISTERED)
        for p in people
    ]


def _play(division: Division, entries: list[Entry], played: int, rng: random.Random) -> None:
    start = timezone.now() - timedelta(hours=played)
    rounds = Round.objects.bulk_create(
        Round(division=division, number=r, system="swiss", paired_at=start + timedelta(hours=r))
        for r in range(1, played + 1)
    )
    pairings = []
    for rnd in rounds:
        order = entries[:]
        rng.shuffle(order)
        for table, i in enumerate(range(0, len(order), 2), start=1):
            pairings.append(
                Pairing(
                    round=rnd,
                    table=table,
                    first=order[i],
                    second=order[i + 1],
                    first_score=rng.randint(250, 600),
                    second_score=rng.randint(250, 600),
                    reported_at=rnd.paired_at + timedelta(minutes=40),
                )
            )
    Pairing.objects.bulk_create(pairings, batch_size=5000)


def remove_event(event: Tournament, director) -> None:
    """Delete the event, its people and accounts, their sessions and the restore points' files."""
    from django.contrib.sessions.models import Session

    users = list(
        Player.objects.filter(entries__division__tournament=event).values_list("user_id", flat=True)
    )
    people = list(
        Entry.objects.filter(division__tournament=event).values_list("player_id", flat=True)
    )
    points = RestorePoint.objects.filter(tournament=event)
    delete_files(list(points.values_list("file_name", flat=True)))
    points.delete()
    AuditEntry.objects.filter(tournament=event).delete()
    ScoreReport.objects.filter(pairing__round__division__tournament=event).delete()
    Pairing.objects.filter(round__division__tournament=event).delete()
    event.delete()
    Player.objects.filter(pk__in=people).delete()
    Session.objects.filter(session_key__startswith="kingscup").delete()
    get_user_model().objects.filter(pk__in=[*users, director.pk]).delete()
