"""TSH's ``tourney.js``: ``newt=`` and one JSON object, as the liwords broadcast reader takes it.

Written (FORMATS.md (a)): ``newt=`` with no space, compact JSON, ``;`` and a newline. Every
division in the given order; each player ``id`` (the line number), ``name``, ``rating``,
``pairings`` (an opponent per round, 0 for none), ``scores`` and ``etc`` with ``board`` and
``p12``. Each round is the player's record (``tournaments.results.records``) written so a reader
following liwords' rules counts what the site counts:

- a played game: the opponent and the own score; ``scores`` stops at the player's first game
  still waiting for its scores (never a 0 for it), and every player's at the division's first
  round with a result still missing: a score is placed by its round, so a later round's result
  written for some players while others' scores stop before it would be counted for one side of
  a game and not the other. The later rounds are pairings only and ``config.notes`` names the
  missing results (liwords then shows that round as the current one, its missing games not
  finalized);
- a bye 0 and +spread, a forfeit 0 and -/+spread;
- a half bye (a TSH half bye, a late entry's starting half): 0 and 0, board 0, as TSH writes
  one and FORMATS.md (a) says a half is written. Readers with TSH's rules count half a win;
  liwords skips the round, so ``config.notes`` names it and its half a win (and spread, if the
  director recorded one). A game against the player's own number, which liwords would count as
  a tie, is not written: it is a game "X v X" in its archive view, and with its 0 it keeps
  liwords' current round from moving on;
- a round that counts nothing (a late entry's missed round without a starting result, a round
  not paired for the player): 0 and 0, which liwords skips;
- a withdrawn player: the rounds after the withdrawal are left out (``pairings`` 0, no score),
  so the record stays what the site counts; no ``etc.off`` is written, since no round of the
  file carries TSH's -50 for an absent player. Where the site ranks withdrawn players last
  (``withdrawn_last``, the default, as TSH does), liwords cannot (it ranks by wins and spread
  only): the withdrawn players are left out of the file, and each game against one is written
  in the opponent's line as a round without an opponent carrying its result and spread (a win
  +spread, a loss -spread, a tie as a half bye); ``config.notes`` names them.

Players are listed in the site's standings order (ids stay the player numbers), so liwords,
which orders by wins then spread and keeps file order on ties, keeps the site's order for
players equal on both. What liwords cannot carry (a tie decided by the division's tie rule
counts half to each side there; a division that ranks withdrawn players last; playoff places; a
half bye; results after a round with one missing) is named in ``config.notes``. Every number is
an integer literal.

Where FORMATS.md is silent: ``config`` holds ``event_name``, ``max_rounds`` and ``notes``;
``maxr`` is the planned rounds less one (at least the rounds paired); sides not known are p12 4
(TSH's 'undecided').

Escaping: the text is JSON inside JavaScript that may be inlined in a page, so ``<``, ``>``,
``&``, U+2028 and U+2029 are written as ``\\uXXXX``; and since the reader replaces every
``undefined`` in the file by ``null``, even in strings, the first letter of that word (any
case) is written as ``\\u0075``/``\\u0055``: the string reads back unchanged.
"""

from __future__ import annotations

import json
import re

from tournaments.results.records import Record

from .model import Cell, ExportDivision, ExportEvent, ExportPlayer

_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}
_UNSAFE = re.compile("[<>&\u2028\u2029]")
_UNDEFINED = re.compile(r"([uU])(?=[nN][dD][eE][fF][iI][nN][eE][dD])")


def tourney_js(event: ExportEvent, notes: tuple[str, ...] = ()) -> str:
    """The whole ``tourney.js`` text of ``event`` (``notes``: more of what the file cannot
    carry, besides the play-off ties it finds itself)."""
    rounds = max((d.rounds for d in event.divisions), default=0)
    config = {"event_name": event.name, "max_rounds": rounds}
    notes = (
        *notes,
        *_playoff_notes(event),
        *_withdrawn_notes(event),
        *_missing_notes(event),
        *_place_notes(event),
        *_half_notes(event),
    )
    if notes:
        config["notes"] = list(notes)
    data = {"config": config, "divisions": [_division(d) for d in event.divisions]}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return "newt=" + escape_js(text) + ";\n"


def _playoff_notes(event: ExportEvent) -> list[str]:
    notes = []
    for division in event.divisions:
        for player in division.players:
            rounds = [
                str(i)
                for i, c in enumerate(player.cells, start=1)
                if c.kind in (Record.PLAYOFF_WON, Record.PLAYOFF_LOST)
            ]
            if rounds:
                notes.append(
                    f"{division.name} {player.name}: round(s) {' '.join(rounds)} a tie decided "
                    "by the division's tie rule; this file can only hold the tie on the board"
                )
    return notes


def _half_notes(event: ExportEvent) -> list[str]:
    """Each player's rounds written 0 without an opponent that count half a win on the site."""
    notes = []
    for division in event.divisions:
        gone, scored = _left_out(division), division.rounds_complete + 1
        for player in division.players:
            if player.number in gone:
                continue
            rounds = [
                f"{i}" + (f" (spread {c.score:+d})" if c.score else "")
                for i, c in enumerate(_written_cells(player, gone)[:scored], start=1)
                if c.kind is Record.HALF_BYE
            ]
            if rounds:
                notes.append(
                    f"{division.name} {player.name}: round(s) {' '.join(rounds)} half a win on "
                    "the site, written 0 without an opponent as TSH writes a half bye; liwords "
                    "counts nothing for such a round"
                )
    return notes


def _place_notes(event: ExportEvent) -> list[str]:
    """A division with a playoff: its places as the site's standings give them (``order``)."""
    notes = []
    for division in event.divisions:
        name = {p.number: p.name for p in division.players}
        placed = division.order[: division.playoff_places]
        if placed:
            places = "; ".join(f"{place} {name[n]}" for place, n in enumerate(placed, start=1))
            notes.append(
                f"{division.name} playoff places: {places}; this file holds only the games, "
                "which liwords ranks by wins then spread"
            )
    return notes


def _missing_notes(event: ExportEvent) -> list[str]:
    """A division whose later rounds hold results while an earlier one misses some: the
    missing games, and the rounds written as pairings only until they are in."""
    notes = []
    for division in event.divisions:
        cut = division.rounds_complete + 1
        later = sorted(
            {
                i
                for p in division.players
                for i, c in enumerate(p.cells[cut:], cut + 1)
                if c.kind.counts
            }
        )
        if not later:
            continue
        name = {p.number: p.name for p in division.players}
        games = [
            f"{p.name} v {name[p.cells[cut - 1].opponent]}"
            for p in division.players
            if p.cells[cut - 1].awaited and p.number < p.cells[cut - 1].opponent
        ]
        notes.append(
            f"{division.name} round {cut}: no result yet for {'; '.join(games)}; the results of "
            f"round(s) {' '.join(map(str, later))} are written as pairings only until it is in"
        )
    return notes


def escape_js(text: str) -> str:
    """JSON text made safe inside a script and against the reader's ``undefined`` rule."""
    text = _UNSAFE.sub(lambda m: _ESCAPES[m.group()], text)
    return _UNDEFINED.sub(lambda m: f"\\u{ord(m.group(1)):04x}", text)


def _left_out(division: ExportDivision) -> frozenset[int]:
    if not division.withdrawn_last:
        return frozenset()
    return frozenset(p.number for p in division.players if p.withdrawn)


def _withdrawn_notes(event: ExportEvent) -> list[str]:
    return [
        f"{d.name} {p.name}: withdrawn, ranked last on the site; left out of this file, the "
        "games against them written in their opponents' lines without an opponent"
        for d in event.divisions
        for p in d.players
        if p.number in _left_out(d)
    ]


def _division(division: ExportDivision) -> dict:
    maxr = max(division.rounds, division.rounds_paired, 1) - 1
    gone = _left_out(division)
    scored = division.rounds_complete + 1
    by_number = {p.number: p for p in division.players if p.number not in gone}
    order = [n for n in division.order if n in by_number]
    order += [n for n in by_number if n not in set(order)]
    return {
        "name": division.name,
        "maxr": maxr,
        "players": [None, *(_player(by_number[n], gone, scored) for n in order)],
    }


def _against_left_out(cell: Cell) -> Cell:
    """A game against a player left out, as a round without an opponent with its result."""
    if cell.kind in (Record.TIED, Record.PLAYOFF_WON, Record.PLAYOFF_LOST):
        return Cell(Record.HALF_BYE, 0, 0)  # liwords has no spread-0 win: the board's tie
    return Cell(Record.BYE, 0, cell.score - cell.against)


def _written_cells(player: ExportPlayer, gone: frozenset[int]) -> tuple[Cell, ...]:
    """The player's rounds as the file writes them: to the withdrawal, none against ``gone``."""
    cells = player.cells
    if player.withdrawn:
        cells = _until_withdrawal(cells)
    if gone:
        cells = tuple(
            _against_left_out(c) if c.opponent in gone and c.kind.played else c for c in cells
        )
    return cells


def _player(player: ExportPlayer, gone: frozenset[int] = frozenset(), scored: int = 0) -> dict:
    """``scored``: how many rounds from the first may carry scores (0: all)."""
    cells = _written_cells(player, gone)
    return {
        "id": int(player.number),
        "name": player.name,
        "rating": int(player.rating),
        "pairings": [int(c.opponent) for c in cells],
        "scores": entered_scores(cells[:scored] if scored else cells),
        "etc": {"board": [int(c.board) for c in cells], "p12": [int(c.p12) for c in cells]},
    }


def _until_withdrawal(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    end = len(cells)
    while end and cells[end - 1].kind is Record.WITHDRAWN:
        end -= 1
    return cells[:end]


def entered_scores(cells: tuple[Cell, ...]) -> list[int]:
    """Each round's score up to the first game still waiting for its scores (a half bye 0:
    a spread with no opponent would read as a win or a loss)."""
    scores = []
    for cell in cells:
        if cell.kind is Record.PENDING or cell.score is None:
            break
        scores.append(0 if cell.kind is Record.HALF_BYE else int(cell.score))
    return scores
