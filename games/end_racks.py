"""The tiles left on the racks of a finished scoresheet, as the game keeps them
(``Game.end_racks``, the writes: ``services.end_racks``).

``end_racks`` is empty while the game goes on or when its end needed no rack it did not know;
otherwise one item per side: ``None`` for a rack awaited (the game is over, its result is not),
the tiles given for it once given, ``""`` for a side whose rack the sheet knew.
"""

from __future__ import annotations

from .models import Game


def racks_as_kept(value) -> bool:
    """Whether ``value`` is ``end_racks`` as a game keeps it: empty, or one item a side, each
    the tiles (text) or ``None``."""
    return (
        isinstance(value, list)
        and len(value) in (0, 2)
        and all(rack is None or isinstance(rack, str) for rack in value)
    )


def awaiting_racks(game: Game) -> list[int]:
    """The sides whose tiles left are awaited before the game's result is final."""
    return game.awaited_sides


def given_racks(game: Game) -> list[str | None]:
    """The tiles given for each side (``None`` where none were given), for the replay."""
    return [rack or None for rack in game.end_racks or []]


def end_racks_after(replay, kept: list) -> list:
    """``end_racks`` after a replay: each awaited side ``None``, the racks given ``kept``,
    nothing while the game goes on."""
    if replay.awaiting_racks:
        return [None if side in replay.awaiting_racks else "" for side in (0, 1)]
    return list(kept) if replay.is_over else []
