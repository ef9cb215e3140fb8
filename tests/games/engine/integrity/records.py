"""Small GCG records for the integrity checks, scored by the engine so that only what a test
changes on purpose is wrong."""

from __future__ import annotations

from dataclasses import replace

from games.engine.board import Board
from games.engine.gcg import EventKind, GcgEvent, GcgGame, GcgPlayer
from games.engine.integrity.flags import Flag
from games.engine.integrity.sheets import GameSheet, sheet_flags
from games.engine.moves import Play, parse_position
from games.engine.rules import RuleSet
from games.engine.scoring import apply_play, score_play

PLAYERS = (GcgPlayer("p1", "Ann"), GcgPlayer("p2", "Ben"))


def record(*moves: tuple[str, str], off: dict[int, int] | None = None) -> GcgGame:
    """Plays ``(rack, "8D WORD")`` taken in turn by p1 and p2, scored on the board; ``off``:
    points added to the score of the play at that index (the totals follow it, as a slip would)."""
    board, totals, events = Board(), [0, 0], []
    for index, (rack, move) in enumerate(moves):
        position, word = move.split()
        row, col, across = parse_position(position)
        scored = score_play(board, Play(row, col, across, word))
        apply_play(board, scored)
        player = index % 2
        score = scored.score + (off or {}).get(index, 0)
        totals[player] += score
        events.append(
            GcgEvent(
                EventKind.PLAY,
                player,
                score,
                totals[player],
                rack=rack,
                position=position,
                word=word,
                line=index + 3,
            )
        )
    return GcgGame(players=PLAYERS, events=tuple(events))


def flags_of(game: GcgGame) -> list[Flag]:
    """The flags of a sheet whose lines are the record's (a file's lines, as an import keeps)."""
    names = (game.players[0].name, game.players[1].name)
    return sheet_flags(GameSheet(None, RuleSet(), game.events, names))


def codes(game: GcgGame) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in flags_of(game)]


def with_event(game: GcgGame, index: int, **changes) -> GcgGame:
    events = list(game.events)
    events[index] = replace(events[index], **changes)
    return replace(game, events=tuple(events))
