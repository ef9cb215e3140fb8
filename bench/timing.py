"""Reading the clock for the benchmarks: the product itself never times anything."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(action: Callable[[], T]) -> tuple[T, float]:
    """Run ``action`` once; its result and the seconds it took."""
    started = time.perf_counter()
    result = action()
    return result, time.perf_counter() - started


def runs_ms(action: Callable[[], object], runs: int) -> list[float]:
    """Milliseconds of each of ``runs`` runs of ``action``."""
    return [timed(action)[1] * 1000.0 for _ in range(runs)]
