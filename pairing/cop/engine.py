"""COP from request to response, as phases a benchmark can time one by one:
``validate`` -> ``field_from_request`` -> ``assess`` (simulations) -> ``build_rules``
(constraints and weights) -> ``match`` (the matching)."""

from __future__ import annotations

from dataclasses import dataclass

from core.refusal import gettext_noop

from . import messages as m
from .constraints import label
from .contention import Assessment, assess, build_rules
from .messages import CopError, Note, note
from .request import CopRequest
from .rules import Rule
from .settings import CopSettings
from .solve import solve, weigh
from .standings import Field, field_from_request
from .validate import UNPAIRED, validate
from .weights import BYE, WeightContext

__all__ = [
    "Assessment",
    "CopResponse",
    "assess",
    "build_rules",
    "match",
    "nodes_of",
    "pair_field",
    "pair_request",
    "weigh",
]

HEADER_NOTE = gettext_noop(
    "COP pairing of round %(round)s of %(rounds)s (%(left)s left) for %(players)s players, "
    "seed %(seed)s. Players are shown as name (standings position)."
)
PREPAIRED_NOTE = gettext_noop("Kept as paired before COP: %(pairs)s.")
REMOVED_NOTE = gettext_noop("Removed, not paired: %(players)s.")
ALL_PREPAIRED_NOTE = gettext_noop("Everybody was already paired: the round is returned as sent.")


@dataclass(frozen=True, slots=True)
class CopResponse:
    """``pairings[i]``: i's opponent, i for a bye, -1 unpaired; or an error code and message."""

    pairings: tuple[int, ...]
    error_code: str
    error: Note | None
    notes: tuple[Note, ...]


def pair_request(request: CopRequest) -> CopResponse:
    """Validate and pair a request; errors come back in the response, never raised."""
    notes: list[Note] = []
    try:
        validate(request)
        field = field_from_request(request)
        notes.append(_header(field, request))
        games, pair_notes = pair_field(field, request.settings, request.seed)
    except CopError as error:
        return CopResponse((), error.code, error.note, (*notes, error.note))
    notes += pair_notes
    if request.removed:
        removed = ", ".join(request.names[p] for p in sorted(request.removed))
        notes.append(note(REMOVED_NOTE, players=removed))
    pairings = [UNPAIRED] * len(request.names)
    for a, b in games:
        pa = field.standings[a].player
        pb = pa if b == BYE else field.standings[b].player
        pairings[pa], pairings[pb] = pb, pa
    return CopResponse(tuple(pairings), m.SUCCESS, None, tuple(notes))


def pair_field(
    field: Field, settings: CopSettings, seed: int
) -> tuple[list[tuple[int, int]], list[Note]]:
    """All games of the round by position (pre-paired ones included, ``BYE`` for a bye) and
    the log; raises ``CopError`` (OVERCONSTRAINED) when the hard rules allow no pairing. A
    round already paired for everybody comes back as it is, with nothing simulated."""
    kept = [(a, b if b != a else BYE) for a, b in field.prepaired.items() if a <= b]
    if not field.to_pair:
        pairs = "; ".join(f"{label(field, a)} v {label(field, b)}" for a, b in kept)
        return sorted(kept), [note(PREPAIRED_NOTE, pairs=pairs), note(ALL_PREPAIRED_NOTE)]
    assessment = assess(field, settings, seed)
    rules, ctx, rule_notes = build_rules(field, settings, assessment)
    solution = match(field, ctx, rules)
    notes = [*assessment.notes, *rule_notes, *solution.notes]
    if kept:
        pairs = "; ".join(f"{label(field, a)} v {label(field, b)}" for a, b in kept)
        notes.insert(0, note(PREPAIRED_NOTE, pairs=pairs))
    return sorted(kept) + list(solution.games), notes


def nodes_of(field: Field) -> list[int]:
    """The matching's nodes: the players still to pair, plus the bye in an odd field."""
    return list(field.to_pair) + ([BYE] if len(field.to_pair) % 2 else [])


def match(field: Field, ctx: WeightContext, rules: list[Rule], edges=None):
    """Phase 5: the matching (``edges`` from ``weigh`` when already computed)."""
    return solve(nodes_of(field), ctx, rules, edges)


def _header(field: Field, request: CopRequest) -> Note:
    return note(
        HEADER_NOTE,
        round=field.completed + 1,
        rounds=field.total_rounds,
        left=field.rounds_left,
        players=field.size,
        seed=request.seed,
    )
