"""The request TSH's COP plugin (or any protobuf-JSON client) sends, read from its JSON form.

Read exactly as a protobuf-JSON decoder reads ``ipc.PairRequest``: keys in snake_case or
lowerCamelCase; any integer as a JSON number or a decimal string (64-bit ``seed`` always comes as
a string); doubles as numbers or strings ("NaN", "Infinity" included, refused later by range);
the ``pair_method`` enum by name or number (COP is 0); ``null`` or an omitted field is the zero
value (proto3), never a TSH default: a missing simulation count, place-prize count or
hopefulness threshold is then refused by ``validate`` naming the field.

Classes are integers: 0 is no class prize, class k >= 1 competes for ``class_prizes[k-1]``.
Inside the core a class is a string key (``""`` for none, ``"1"``, ``"2"``, ...; a letter sent as
text stays a letter, for our own files), and ``class_prizes`` maps those keys to prize counts.

``read_request`` checks types only; ``validate.validate`` checks that the rounds make sense.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import messages as m
from .messages import CopError
from .settings import CopSettings

_CAMEL = re.compile(r"(?<!^)([A-Z])")


@dataclass(frozen=True, slots=True)
class CopRequest:
    """A pairing request as plain values, player indices 0..n-1.

    ``pairings[r][i]`` is i's opponent in round r+1 (i itself: a bye; -1: not paired);
    ``results[r][i]`` is i's score (a bye's spread). ``all_players``/``valid_players`` are the
    optional counts the client states, checked against the lists.
    """

    names: tuple[str, ...]
    classes: tuple[str, ...]
    pairings: tuple[tuple[int, ...], ...]
    results: tuple[tuple[int, ...], ...]
    rounds: int
    settings: CopSettings = field(default_factory=CopSettings)
    removed: tuple[int, ...] = ()
    seed: int = 0
    all_players: int | None = None
    valid_players: int | None = None


INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)
_INTEGER_TEXT = re.compile(r"^\s*-?\d{1,20}\s*$")
_FLOAT_TEXT = re.compile(r"^\s*(-?(\d+\.?\d*|\.\d+)([eE][-+]?\d{1,4})?|-?Infinity|NaN)\s*$")
METHODS = {"COP": 0}  # ipc.PairMethod: name -> number


def snake_keys(data: Mapping[str, Any]) -> dict[str, Any]:
    """The mapping with lowerCamelCase keys spelt in snake_case; when both spellings of a key
    are present the snake_case one wins (it is the one TSH writes)."""
    found: dict[str, Any] = {}
    for key, value in data.items():
        if not isinstance(key, str):
            continue
        snake = _CAMEL.sub(r"_\1", key).lower()
        if snake not in found or key == snake:
            found[snake] = value
    return found


def read_request(data: Any) -> CopRequest:
    """Read a decoded JSON request; ``CopError`` (REQUEST_MALFORMED) on a wrongly typed field."""
    if not isinstance(data, Mapping):
        raise _malformed("the request must be a JSON object")
    data = {k: v for k, v in snake_keys(data).items() if v is not None}
    _method(data.get("pair_method", 0))
    names = tuple(_str(n, "player_names") for n in _list(data, "player_names"))
    classes = tuple(_klass(c) for c in _list(data, "player_classes"))
    settings = CopSettings(
        place_prizes=_int(data.get("place_prizes", 0), "place_prizes"),
        class_prizes=_class_prizes(data.get("class_prizes")),
        gibson_spread=_numbers(data, "gibson_spread", _int),
        hopefulness=_numbers(data, "hopefulness_threshold", _float),
        control_loss_threshold=_float(
            data.get("control_loss_threshold", 0), "control_loss_threshold"
        ),
        control_loss_activation_round=_int(
            data.get("control_loss_activation_round", 0), "control_loss_activation_round"
        ),
        division_sims=_int(data.get("division_sims", 0), "division_sims"),
        control_loss_sims=_int(data.get("control_loss_sims", 0), "control_loss_sims"),
        allow_repeat_byes=_bool(data.get("allow_repeat_byes", False), "allow_repeat_byes"),
        top_down_byes=_bool(data.get("top_down_byes", False), "top_down_byes"),
    )
    return CopRequest(
        names=names,
        classes=classes,
        pairings=_rounds(data, "division_pairings", "pairings"),
        results=_rounds(data, "division_results", "results"),
        rounds=_int(data.get("rounds", 0), "rounds"),
        settings=settings,
        removed=tuple(_int(p, "removed_players") for p in _list(data, "removed_players")),
        seed=_int(data.get("seed", 0), "seed", INT64),
        all_players=_int(data.get("all_players", 0), "all_players") or None,
        valid_players=_int(data.get("valid_players", 0), "valid_players") or None,
    )


def _malformed(problem: str) -> CopError:
    return CopError(*m.MALFORMED, problem=problem)


def _method(value: Any) -> None:
    """The ``pair_method`` enum by name or by number; only COP is known."""
    if isinstance(value, str) and value.strip().upper() in METHODS:
        return
    if not isinstance(value, str | bool) and value in METHODS.values():
        return
    if isinstance(value, str) and _INTEGER_TEXT.match(value) and int(value) in METHODS.values():
        return
    shown = value if isinstance(value, str | int | float) else type(value).__name__
    raise CopError(*m.PAIR_METHOD, method=str(shown)[:40])


def _list(data: Mapping[str, Any], key: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _malformed(f"“{key}” must be a list")
    return value


def _rounds(data: Mapping[str, Any], key: str, inner: str) -> tuple[tuple[int, ...], ...]:
    """Each round as an object holding the list under ``inner`` (omitted: empty), or a bare
    list."""
    rounds = []
    for item in _list(data, key):
        if isinstance(item, Mapping):
            values = snake_keys(item).get(inner)
            values = [] if values is None else values
        else:
            values = item
        if not isinstance(values, list):
            raise _malformed(f"each entry of “{key}” must hold a list “{inner}”")
        rounds.append(tuple(_int(v, key) for v in values))
    return tuple(rounds)


def _int(value: Any, key: str, bounds: tuple[int, int] = INT32) -> int:
    """A protobuf-JSON integer: a JSON number with no fraction, or a decimal string."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif (isinstance(value, float) and value.is_integer()) or (
        isinstance(value, str) and _INTEGER_TEXT.match(value)
    ):
        number = int(value)
    if number is None or not bounds[0] <= number <= bounds[1]:
        raise _malformed(f"“{key}” must hold whole numbers, not {_shown(value)}")
    return number


def _float(value: Any, key: str) -> float:
    """A protobuf-JSON double: a JSON number or a string holding one."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str) and _FLOAT_TEXT.match(value):
        return float(value.strip().replace("Infinity", "inf"))
    raise _malformed(f"“{key}” must be a number, not {_shown(value)}")


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise _malformed(f"“{key}” must be true or false, not {_shown(value)}")
    return value


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise _malformed(f"“{key}” must hold text, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A wrong value for a message, short whatever was sent."""
    text = repr(value) if isinstance(value, str | int | float | bool) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def class_key(number: int) -> str:
    """The core's key for class ``number``: ``""`` for 0 (no class prize), else the number."""
    return "" if number == 0 else str(number)


def _klass(value: Any) -> str:
    """A class: an integer (or its decimal string) as TSH sends it, or a letter as our files
    hold it. A negative class number is refused by ``validate`` (INVALID_PLAYER_CLASS)."""
    if isinstance(value, str) and not _INTEGER_TEXT.match(value):
        return value.strip().upper()[:4]
    return class_key(_int(value, "player_classes"))


def _numbers(data: Mapping[str, Any], key: str, read) -> tuple:
    """A value per rounds left (1 left first): a single value (as the proto has it) or a list;
    omitted: a single zero."""
    value = data.get(key, 0)
    values = value if isinstance(value, list) else [value]
    return tuple(read(v, key) for v in values)


def _class_prizes(value: Any) -> Mapping[str, int]:
    """A list whose k-th entry is for class k+1 (the proto's ``repeated int32``), or an object
    from class (number or letter) to prizes."""
    if value is None:
        return MappingProxyType({})
    if isinstance(value, list):
        return MappingProxyType(
            {str(k): _int(v, "class_prizes") for k, v in enumerate(value, start=1)}
        )
    if not isinstance(value, Mapping):
        raise _malformed("“class_prizes” must be a list or an object")
    return MappingProxyType({_klass(k): _int(v, "class_prizes") for k, v in value.items()})
