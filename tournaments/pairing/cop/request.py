"""The request TSH's COP plugin sends, read from its JSON form (snake_case or camelCase keys).

``read_request`` checks types only; ``validate.validate`` checks that the rounds make sense.
"""

from __future__ import annotations

import re
import string
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


def snake_keys(data: Mapping[str, Any]) -> dict[str, Any]:
    """The mapping with camelCase keys spelt in snake_case (protobuf JSON uses camelCase)."""
    return {_CAMEL.sub(r"_\1", key).lower(): value for key, value in data.items()}


def read_request(data: Any) -> CopRequest:
    """Read a decoded JSON request; ``CopError`` (REQUEST_MALFORMED) on a wrongly typed field."""
    if not isinstance(data, Mapping):
        raise _malformed("the request must be a JSON object")
    data = snake_keys(data)
    method = data.get("pair_method", "COP")
    if str(method).upper() != "COP":
        raise CopError(*m.PAIR_METHOD, method=method)
    names = tuple(_str(n, "player_names") for n in _list(data, "player_names"))
    classes = tuple(_klass(c) for c in _list(data, "player_classes"))
    defaults = CopSettings()
    settings = CopSettings(
        place_prizes=_int(data.get("place_prizes", 3), "place_prizes"),
        class_prizes=_class_prizes(data.get("class_prizes")),
        gibson_spread=_numbers(data, "gibson_spread", defaults.gibson_spread, int),
        hopefulness=_numbers(data, "hopefulness_threshold", defaults.hopefulness, float),
        control_loss_threshold=_float(
            data.get("control_loss_threshold", defaults.control_loss_threshold),
            "control_loss_threshold",
        ),
        control_loss_activation_round=_optional_int(data, "control_loss_activation_round"),
        division_sims=_int(data.get("division_sims", defaults.division_sims), "division_sims"),
        control_loss_sims=_int(
            data.get("control_loss_sims", defaults.control_loss_sims), "control_loss_sims"
        ),
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
        seed=_int(data.get("seed", 0), "seed"),
        all_players=_optional_int(data, "all_players"),
        valid_players=_optional_int(data, "valid_players"),
    )


def _malformed(problem: str) -> CopError:
    return CopError(*m.MALFORMED, problem=problem)


def _list(data: Mapping[str, Any], key: str) -> list:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _malformed(f"“{key}” must be a list")
    return value


def _rounds(data: Mapping[str, Any], key: str, inner: str) -> tuple[tuple[int, ...], ...]:
    """Each round as an object holding the list under ``inner`` (or as a bare list)."""
    rounds = []
    for item in _list(data, key):
        values = item.get(inner, []) if isinstance(item, Mapping) else item
        if not isinstance(values, list):
            raise _malformed(f"each entry of “{key}” must hold a list “{inner}”")
        rounds.append(tuple(_int(v, key) for v in values))
    return tuple(rounds)


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise _malformed(f"“{key}” must hold whole numbers, not {value!r}")
    return int(value)


def _optional_int(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    return None if value is None else _int(value, key)


def _float(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _malformed(f"“{key}” must be a number, not {value!r}")
    return float(value)


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise _malformed(f"“{key}” must be true or false, not {value!r}")
    return value


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise _malformed(f"“{key}” must hold text, not {value!r}")
    return value


def _klass(value: Any) -> str:
    """A class letter; protobuf clients may send class numbers, 0 for A."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 26:
        return string.ascii_uppercase[value]
    return _str(value, "player_classes").strip().upper()


def _numbers(data: Mapping[str, Any], key: str, default: tuple, kind: type) -> tuple:
    value = data.get(key)
    if value is None:
        return default
    values = value if isinstance(value, list) else [value]
    read = _int if kind is int else _float
    return tuple(read(v, key) for v in values)


def _class_prizes(value: Any) -> Mapping[str, int]:
    """``{"B": 1}``, or a list whose k-th entry is for the k-th class letter (A, B, ...)."""
    if value is None:
        return MappingProxyType({})
    if isinstance(value, list):
        if len(value) > 26:
            raise _malformed("“class_prizes” has more entries than there are class letters")
        value = dict(zip(string.ascii_uppercase, value, strict=False))
    if not isinstance(value, Mapping):
        raise _malformed("“class_prizes” must be a list or an object")
    return MappingProxyType(
        {str(k).strip().upper(): _int(v, "class_prizes") for k, v in value.items()}
    )
