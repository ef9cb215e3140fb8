"""A small reader of TSH's ``tourney.js`` that follows the liwords rules of FORMATS.md (a).

Written for the tests from the spec, not from our writer: the envelope, the ``undefined`` rule,
the type checks (a player with a wrong type is dropped, a bad division rejects the feed), the
standings, the current round and the game list of a round; plus ``misreads``, the silent
mis-reads the spec lists, which a file we write must never contain.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

TRAILING = set(" \t\r\n;")


class Rejected(ValueError):
    """The whole feed is refused."""


@dataclass
class Player:
    id: int
    name: str
    rating: int
    pairings: list[int]
    scores: list[int]
    board: list[int]
    p12: list[int]


@dataclass
class Division:
    name: str
    maxr: int
    players: list[Player]

    @property
    def rounds(self) -> int:
        return max([self.maxr + 1, *(len(p.pairings) for p in self.players)])

    def by_id(self, player_id: int) -> Player:
        return next(p for p in self.players if p.id == player_id)


def read_feed(text: str) -> list[Division]:
    text = text.lstrip("\ufeff")
    start = text.find("newt=")
    body = text[start + len("newt=") :] if start >= 0 else text
    body = body.replace("undefined", "null")
    try:
        data, end = json.JSONDecoder().raw_decode(body.lstrip())
    except json.JSONDecodeError as err:
        raise Rejected(f"invalid JSON: {err}") from None
    rest = body.lstrip()[end:]
    if not set(rest) <= TRAILING:
        raise Rejected(f"text after the object: {rest[:20]!r}")
    divisions = data.get("divisions") if isinstance(data, dict) else None
    if not isinstance(divisions, list) or not divisions:
        raise Rejected("no divisions")
    return [_division(d) for d in divisions]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value) -> list[int] | None:
    if not isinstance(value, list):
        return None
    if not all(v is None or _is_int(v) for v in value):
        return None
    return [0 if v is None else v for v in value]


def _division(data) -> Division:
    name = data.get("name")
    if isinstance(name, bool) or not isinstance(name, str | int | float):
        raise Rejected("division name")
    if not _is_int(data.get("maxr")) or not isinstance(data.get("players"), list):
        raise Rejected("maxr or players")
    players = [p for p in map(_player, data["players"]) if p is not None]
    return Division(str(name), data["maxr"], players)


def _player(data) -> Player | None:
    if not isinstance(data, dict):
        return None
    etc = data.get("etc") if isinstance(data.get("etc"), dict) else {}
    values = {
        "pairings": _ints(data.get("pairings")),
        "scores": _ints(data.get("scores")),
        "board": _ints(etc.get("board", [])),
        "p12": _ints(etc.get("p12", [])),
    }
    name = data.get("name")
    if not _is_int(data.get("id")) or not data["id"] or not _is_int(data.get("rating")):
        return None
    if isinstance(name, bool) or not isinstance(name, str | int | float):
        return None
    if any(v is None for v in values.values()):
        return None
    return Player(data["id"], str(name), data["rating"], **values)


def standings(division: Division) -> list[tuple[str, float, int]]:
    """(name, wins, spread) best first: wins, then spread, ties in file order."""
    rows = []
    for player in division.players:
        wins, spread = 0.0, 0
        for r, score in enumerate(player.scores):
            opponent = player.pairings[r] if r < len(player.pairings) else 0
            if opponent == 0:
                if score == 0:
                    continue
                wins += 1 if score >= 0 else 0
                spread += score
                continue
            against = division.by_id(opponent).scores[r]
            spread += score - against
            wins += 1 if score > against else 0.5 if score == against else 0
        rows.append((player.name, wins, spread))
    return sorted(rows, key=lambda row: (-row[1], -row[2]))


def _opponent(player: Player, r: int) -> int:
    return player.pairings[r] if r < len(player.pairings) else 0


def _score(player: Player, r: int) -> int:
    return player.scores[r] if r < len(player.scores) else 0


def current_round(division: Division) -> int:
    """1-based: the last round with a non-zero score of a paired player, plus one when that
    round is complete and the next has a pairing; 0 when nothing is scored."""
    last = 0
    for r in range(division.rounds):
        paired = [p for p in division.players if _opponent(p, r)]
        if any(_score(p, r) for p in paired):
            last = r + 1
    if not last:
        return 0
    r = last - 1
    complete = all(
        _score(p, r) or _score(division.by_id(_opponent(p, r)), r)
        for p in division.players
        if _opponent(p, r)
    )
    if complete and any(_opponent(p, last) for p in division.players):
        return last + 1
    return last


def games(division: Division, number: int) -> list[tuple[int, str, str, bool]]:
    """Round ``number`` (1-based) as the live view lists it: (table, first, second, finalized)."""
    r = number - 1
    kept: dict[int, tuple[int, str, str, bool]] = {}
    for player in division.players:
        opponent = _opponent(player, r)
        board = player.board[r] if r < len(player.board) else 0
        if not opponent or not board or board in kept:
            continue
        other = division.by_id(opponent)
        second_is_me = r < len(player.p12) and player.p12[r] == 2
        first, second = (other, player) if second_is_me else (player, other)
        done = bool(_score(player, r) or _score(other, r))
        kept[board] = (board, first.name, second.name, done)
    return [kept[b] for b in sorted(kept)]


def misreads(division: Division) -> list[str]:
    """The silent mis-reads of FORMATS.md a file must not contain."""
    found = []
    names = [p.name for p in division.players]
    if len(set(names)) != len(names):
        found.append("duplicate names")
    for player in division.players:
        for r, opponent in enumerate(player.pairings):
            if not opponent:
                continue
            other = division.by_id(opponent)
            if _opponent(other, r) != player.id:
                found.append(f"round {r + 1}: {player.id} v {opponent} not mirrored")
            board = player.board[r] if r < len(player.board) else 0
            other_board = other.board[r] if r < len(other.board) else 0
            if not board or board != other_board:
                found.append(f"round {r + 1}: {player.id} board {board} v {other_board}")
            if r < len(player.scores) and r >= len(other.scores):
                found.append(f"round {r + 1}: {player.id} scored, {opponent} not")
            if r < len(player.scores) and player.scores[r] == 0 == _score(other, r):
                found.append(f"round {r + 1}: {player.id} 0 for an unplayed game")
    for r in range(division.rounds):
        tables: dict[int, set] = {}
        for player in division.players:
            opponent = _opponent(player, r)
            board = player.board[r] if r < len(player.board) else 0
            if opponent and board:
                tables.setdefault(board, set()).add(frozenset((player.id, opponent)))
        found += [f"round {r + 1}: two games on table {t}" for t, g in tables.items() if len(g) > 1]
    return found
