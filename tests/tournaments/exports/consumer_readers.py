"""Readers of the ``.t`` and ``.tou`` files written for the tests from the rules of their
consumers (FORMATS.md (b) and (c)), not from our writers:

- ``t_standings``: a ``.t`` division read as tsh-parser and TSH-style readers read it: player
  numbers are line positions; the name runs to the first bare number (the rating), then one
  opponent per round; ``;`` then one score per round played. Opponent 0: the score is the spread,
  a win if positive, a loss if negative, a tie (half a win) if 0. Otherwise a game: win, loss or
  tie from the two scores. Order: wins, then spread, ties in line order; a player with an
  ``off`` tag (withdrawn) after every active one, as TSH ranks them. No other tag is read.
- ``tou_standings``: a ``.tou`` division read by its columns: the name in 20 columns, then per
  round a 9-column block (10 above 99 players): a space, the result digit (``2`` win, ``1``
  draw, space loss), the score in 3 columns, a space, the opponent (``+`` before it when first).
  A round against one's own number is not a game (liwords' convention): ``" 50"`` a bye (a win),
  ``2150`` a forfeit win, ``" 100"`` a forfeit loss, ``"1  0"`` half a win, ``"  0"`` nothing.
  It returns (wins, losses) by line: the file carries no spread for rounds that are not games.
"""

from __future__ import annotations

import re

T_HEAD = re.compile(r"^(?P<name>.*?\S)\s+(?P<rating>\d+)(?P<opps>(?:\s+\d+)*)\s*$")


def t_lines(text: str) -> list[tuple[str, list[int], list[int], bool]]:
    lines = []
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        head, scores, *tags = raw.split(";")
        found = T_HEAD.match(head)
        assert found, raw
        opponents = [int(x) for x in found["opps"].split()]
        off = any(tag.split()[:1] == ["off"] for tag in tags)
        lines.append((found["name"], opponents, [int(x) for x in scores.split()], off))
    return lines


def t_standings(text: str) -> list[tuple[int, float, float, int]]:
    """(player number, wins, losses, spread), best first."""
    lines = t_lines(text)
    rows = []
    inactive = set()
    for number, (_name, opponents, scores, off) in enumerate(lines, start=1):
        if off:
            inactive.add(number)
        wins = losses = 0.0
        spread = 0
        for r, score in enumerate(scores):
            opponent = opponents[r]
            diff = score if opponent == 0 else score - lines[opponent - 1][2][r]
            value = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
            wins, losses, spread = wins + value, losses + 1 - value, spread + diff
        rows.append((number, wins, losses, spread))
    return sorted(rows, key=lambda row: (row[0] in inactive, -row[1], -row[3]))


def tou_divisions(text: str) -> dict[str, list[str]]:
    assert text.endswith("*** END OF FILE ***\r\n")
    divisions: dict[str, list[str]] = {}
    current = None
    for line in text.split("\r\n")[:-2]:
        if line.startswith("*M"):
            continue
        if line.startswith("*"):
            current = line[1:]
            divisions[current] = []
        elif line.strip() != "0":
            divisions[current].append(line)
    return divisions


def tou_standings(lines: list[str]) -> dict[int, tuple[float, float]]:
    """(wins, losses) by player number."""
    width = 10 if len(lines) > 99 else 9
    found = {}
    for number, line in enumerate(lines, start=1):
        wins = losses = 0.0
        for start in range(20, len(line), width):
            block = line[start : start + width]
            result, score, opponent = block[1], int(block[2:5]), int(block[5:].strip(" +"))
            if opponent == number:
                value = {(" ", 50): 1.0, ("2", 150): 1.0, (" ", 100): 0.0, ("1", 0): 0.5}.get(
                    (result, score)
                )
            else:
                value = {"2": 1.0, "1": 0.5, " ": 0.0}[result]
            if value is not None:
                wins, losses = wins + value, losses + 1 - value
        found[number] = (wins, losses)
    return found


def tou_names(lines: list[str]) -> list[str]:
    return [line[:20].rstrip() for line in lines]
