"""A pairing's result against its finished sheet and against what both players confirmed.

Results are plain values in the pairing's side order; the Django side reads them with the one
reading of a sheet's result (``games.tournament_results``) and of a pairing's result.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import flags as F
from .flags import Flag


@dataclass(frozen=True, slots=True)
class ResultChange:
    """One recorded change of the pairing's result: when (ms) and the result after it."""

    at_ms: int
    after: str


@dataclass(frozen=True, slots=True)
class ResultFacts:
    """``sheet``/``entered``: the two results as comparable text ("402-380", or the kind), or
    ``None`` when there is none; ``confirmed``: the result both players reported, when both
    did, at ``confirmed_ms``."""

    pairing: int
    game: int | None
    sheet: str | None = None
    entered: str | None = None
    confirmed: str | None = None
    confirmed_ms: int | None = None
    changes: tuple[ResultChange, ...] = ()


def result_flags(facts: ResultFacts) -> list[Flag]:
    """The result flags of one pairing."""
    flags = []
    if facts.sheet is not None and facts.entered is not None and facts.sheet != facts.entered:
        confirmed = facts.confirmed is not None and facts.confirmed == facts.entered
        code = F.RESULT_DIFFERS_CONFIRMED if confirmed else F.RESULT_DIFFERS
        params = {"entered": facts.entered, "sheet": facts.sheet}
        flags.append(Flag(code, facts.game, 0, params, pairing=facts.pairing))
    if facts.confirmed is not None and facts.confirmed_ms is not None:
        for change in facts.changes:
            if change.at_ms > facts.confirmed_ms:
                params = {"confirmed": facts.confirmed, "after": change.after}
                flag = Flag(
                    F.CHANGED_AFTER_CONFIRMED,
                    facts.game,
                    0,
                    params,
                    pairing=facts.pairing,
                    detail=str(change.at_ms),
                )
                flags.append(flag)
    return flags
