"""Checks that a request describes a consistent event before anything is computed.

Each check raises ``CopError`` with the response's error code and a message naming the player
and round at fault. Players are numbered from 0, as in the request.
"""

from __future__ import annotations

from . import messages as m
from .messages import CopError
from .request import CopRequest
from .settings import CopSettings

MIN_PLAYERS = 2
MAX_PLAYERS = 1000
MAX_SIMS = 1_000_000
MAX_ROUNDS = 200
MAX_RESULT = 100_000  # keeps simulated spreads far inside 64-bit integers
UNPAIRED = -1


def validate(request: CopRequest) -> None:
    """Raise ``CopError`` for the first problem found, or return quietly."""
    _check_players(request)
    _check_rounds(request)
    for number, pairings in enumerate(request.pairings, start=1):
        _check_round_pairings(request, number, pairings)
    for number, results in enumerate(request.results, start=1):
        _check_round_results(request, number, results)
    _check_removed(request)
    _check_history(request)
    _check_settings(request)


def round_to_pair(request: CopRequest) -> tuple[int, ...] | None:
    """The partly (or wholly) pre-paired round: the last round of pairings when it has no
    results and holds a -1; ``None`` when every round of pairings is history."""
    if len(request.pairings) > len(request.results) and UNPAIRED in request.pairings[-1]:
        return request.pairings[-1]
    return None


def history(request: CopRequest) -> tuple[tuple[int, ...], ...]:
    """The complete rounds, scored or not: every round of pairings but the round to pair."""
    if round_to_pair(request) is None:
        return request.pairings
    return request.pairings[:-1]


def _check_players(request: CopRequest) -> None:
    count = len(request.names)
    if count < MIN_PLAYERS:
        raise CopError(*m.TOO_FEW_PLAYERS, minimum=MIN_PLAYERS, count=count)
    if count > MAX_PLAYERS:
        raise CopError(*m.TOO_MANY_PLAYERS, maximum=MAX_PLAYERS, count=count)
    for index, name in enumerate(request.names):
        if not name.strip():
            raise CopError(*m.NAME_EMPTY, player=index)
    if request.classes and len(request.classes) != count:
        raise CopError(*m.CLASS_COUNT, classes=len(request.classes), count=count)
    _check_class_numbers(request)
    if request.all_players is not None and request.all_players != count:
        raise CopError(*m.ALL_PLAYERS, value=request.all_players, count=count)


def _check_class_numbers(request: CopRequest) -> None:
    """As upstream COP: class k >= 1 competes for the k-th class prize, so a class number
    below 0 or past the number of class prizes names no prize (a letter class, of our own
    files, is keyed by name)."""
    prizes = len(request.settings.class_prizes)
    for index, klass in enumerate(request.classes):
        number = klass.removeprefix("-")
        if number.isascii() and number.isdigit() and (klass != number or int(klass) > prizes):
            raise CopError(*m.PLAYER_CLASS, player=index, klass=klass, count=prizes)


def _check_rounds(request: CopRequest) -> None:
    paired, scored = len(request.pairings), len(request.results)
    if request.rounds < 1:
        raise CopError(*m.ROUNDS_TOO_FEW)
    if request.rounds > MAX_ROUNDS:
        raise CopError(*m.ROUNDS_TOO_MANY, maximum=MAX_ROUNDS, rounds=request.rounds)
    if paired > request.rounds:
        raise CopError(*m.MORE_PAIRINGS_THAN_ROUNDS, paired=paired, rounds=request.rounds)
    if scored > paired:
        raise CopError(*m.MORE_RESULTS_THAN_PAIRINGS, scored=scored, paired=paired)


def _check_round_pairings(request: CopRequest, number: int, pairings: tuple[int, ...]) -> None:
    count = len(request.names)
    if len(pairings) != count:
        raise CopError(*m.PAIRINGS_LENGTH, round=number, length=len(pairings), count=count)
    for player, opponent in enumerate(pairings):
        if not UNPAIRED <= opponent < count:
            raise CopError(*m.OUT_OF_BOUNDS, round=number, player=player, opponent=opponent)
    for player, opponent in enumerate(pairings):
        if opponent not in (UNPAIRED, player) and pairings[opponent] != player:
            raise CopError(
                *m.ASYMMETRIC,
                round=number,
                player=player,
                opponent=opponent,
                other=pairings[opponent],
            )


def _check_round_results(request: CopRequest, number: int, results: tuple[int, ...]) -> None:
    count = len(request.names)
    if len(results) != count:
        raise CopError(*m.RESULTS_LENGTH, round=number, length=len(results), count=count)
    pairings = request.pairings[number - 1]
    removed = set(request.removed)
    for player, result in enumerate(results):
        if abs(result) > MAX_RESULT:
            raise CopError(
                *m.RESULT_RANGE, round=number, player=player, result=result, maximum=MAX_RESULT
            )
        if pairings[player] == UNPAIRED and result != 0 and player not in removed:
            raise CopError(*m.UNPAIRED_RESULT, round=number, player=player, result=result)


def _check_removed(request: CopRequest) -> None:
    """Removed players are players, listed once, and leave enough to pair. Their earlier rounds
    (games, forfeit byes, scores) are history like anyone's."""
    count = len(request.names)
    seen: set[int] = set()
    for player in request.removed:
        if not 0 <= player < count:
            raise CopError(*m.REMOVED_INDEX, player=player)
        if player in seen:
            raise CopError(*m.REMOVED_TWICE, player=player)
        seen.add(player)
    remaining = count - len(seen)
    if request.valid_players is not None and request.valid_players != remaining:
        raise CopError(*m.VALID_PLAYERS, value=request.valid_players, count=remaining)
    if remaining < MIN_PLAYERS:
        raise CopError(*m.TOO_FEW_PLAYERS, minimum=MIN_PLAYERS, count=remaining)


def _check_history(request: CopRequest) -> None:
    """Only the last round may be partly paired; the complete rounds leave one to pair; in the
    round to pair nobody still playing is paired with a removed player."""
    removed = set(request.removed)
    scored = len(request.results)
    complete = history(request)
    for number in range(scored + 1, len(complete) + 1):
        pairings = complete[number - 1]
        unpaired = [p for p, q in enumerate(pairings) if q == UNPAIRED and p not in removed]
        if unpaired:
            raise CopError(*m.ROUND_INCOMPLETE, round=number, player=unpaired[0])
    if len(complete) >= request.rounds:
        raise CopError(*m.ALL_ROUNDS_PLAYED, rounds=request.rounds)
    current = round_to_pair(request)
    if current is None:
        return
    for player, opponent in enumerate(current):
        if player not in removed and opponent in removed:
            raise CopError(*m.REMOVED_PAIRED, player=opponent, round=len(request.pairings))


def _check_settings(request: CopRequest) -> None:
    s = request.settings
    remaining = len(request.names) - len(request.removed)
    if s.place_prizes is None or not 1 <= s.place_prizes <= remaining:
        raise CopError(*m.PLACE_PRIZES, maximum=remaining, value=s.place_prizes)
    for klass, prizes in sorted(s.class_prizes.items()):  # as upstream COP: at least 1 each
        if prizes < 1:
            raise CopError(*m.REQUEST_CLASS_PRIZES, value=prizes, klass=klass)
    check_settings(s, request.rounds)


def check_settings(s: CopSettings, rounds: int) -> None:
    """Raise ``CopError`` for a setting out of bounds (place prizes aside: they depend on the
    field); used by requests and by a division's stored settings."""
    for klass, prizes in sorted(s.class_prizes.items()):
        if prizes < 0:
            raise CopError(*m.CLASS_PRIZES, value=prizes, klass=klass)
    if not s.gibson_spread or not all(0 <= v <= MAX_RESULT for v in s.gibson_spread):
        raise CopError(*m.GIBSON_SPREAD, value=list(s.gibson_spread), maximum=MAX_RESULT)
    for value in s.hopefulness or (0.0,):
        if not 0 < value <= 1:
            raise CopError(*m.HOPEFULNESS, value=value)
    if not 0 <= s.control_loss_threshold <= 1:
        raise CopError(*m.CONTROL_LOSS_THRESHOLD, value=s.control_loss_threshold)
    activation = s.control_loss_activation_round
    if activation is not None and activation < 0:
        raise CopError(*m.ACTIVATION_ROUND, value=activation)
    if not 1 <= s.division_sims <= MAX_SIMS:
        raise CopError(*m.DIVISION_SIMS, maximum=MAX_SIMS, value=s.division_sims)
    if not 1 <= s.control_loss_sims <= MAX_SIMS:
        raise CopError(*m.CONTROL_LOSS_SIMS, maximum=MAX_SIMS, value=s.control_loss_sims)
