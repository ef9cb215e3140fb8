"""A broadcast board as its viewers get it (the JSON of the feeds, the pages' first paint).

Worked out from the lines saved by the cut-off (now less the event's delay): the visible
entries are replayed on the engine, so the board, the scores, the unseen tiles and the move list
are those of that moment. Behind a delay the clock shows the seconds the visible turns took,
stopped; live, the table clock as it runs. Racks only behind a long enough delay.
"""

from __future__ import annotations

from games.board_svg import board_svg
from games.engine import clock as clock_engine
from games.engine.broadcast import (
    cutoff_ms,
    racks_shown,
    used_seconds,
    visible_entries,
)
from games.engine.scoresheet import NO_CHALLENGE, replay_sheet
from games.models import Game, Turn
from tournaments.results.formatting import fmt_record

from .selectors import BoardData


def _ms(moment) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def _visible(data: BoardData, cutoff: int) -> tuple[list, bool]:
    """The entries saved by ``cutoff``, and whether the whole sheet as it stands is visible."""
    rows = [turn for turn in data.turns if turn.is_entry]
    shown = visible_entries([_ms(turn.saved_at) for turn in rows], cutoff)
    whole = shown == len(rows) and (_ms(data.game.updated_at) or 0) <= cutoff
    return [turn.as_entry() for turn in rows[:shown]], whole


def board_json(data: BoardData, now: int) -> dict:
    """Everything a viewer sees of ``data`` at ``now`` (ms): see the module docstring."""
    game, delay = data.game, data.delay_minutes
    cutoff = cutoff_ms(now, delay)
    entries, whole = _visible(data, cutoff)
    racks = [rack or None for rack in game.end_racks or []] if whole else ()
    replay = replay_sheet(
        game.rule_set(),
        game.player_names,
        entries,
        forfeited_by=game.forfeited_by if whole else None,
        end_racks=racks,
    )
    moves = _moves(game, entries, replay, racks_shown(delay))
    state = replay.state
    placed = replay.lines[-1].placed if replay.lines else ()
    pairing = game.pairing
    return {
        "game": game.pk,
        "table": pairing.table,
        "round": pairing.round.number,
        "names": list(game.player_names),
        "ratings": list(data.ratings),
        "records": [fmt_record(*record) for record in data.records],
        "scores": list(replay.totals),
        "to_move": state.to_move,
        "over": replay.is_over,
        "ending": str(Game.Ending(replay.ending).label) if replay.ending else "",
        "last": _last(moves),
        "unseen": state.unplayed(),
        "unseen_count": len(state.unplayed()),
        "bag": max(state.bag_count, 0),
        "clock": _clock(data, replay.is_over, moves, delay, now),
        "moves": moves,
        "racks": racks_shown(delay),
        "delay": delay,
        "svg": str(board_svg(state.board, placed=placed, title=str(game))),
    }


def _moves(game: Game, entries: list, replay, racks: bool) -> list[dict]:
    names = game.player_names
    moves = []
    for number, line in enumerate(replay.lines, start=1):
        entry = entries[line.entry] if line.is_entry and line.entry is not None else None
        challenge = entry.challenge if entry is not None else NO_CHALLENGE
        moves.append(
            {
                "n": number,
                "side": line.player,
                "player": names[line.player],
                "move": _move_text(entry, line.kind, racks),
                "kind": line.kind,
                "label": str(Turn.Kind(line.kind).label),
                "score": line.score,
                "total": line.totals[line.player],
                "challenge": ""
                if challenge == NO_CHALLENGE
                else str(Turn.Challenge(challenge).label),
                "rack": (entry.rack if entry is not None else line.counted_rack) if racks else "",
                "seconds": entry.seconds if entry is not None else None,
            }
        )
    return moves


def _move_text(entry, kind: str, racks: bool) -> str:
    """The entry's move as a viewer sees it: an exchange's tiles only where racks are shown."""
    if entry is None or not entry.move:
        return ""
    tiles = entry.move[1:]
    if kind == "exchange" and not racks and not tiles.isdigit():
        return f"-{len(tiles)}"
    return entry.move


def _last(moves: list[dict]) -> dict | None:
    """The last move made at the table (an entry's own line), with its score."""
    for move in reversed(moves):
        if move["move"]:
            last = {k: move[k] for k in ("side", "player", "move", "label", "score", "challenge")}
            if move["kind"] not in ("play", "phony"):
                last["move"] = move["label"]  # Pass, Exchange: words, not a dash
            return last
    return None


def _clock(data: BoardData, over: bool, moves: list[dict], delay: int, now: int) -> dict:
    """Live: the table clock as of its last start or press (``at``, server ms; the page ticks
    the running side on from there). Delayed: the visible turns' seconds, stopped (the table
    clock of the past is not kept)."""
    rules = data.game.rule_set()
    game_ms = rules.game_clock_seconds * 1000 if rules.game_clock_seconds else None
    if delay == 0 and data.clock is not None and not over:
        state = data.clock.as_state()
        # Read at its last start or press: the same answer until the next one (one tag).
        since = state.since if state.running is not None and state.since else 0
        shown = clock_engine.reading(state, rules, since or now)
        used, running = list(shown.used), shown.running
    else:
        turns = [(move["side"], move["seconds"]) for move in moves]
        used, running, since = [s * 1000 for s in used_seconds(turns)], None, 0
    remaining = [game_ms - u for u in used] if game_ms is not None else None
    return {"running": running, "used": used, "remaining": remaining, "at": since}
