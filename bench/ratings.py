"""`manage.py bench ratings`: rating an event and recomputing a list, core and database paths.

The synthetic events are written with bulk inserts inside one transaction that is rolled back
at the end, so the benchmark leaves the database as it found it. Only the rating services are
timed; building the fixture is reported separately.
"""

import random
import time

from django.db import transaction

from players.models import Player
from ratings.models import PlayerRating as PlayerRatingRow
from ratings.models import RatingEvent
from ratings.services import rating_list_create, rating_list_recompute, tournament_rate
from ratings.systems import EventGame, GameKind, PlayerRating, RatedEvent, rate_event, recompute
from ratings.systems.naspa import expected_score
from tournaments.models import Division, Entry, Pairing, Round, Tournament

from .timing import timed

EVENT_PLAYERS, EVENT_ROUNDS = 40, 10


def bench_ratings(players: int = 400, rounds: int = 31, games: int = 100_000) -> list[str]:
    """Printable figures: one big event rated, then a whole list of `games` games recomputed."""
    lines: list[str] = []
    with transaction.atomic():
        lines += _bench_event(players, rounds)
        lines += _bench_recompute(games)
        transaction.set_rollback(True)
    return lines


def _bench_event(players: int, rounds: int) -> list[str]:
    rng = random.Random(1)
    pool, setup = timed(lambda: _players(players, "E"))
    strength = {pk: rng.gauss(1400.0, 300.0) for pk in pool}
    games = synthetic_event(rng, pool, rounds, strength)
    (tournament,), stored = timed(lambda: _tournaments([games], rounds))
    national = rating_list_create(by=None, name="Bench event list")
    start = _seed(national, rng, pool, newcomer_share=0.05)
    _result, core_seconds = timed(lambda: rate_event(start, games, rounds=rounds))
    _events, seconds = timed(
        lambda: tournament_rate(by=None, tournament=tournament, rating_list=national)
    )
    played = sum(1 for game in games if game.kind is GameKind.PLAYED)
    return [
        f"rate one event: {players} players x {rounds} rounds, {played} games",
        f"  core {core_seconds:.3f} s, service with database {seconds:.3f} s (target < 1 s)",
        f"  fixture built in {setup + stored:.1f} s",
    ]


def _bench_recompute(games: int) -> list[str]:
    rng = random.Random(2)
    pool, setup = timed(lambda: _players(max(100, games // 50), "L"))
    strength = {pk: rng.gauss(1400.0, 300.0) for pk in pool}
    events, played = [], 0
    while played < games:
        field = rng.sample(pool, EVENT_PLAYERS)
        event_games = synthetic_event(rng, field, EVENT_ROUNDS, strength)
        events.append(event_games)
        played += len(event_games)
    tournaments, stored = timed(lambda: _tournaments(events, EVENT_ROUNDS))
    national = rating_list_create(by=None, name="Bench recompute list")
    start = _seed(national, rng, pool, newcomer_share=0.10)
    RatingEvent.objects.bulk_create(
        RatingEvent(
            rating_list=national,
            tournament=tournament,
            division=tournament.bench_division,
            order=order,
            rounds=EVENT_ROUNDS,
        )
        for order, tournament in enumerate(tournaments, start=1)
    )
    rated = [RatedEvent(tuple(e), rounds=EVENT_ROUNDS) for e in events]
    _final, core_seconds = timed(lambda: recompute(rated, initial=start))
    _rewritten, seconds = timed(lambda: rating_list_recompute(by=None, rating_list=national))
    return [
        f"recompute a list: {played} games in {len(events)} events, {len(pool)} players",
        f"  core {core_seconds:.2f} s, service with database {seconds:.2f} s (target < 30 s)",
        f"  fixture built in {setup + stored:.1f} s",
    ]


def synthetic_event(
    rng: random.Random, players: list[int], rounds: int, strength: dict[int, float]
) -> tuple[EventGame, ...]:
    """Random pairings each round, results drawn from the players' hidden strengths."""
    games = []
    for round_number in range(1, rounds + 1):
        order = players[:]
        rng.shuffle(order)
        if len(order) % 2:
            games.append(EventGame(round_number, order.pop(), None, 1.0, GameKind.BYE))
        for first, second in zip(order[::2], order[1::2], strict=True):
            chance = expected_score(strength[first], strength[second])
            draw = rng.random()
            result = 0.5 if draw > 0.99 else 1.0 if draw < chance * 0.99 else 0.0
            games.append(EventGame(round_number, first, second, result))
    return tuple(games)


def _seed(rating_list, rng: random.Random, pool: list[int], *, newcomer_share: float):
    """Give all but `newcomer_share` of the pool a starting rating; the same list for the core."""
    start = {}
    for pk in pool:
        if rng.random() >= newcomer_share:
            rating = float(round(min(2200.0, max(300.0, rng.gauss(1400.0, 300.0)))))
            start[pk] = PlayerRating(pk, rating, rng.randrange(0, 500))
    PlayerRatingRow.objects.bulk_create(
        (
            PlayerRatingRow(
                rating_list=rating_list,
                player_id=pk,
                rating=r.rating,
                games=r.career_games,
                initial_rating=r.rating,
                initial_games=r.career_games,
            )
            for pk, r in start.items()
        ),
        batch_size=2000,
    )
    return start


def _players(count: int, tag: str) -> list[int]:
    rows = Player.objects.bulk_create(
        Player(name=f"Bench {tag}{i}", sort_name=f"{tag}{i}, Bench") for i in range(count)
    )
    return [row.pk for row in rows]


def _tournaments(events: list[tuple[EventGame, ...]], rounds: int):
    """Store each event as a one-division tournament with its pairings (bulk inserts)."""
    stamp = time.time_ns()
    tournaments = Tournament.objects.bulk_create(
        Tournament(name=f"Bench {i}", slug=f"bench-{stamp}-{i}") for i in range(len(events))
    )
    divisions = Division.objects.bulk_create(
        Division(tournament=t, name="A", rounds=rounds) for t in tournaments
    )
    entries, round_rows = {}, {}
    for division, games in zip(divisions, events, strict=True):
        for number, player in enumerate(_field(games), start=1):
            entries[division.pk, player] = Entry(division=division, player_id=player, number=number)
        for number in range(1, rounds + 1):
            round_rows[division.pk, number] = Round(division=division, number=number)
    Entry.objects.bulk_create(entries.values(), batch_size=2000)
    Round.objects.bulk_create(round_rows.values(), batch_size=2000)
    pairings = [
        _pairing(round_rows[division.pk, game.round], entries, division.pk, game)
        for division, games in zip(divisions, events, strict=True)
        for game in games
    ]
    Pairing.objects.bulk_create(pairings, batch_size=2000)
    for tournament, division in zip(tournaments, divisions, strict=True):
        tournament.bench_division = division
    return tournaments


def _field(games) -> list[int]:
    seen: dict[int, None] = {}
    for game in games:
        seen.setdefault(game.player)
        if game.opponent is not None:
            seen.setdefault(game.opponent)
    return list(seen)


def _pairing(round_row, entries, division: int, game: EventGame):
    if game.opponent is None:
        return Pairing(round=round_row, first=entries[division, game.player], kind="bye")
    # Scores that give the recorded result: 400 for a win, 350 for a loss, 380 each for a tie.
    first, second = {1.0: (400, 350), 0.0: (350, 400), 0.5: (380, 380)}[game.result]
    return Pairing(
        round=round_row,
        first=entries[division, game.player],
        second=entries[division, game.opponent],
        first_score=first,
        second_score=second,
    )
