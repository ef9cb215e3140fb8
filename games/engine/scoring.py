"""Checking a play against the board and scoring it: main word, cross-words, premiums, bingo."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from . import messages as msg
from .board import CENTRE, Board, Placement, on_board, square_name
from .messages import IllegalMove
from .moves import Play
from .tiles import sort_tiles, tile_value

__all__ = ["IllegalMove", "Placement", "ScoredPlay", "apply_play", "score_play"]


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    """A legal play with its score: every word formed (upper case), the new tiles, bingo flag."""

    score: int
    main_word: str
    words: tuple[str, ...]
    placed: tuple[Placement, ...]
    bingo: bool
    word_scores: tuple[int, ...] = ()
    play: Play | None = None

    @property
    def tiles_used(self) -> str:
        """The rack tiles the play uses (blanks as ``?``)."""
        return "".join(p.tile for p in self.placed)


def score_play(
    board: Board,
    play: Play,
    *,
    rack: str | None = None,
    rack_size: int = 7,
    bingo_bonus: int = 50,
    bingo_min_tiles: int = 7,
    tiles_on_rack: int | None = None,
) -> ScoredPlay:
    """Check ``play`` on ``board`` and score it, without changing the board.

    Raises ``IllegalMove`` (one message per kind of fault) when the play breaks the placement
    rules or, when ``rack`` is given, needs tiles the rack does not hold. Words are not judged
    here: that is the dictionary's and the challenge's business.

    Bingo: ``bingo_min_tiles`` or more new tiles, whatever the rack held. With a standard rack
    (``bingo_min_tiles == rack_size``) emptying a short rack at the end is never a bingo, since
    it holds fewer tiles; with 9-tile racks (bingo from 7) playing all 7 or 8 tiles of a short
    rack earns the bonus exactly as playing 7 of a full rack does (docs/RULES.md, 9-tile racks).
    ``rack_size`` and ``tiles_on_rack`` (the rack length when only that is known) are kept for
    callers that pass them; the bonus no longer depends on them.
    """
    placed = _placements(board, play)
    _check_shape(board, play, placed)
    if rack is not None:
        missing = Counter(p.tile for p in placed) - Counter(rack)
        if missing:
            raise IllegalMove(
                msg.MISSING_FROM_RACK, rack=rack, tiles=sort_tiles("".join(missing.elements()))
            )
    new = {(p.row, p.col): p for p in placed}
    main = _word_at(board, new, play.row, play.col, play.across)
    words, scores = [main[0]], [main[1]]
    for p in placed:
        cross = _word_at(board, new, p.row, p.col, not play.across)
        if len(cross[0]) >= 2:
            words.append(cross[0])
            scores.append(cross[1])
    bingo = len(placed) >= bingo_min_tiles
    return ScoredPlay(
        score=sum(scores) + (bingo_bonus if bingo else 0),
        main_word=main[0],
        words=tuple(words),
        placed=tuple(placed),
        bingo=bingo,
        word_scores=tuple(scores),
        play=play,
    )


def apply_play(board: Board, scored: ScoredPlay) -> None:
    """Put a scored play's new tiles on the board."""
    board.place(scored.placed)


def _placements(board: Board, play: Play) -> list[Placement]:
    """The new tiles a play lays, refusing squares off the board, gaps and clashing letters."""
    placed = []
    for (row, col), char in zip(play.squares(), play.word, strict=True):
        if not on_board(row, col):
            raise IllegalMove(msg.OFF_BOARD, square=square_name(row, col))
        existing = board.get(row, col)
        if existing is None:
            if char == ".":
                raise IllegalMove(msg.GAP_IN_PLAY, square=square_name(row, col))
            placed.append(Placement(row, col, char.upper(), char.islower()))
        elif char != "." and char.upper() != existing.upper():
            raise IllegalMove(
                msg.SQUARE_TAKEN, square=square_name(row, col), board_letter=existing, letter=char
            )
    if not placed:
        raise IllegalMove(msg.NO_NEW_TILE)
    return placed


def _check_shape(board: Board, play: Play, placed: Sequence[Placement]) -> None:
    """First-play, full-word, touching and word-length rules."""
    squares = play.squares()
    if board.is_empty():
        if CENTRE not in squares:
            raise IllegalMove(msg.FIRST_PLAY_OFF_CENTRE, square=square_name(*CENTRE))
        if len(placed) < 2:
            raise IllegalMove(msg.FIRST_PLAY_ONE_TILE)
    dr, dc = (0, 1) if play.across else (1, 0)
    for row, col in ((play.row - dr, play.col - dc), (squares[-1][0] + dr, squares[-1][1] + dc)):
        if board.get(row, col) is not None:
            raise IllegalMove(msg.WORD_NOT_FULL, square=square_name(row, col))
    if not board.is_empty() and not _touches(board, play, placed):
        raise IllegalMove(msg.NOT_TOUCHING)
    if len(play.word) < 2:
        raise IllegalMove(msg.WORD_TOO_SHORT, word=play.word.upper())


def _touches(board: Board, play: Play, placed: Sequence[Placement]) -> bool:
    """Whether the play goes through or lies next to a tile already on the board."""
    if len(placed) < len(play.word):
        return True
    return any(
        board.get(p.row + dr, p.col + dc) is not None
        for p in placed
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
    )


def _word_at(
    board: Board, new: dict[tuple[int, int], Placement], row: int, col: int, across: bool
) -> tuple[str, int]:
    """The word through ``(row, col)`` in one direction with its score for this turn."""
    dr, dc = (0, 1) if across else (1, 0)

    def letter(r: int, c: int) -> str | None:
        tile = new.get((r, c))
        return tile.board_letter if tile else board.get(r, c)

    while letter(row - dr, col - dc) is not None:
        row, col = row - dr, col - dc
    word, total, multiplier = [], 0, 1
    while (ch := letter(row, col)) is not None:
        value = tile_value(ch)
        if (row, col) in new:
            # Premiums count only on the turn a tile is first placed on them.
            premium = board.premium(row, col)
            value *= premium.letter_multiplier
            multiplier *= premium.word_multiplier
        word.append(ch.upper())
        total += value
        row, col = row + dr, col + dc
    return "".join(word), total * multiplier
