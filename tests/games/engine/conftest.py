"""Shared helpers: lay fixture words on a board without the turn rules (to build positions)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.engine.board import Board, Placement
from games.engine.moves import parse_position


def lay_words(board: Board, *moves: str) -> Board:
    """Put each ``"8D TRAIN"`` word on empty squares of ``board`` (no legality checks, so a test
    can set up any position); ``.`` skips a square, lower case is a blank."""
    for move in moves:
        position, word = move.split()
        row, col, across = parse_position(position)
        dr, dc = (0, 1) if across else (1, 0)
        board.place(
            Placement(row + dr * i, col + dc * i, ch.upper(), ch.islower())
            for i, ch in enumerate(word)
            if ch != "."
        )
    return board


@pytest.fixture
def lay() -> Callable[..., Board]:
    """The ``lay_words`` helper as a fixture."""
    return lay_words
