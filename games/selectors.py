"""Named reads for games: lists, and positions worked out by replaying a sheet."""

from dataclasses import dataclass

from django.db.models import QuerySet

from games.engine.gcg import write_gcg
from games.engine.gcg_io import record_from_game
from games.engine.scoresheet import SheetReplay, replay_sheet

from .broadcast.selectors import held_back_games
from .end_racks import given_racks
from .engine.board import Board, Placement
from .models import Game, Lexicon, Turn


def game_list(user) -> QuerySet[Game]:
    """The scoresheets ``user`` may see, newest first, but those an event's broadcast delay
    still holds back (their pages wait too)."""
    games = Game.objects.visible_to(user).recent()
    held = held_back_games()
    return games if held is None else games.exclude(held)


def game_turns(game: Game) -> list[Turn]:
    return list(game.turns.order_by("number"))


def game_gcg(game: Game, *, times: bool = False) -> str:
    """The scoresheet as GCG text, the same for the download and ``export_gcg``; ``times`` adds
    each move's seconds and saved moment as notes."""
    record = record_from_game(
        names=game.player_names,
        turns=game_turns(game),
        title=game.title,
        notes=game.notes,
        lexicon=game.lexicon.name if game.lexicon else "",
        times=times,
    )
    return write_gcg(record)


def word_lists() -> QuerySet[Lexicon]:
    """Word lists without their (large) words."""
    return Lexicon.objects.defer("word_list")


def sheet_replay(game: Game, until_line: int | None = None, entries=None) -> SheetReplay:
    """The engine's picture of the sheet (optionally after its first ``until_line`` lines;
    ``entries``: the game's entries when the caller has read them already).

    The stored sheet was accepted by the engine when it was written, so this does not fail
    unless the engine's rules changed since; then the caller sees ``SheetEntryRefused``.
    """
    return replay_sheet(
        game.rule_set(),
        game.player_names,
        game.entries() if entries is None else entries,
        forfeited_by=game.forfeited_by,
        until_line=until_line,
        end_racks=given_racks(game),
    )


@dataclass(frozen=True)
class Position:
    """The board after a number of sheet lines, with the tiles the last of them placed."""

    board: Board
    line: int
    lines: int
    placed: tuple[Placement, ...]
    unseen: str
    bag: int
    to_move: int
    totals: tuple[int, ...]
    # Whether the last play may still be challenged (never after the game ends otherwise).
    can_challenge: bool = False
    # Whether the sheet's last entry placed tiles (a challenge of it can be recorded or changed).
    last_is_play: bool = False


def position_after(game: Game, line: int | None = None) -> Position:
    """The position after ``line`` lines of the sheet (all of them when ``None``)."""
    total_lines = game.turns.count()
    line = total_lines if line is None else max(0, min(line, total_lines))
    entries = game.entries()
    replay = sheet_replay(game, until_line=line, entries=entries)
    upto = replay.lines[:line]
    placed = upto[-1].placed if upto else ()
    state = replay.state
    return Position(
        board=state.board,
        line=line,
        lines=total_lines,
        placed=placed,
        unseen=state.unplayed(),
        bag=max(state.bag_count, 0),
        to_move=state.to_move,
        totals=upto[-1].totals if upto else (0, 0),
        can_challenge=line == total_lines and state.can_challenge,
        last_is_play=bool(entries) and entries[-1].is_play,
    )
