"""GCG records of the engine's random games, for the replay benchmark (and the GCG property tests).

Each game comes from the engine's one random-game generator and is written out the way the site
writes any scoresheet: its turns become sheet entries, the sheet is replayed under the rules and
its lines are exported as GCG. A record is therefore exactly what downloading that sheet gives.
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.gcg import GcgGame
from games.engine.gcg_io import record_from_game
from games.engine.randomplay import GameRecord, play_random_game
from games.engine.rules import RuleSet
from games.engine.scoresheet import CHALLENGED_VALID, PHONY_WITHDRAWN, SheetEntry, replay_sheet
from games.engine.state import (
    ChallengeSuccessful,
    ChallengeUnsuccessful,
    ExchangeTurn,
    PassTurn,
    PlayTurn,
)
from games.models import Game
from games.services.games import turns_from_replay

NAMES = ("First Player", "Second Player")


def random_record(seed: int, rules: RuleSet | None = None) -> GcgGame:
    """The GCG record of random game ``seed`` (two players, standard rules when not given)."""
    rules = rules or RuleSet()
    _final, moves = play_random_game(seed, rules)
    entries = sheet_entries(moves)
    sheet = replay_sheet(rules, NAMES, entries)
    turns = turns_from_replay(Game(), entries, sheet)
    return record_from_game(names=NAMES, turns=turns, title="Random record")


def sheet_entries(moves: GameRecord) -> list[SheetEntry]:
    """What a referee would write for the game: a line per turn, challenges marked on the play."""
    entries: list[SheetEntry] = []
    for event, _outcome in moves:
        if isinstance(event, ChallengeSuccessful):
            entries[-1] = replace(entries[-1], challenge=PHONY_WITHDRAWN)
        elif isinstance(event, ChallengeUnsuccessful):
            entries[-1] = replace(entries[-1], challenge=CHALLENGED_VALID)
        else:
            entries.append(SheetEntry(_move_text(event), event.rack or "", event.seconds))
    return entries


def _move_text(event: PlayTurn | ExchangeTurn | PassTurn) -> str:
    if isinstance(event, PlayTurn):
        return str(event.play)
    if isinstance(event, ExchangeTurn):
        return f"-{event.tiles}"
    return "-"
