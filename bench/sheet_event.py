"""An event with full scoresheets, for the integrity desk's benchmark and tests.

``generate_event`` (``tournaments/pair_check``) writes TSH files only: scores, no sheets. This
builds an event in the database whose every game has a whole sheet: a random legal game of the
engine (``randomplay``), written by a referee's entries (``bench.records.sheet_entries``),
replayed under the NASPA rules and saved as the site saves any sheet (``turns_from_replay``),
each turn with its seconds and saved moment, the table clock stopped at the turns' time and the
pairing's result the sheet's. Every entrant is rated 1500, so no pattern of the desk is raised by
chance. ``bench.sheet_plants`` plants one anomaly of each kind into such an event.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model

from games.end_racks import end_racks_after
from games.engine.randomplay import play_random_game
from games.engine.rules import PRESETS
from games.engine.scoresheet import replay_sheet
from games.models import Game, GameClock, Turn
from games.services.games import turns_from_replay
from players.models import Player
from tournaments.models import Division, Entry, Pairing, Round, Tournament, TournamentRole

from .records import sheet_entries

RULES = "naspa"
START = datetime(2026, 5, 2, 9, 0, tzinfo=UTC)


@dataclass
class Sheet:
    """One game's sheet before it is saved: the game row, its lines and its clock."""

    game: Game
    turns: list[Turn]
    clock_ms: list[int]


@dataclass
class Table:
    """One pairing of the plan and its sheet (``None``: a result with no sheet)."""

    round: int
    first: Entry
    second: Entry
    first_score: int = 0
    second_score: int = 0
    sheet: Sheet | None = None
    pairing: Pairing | None = None


@dataclass
class SheetEvent:
    tournament: Tournament
    director: object
    division: Division
    entries: list[Entry]
    tables: list[Table] = field(default_factory=list)


def random_sheet(seed: int, first: Player, second: Player, round_start: datetime) -> Sheet:
    """A random game's whole sheet between ``first`` (who went first) and ``second``."""
    rules = PRESETS[RULES]
    _final, moves = play_random_game(seed, rules)
    entries = sheet_entries(moves)
    replay = replay_sheet(rules, (first.name, second.name), entries)
    moments, at = [], round_start
    for entry in entries:
        at += timedelta(seconds=(entry.seconds or 0) + 3)
        moments.append(at)
    game = Game(first_player=first, second_player=second, rules_preset=RULES)
    game.first_score, game.second_score = replay.totals
    game.ending, game.winner = replay.ending, replay.winner
    game.end_racks = end_racks_after(replay, [])
    turns = turns_from_replay(game, entries, replay, moments)
    # The clock: each turn's whole seconds plus a part of a second (the sheet rounds down).
    used = [0, 0]
    for turn in turns:
        if turn.is_entry and turn.seconds is not None:
            used[turn.player] += turn.seconds * 1000 + 400
    return Sheet(game, turns, used)


def plan_event(players: int, rounds: int, seed: int, *, pool: int = 0) -> SheetEvent:
    """The event's rows (saved) and its tables with sheets (not yet saved); ``pool`` > 0 reuses
    that many random games round the tables (a large event's setup in seconds, not minutes)."""
    rng = random.Random(seed)
    tag = rng.randrange(10**9)
    event = Tournament.objects.create(name=f"Sheets {tag}", slug=f"sheets-{tag}")
    director = get_user_model().objects.create_user(f"sheets-director-{tag}")
    TournamentRole.objects.create(tournament=event, user=director, role="director")
    division = Division.objects.create(
        tournament=event, name="A", rounds=rounds, rules_preset=RULES
    )
    people = Player.objects.bulk_create(Player(name=f"Sheet Player {n}") for n in range(players))
    entries = Entry.objects.bulk_create(
        Entry(division=division, player=p, number=n, rating=1500)
        for n, p in enumerate(people, start=1)
    )
    found = SheetEvent(event, director, division, entries)
    for number in range(1, rounds + 1):
        order = entries[:]
        rng.shuffle(order)
        start = START + timedelta(hours=number)
        for i in range(0, len(order), 2):
            seed_of = rng.randrange(pool) if pool else rng.randrange(10**9)
            table = Table(number, order[i], order[i + 1])
            table.sheet = random_sheet(seed_of, order[i].player, order[i + 1].player, start)
            found.tables.append(table)
    for table in found.tables:
        table.first_score, table.second_score = table.sheet.game.scores
    return found


def save_event(event: SheetEvent) -> SheetEvent:
    """Write the planned rounds, pairings, sheets and clocks (``bulk_create``)."""
    numbers = sorted({t.round for t in event.tables})
    rounds = {
        r.number: r
        for r in Round.objects.bulk_create(
            Round(division=event.division, number=n, system="swiss", paired_at=START)
            for n in numbers
        )
    }
    tables_of: dict[int, int] = {}
    for table in event.tables:
        tables_of[table.round] = tables_of.get(table.round, 0) + 1
        table.pairing = Pairing(
            round=rounds[table.round],
            table=tables_of[table.round],
            first=table.first,
            second=table.second,
            first_score=table.first_score,
            second_score=table.second_score,
            reported_at=START,
        )
    Pairing.objects.bulk_create([t.pairing for t in event.tables], batch_size=2000)
    sheets = [t for t in event.tables if t.sheet is not None]
    for table in sheets:
        table.sheet.game.pairing = table.pairing
    Game.objects.bulk_create([t.sheet.game for t in sheets], batch_size=2000)
    turns, clocks = [], []
    for table in sheets:
        game = table.sheet.game
        for turn in table.sheet.turns:
            turn.game = game
        turns.extend(table.sheet.turns)
        first, second = table.sheet.clock_ms
        clocks.append(GameClock(game=game, first_used_ms=first, second_used_ms=second))
    Turn.objects.bulk_create(turns, batch_size=5000)
    GameClock.objects.bulk_create(clocks, batch_size=2000)
    return event


def build_sheet_event(players: int = 16, rounds: int = 4, seed: int = 1, pool: int = 0):
    """A whole event with full sheets and no anomaly (see the module)."""
    return save_event(plan_event(players, rounds, seed, pool=pool))
