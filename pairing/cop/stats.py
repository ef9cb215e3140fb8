"""Clopper-Pearson decisions: is a simulated chance clearly below or above a threshold?

The exact (Clopper-Pearson) interval excludes ``t`` from above exactly when seeing ``x`` or
fewer successes in ``n`` tries is unlikely under ``t``: P(X <= x | n, t) <= alpha / 2, and
from below when P(X >= x | n, t) <= alpha / 2. Binomial tails are regularised incomplete beta
values, computed with the classic continued fraction (modified Lentz).
"""

from __future__ import annotations

import math

_EPSILON = 1e-15
_TINY = 1e-300
_MAX_TERMS = 2000


def decided(successes: int, tries: int, threshold: float, alpha: float) -> bool:
    """Whether the exact interval of ``successes``/``tries`` at ``1 - alpha`` excludes
    ``threshold`` (so the chance is known to be below it or at/above it)."""
    if tries == 0:
        return False
    low_tail = (
        1.0 if successes >= tries else _betainc(tries - successes, successes + 1, 1 - threshold)
    )
    high_tail = 1.0 if successes <= 0 else _betainc(successes, tries - successes + 1, threshold)
    return min(low_tail, high_tail) <= alpha / 2


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta I_x(a, b) for a, b > 0, 0 <= x <= 1."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _fraction(b, a, 1 - x) / b


def _fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), evaluated by the modified Lentz method."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    total = d
    for m in range(1, _MAX_TERMS):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            total *= c * d
        if abs(c * d - 1.0) < _EPSILON:
            break
    return total
