"""Read a TSH ``.t`` division file, validating everything before anything is used.

A player line is ``NAME RATING OPP1 OPP2 ...; SCORE1 SCORE2 ...; TAG VALUE ...; ...``.
The name runs up to the first whole-number token (the rating); player numbers are the 1-based
order of the non-blank, non-``#`` lines. All problems are collected and raised together in one
``TshError`` so a director can fix a file in one pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.readers.text import decode_upload as decode_t
from tournaments.tsh import messages as m
from tournaments.tsh.division import P12_UNKNOWN, TshDivision, TshPlayer
from tournaments.tsh.messages import TshError, TshProblem

# ASCII digits only: "1³" or "٣" must be refused here, not crash int() later.
_HEAD = re.compile(r"^(?P<name>\S.*?)\s+(?P<rating>\d+(?:\+\d+)*)(?=\s|$)(?P<rest>.*)$", re.ASCII)
_TAG = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_INTEGER = re.compile(r"^-?\d{1,30}$", re.ASCII)  # bounded: int() refuses 4,300 digits
# What the database can hold: names as long as a Player's, ratings and scores a person could have.
NAME_LIMIT = 120
RATING_LIMIT = 9999
SCORE_LIMIT = 5000
_LETTER = re.compile(r"[^\W\d_]")
# Tags whose values TSH itself reads as numbers; checked so a typo fails here, not mid-event.
_NUMERIC_TAGS = frozenset(
    {"board", "newr", "off", "rrank", "rcrank", "rtime", "time", "lifeg", "skip"}
)


@dataclass(slots=True)
class _Line:
    """A player line while the division is checked; ``clean`` once it parsed without problems."""

    line: int
    player: TshPlayer
    clean: bool = True
    problems: list[TshProblem] = field(default_factory=list)


def refuse_nul(text: str) -> None:
    """A NUL character anywhere is refused, by line, before anything is read: no name or value
    can hold one (PostgreSQL stores no NUL in text)."""
    if "\x00" in text:
        problems = [
            TshProblem(line_no, m.NUL_CHARACTER, {"line": line_no})
            for line_no, raw in enumerate(text.splitlines(), start=1)
            if "\x00" in raw
        ]
        raise TshError(problems)


def text_lines(data: bytes) -> list[tuple[int, str]]:
    """The lines of a TSH file that hold something, stripped, with their 1-based line numbers
    (blank lines and ``#`` comments left out); a NUL anywhere is refused before any is read."""
    decoded = decode_t(data)
    refuse_nul(decoded)
    found = []
    for line_no, raw in enumerate(decoded.splitlines(), start=1):
        text = raw.strip()
        if text and not text.startswith("#"):
            found.append((line_no, text))
    return found


def read_t(data: bytes) -> TshDivision:
    """Parse and validate a ``.t`` file; raise ``TshError`` listing every problem by line."""
    lines: list[_Line] = []
    for line_no, text in text_lines(data):
        lines.append(_parse_line(line_no, len(lines) + 1, text))
    problems = [p for parsed in lines for p in parsed.problems]
    if not lines:
        problems.append(TshProblem(0, m.NO_PLAYERS))
    problems.extend(_check_pairings(lines))
    if problems:
        raise TshError(sorted(problems, key=lambda p: p.line))
    return TshDivision(tuple(parsed.player for parsed in lines))


def _parse_line(line_no: int, number: int, text: str) -> _Line:
    fields = text.split(";")
    problems: list[TshProblem] = []
    head = _HEAD.match(fields[0].strip())
    if head is None or not _LETTER.search(head["name"]):
        # Nothing after an unreadable name can be trusted: report it alone.
        name = fields[0].strip()
        template = m.NO_NAME if _INTEGER.match(name.split()[0] if name else "") else m.NO_RATING
        problems.append(TshProblem(line_no, template, {"line": line_no, "name": name}))
        return _Line(line_no, TshPlayer(number, name, "0", (), ()), clean=False, problems=problems)
    name, rating, rest = head["name"], head["rating"], head["rest"]
    _check_head(line_no, name, rating, problems)
    opponents = _numbers(line_no, "opponent", rest.split(), problems, allow_negative=False)
    opponents_read = not problems
    scores = _numbers(line_no, "score", fields[1].split() if len(fields) > 1 else [], problems)
    if opponents_read and len(scores) > len(opponents):
        params = {"line": line_no, "scores": len(scores), "opponents": len(opponents)}
        problems.append(TshProblem(line_no, m.TOO_MANY_SCORES, params))
    elif opponents_read:
        problems.extend(_score_problems(line_no, opponents, scores))
    tags = _tags(line_no, fields[2:], problems)
    player = TshPlayer(number, name, rating, tuple(opponents), tuple(scores), tags)
    return _Line(line_no, player, clean=not problems, problems=problems)


def _check_head(line_no: int, name: str, rating: str, problems: list[TshProblem]) -> None:
    if len(name) > NAME_LIMIT:
        params = {"line": line_no, "name": name[:40] + "…", "limit": NAME_LIMIT}
        problems.append(TshProblem(line_no, m.NAME_TOO_LONG, params))
    for part in rating.split("+"):
        if len(part) > len(str(RATING_LIMIT)) or int(part) > RATING_LIMIT:
            params = {"line": line_no, "value": part, "limit": RATING_LIMIT}
            problems.append(TshProblem(line_no, m.RATING_TOO_HIGH, params))


def _score_problems(line_no: int, opponents: list[int], scores: list[int]) -> list[TshProblem]:
    """Scores within bounds; a game against a real opponent cannot have a negative score."""
    problems = []
    for index, (opponent, score) in enumerate(zip(opponents, scores, strict=False), start=1):
        params = {"line": line_no, "round": index, "value": score, "opponent": opponent}
        if not -SCORE_LIMIT <= score <= SCORE_LIMIT:
            bounds = {"low": -SCORE_LIMIT, "high": SCORE_LIMIT}
            problems.append(TshProblem(line_no, m.SCORE_OUT_OF_RANGE, params | bounds))
        elif opponent and score < 0:
            problems.append(TshProblem(line_no, m.NEGATIVE_GAME_SCORE, params))
    return problems


def _numbers(
    line_no: int,
    kind: str,
    tokens: list[str],
    problems: list[TshProblem],
    *,
    allow_negative: bool = True,
) -> list[int]:
    values: list[int] = []
    for token in tokens:
        if _INTEGER.match(token) and (allow_negative or not token.startswith("-")):
            values.append(int(token))
        else:
            params = {"line": line_no, "field": kind, "value": token}
            problems.append(TshProblem(line_no, m.NOT_A_NUMBER, params))
    return values


def _tags(
    line_no: int, fields: list[str], problems: list[TshProblem]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    tags: list[tuple[str, tuple[str, ...]]] = []
    for raw in fields:
        tokens = raw.split()
        if not tokens:
            continue  # an empty field (e.g. a trailing ';') carries nothing
        name, values = tokens[0], tuple(tokens[1:])
        if not _TAG.match(name):
            problems.append(TshProblem(line_no, m.BAD_TAG, {"line": line_no, "field": raw.strip()}))
            continue
        if name == "p12":
            _check_p12(line_no, values, problems)
        elif name in _NUMERIC_TAGS:
            _numbers(line_no, name, list(values), problems)
        tags.append((name, values))
    return tuple(tags)


def _check_p12(line_no: int, values: tuple[str, ...], problems: list[TshProblem]) -> None:
    for index, value in enumerate(values, start=1):
        if not _INTEGER.match(value) or value.startswith("-") or int(value) > P12_UNKNOWN:
            params = {"line": line_no, "value": value, "round": index}
            problems.append(TshProblem(line_no, m.BAD_P12, params))


def _check_pairings(lines: list[_Line]) -> list[TshProblem]:
    """Opponents in range, not self, reciprocated, scored on both sides, p12 not clashing."""
    problems: list[TshProblem] = []
    count = len(lines)
    for parsed in lines:
        player = parsed.player
        for index, opponent in enumerate(player.opponents):
            params = {"line": parsed.line, "round": index + 1, "opponent": opponent}
            if opponent > count:
                problems.append(
                    TshProblem(parsed.line, m.OPPONENT_OUT_OF_RANGE, params | {"players": count})
                )
            elif opponent == player.number:
                problems.append(TshProblem(parsed.line, m.PAIRED_WITH_SELF, params))
            elif opponent and parsed.clean and lines[opponent - 1].clean:
                problems.extend(_check_meeting(parsed, lines[opponent - 1].player, index, params))
    return problems


def _check_meeting(
    parsed: _Line, other: TshPlayer, index: int, params: dict[str, int]
) -> list[TshProblem]:
    player, line = parsed.player, parsed.line
    scored = index < len(player.scores)
    theirs = other.opponents[index] if index < len(other.opponents) else None
    # An unplayed (pending) round may be paired on one side only while pairings are entered.
    if theirs != player.number and (scored or theirs is not None):
        shown = "-" if theirs is None else str(theirs)
        return [TshProblem(line, m.NOT_RECIPROCATED, params | {"their_opponent": shown})]
    if scored and index >= len(other.scores):
        return [TshProblem(line, m.OPPONENT_UNSCORED, params)]
    mine, their_p12 = player.p12, other.p12
    if player.number < other.number and index < len(mine) and index < len(their_p12):
        if mine[index] == their_p12[index] == 1:
            return [TshProblem(line, m.BOTH_FIRST, params)]
        if mine[index] == their_p12[index] == 2:
            return [TshProblem(line, m.BOTH_SECOND, params)]
    return []
