"""COP's log as stored with a Round, and the explanation the director's pairing page shows.

The core's notes are English templates (marked with ``gettext_noop``) and their values; they are
stored as ``{"kind": template, "params": {...}}`` and translated only when shown, so the page
speaks the reader's language. Player names are plain values: the template escapes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from django.utils.translation import gettext, gettext_noop

from pairing.cop.messages import Note

HOPEFUL_FIRST = gettext_noop("Hopeful for first place: %(players)s.")
HOPEFUL_CASH = gettext_noop("Hopeful to finish in the %(places)s paid places: %(players)s.")
GIBSONIZED = gettext_noop("Gibsonized (place settled): %(players)s.")
NOBODY = gettext_noop("nobody")


def to_json(notes: Iterable[Note]) -> list[dict]:
    """The notes as JSON-ready dicts."""
    return [_note_json(n) for n in notes]


def _note_json(n: Note) -> dict:
    return {"kind": n.template, "params": {k: _value_json(v) for k, v in n.params}}


def _value_json(value):
    if isinstance(value, Note):
        return _note_json(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Note) for v in value):
        return [_note_json(v) for v in value]
    return value


def from_json(stored: Sequence[dict]) -> list[Note]:
    """The notes back from ``to_json``."""
    return [_note_from(d) for d in stored]


def _note_from(d: dict) -> Note:
    return Note(d["kind"], tuple(sorted((k, _value_from(v)) for k, v in d["params"].items())))


def _value_from(value):
    if isinstance(value, dict) and "kind" in value:
        return _note_from(value)
    if isinstance(value, list):
        return tuple(_note_from(v) for v in value)
    return value


@dataclass(frozen=True)
class Explanation:
    """Who contends for what, why games were forced, and the whole log; translated lines."""

    contention: list[str]
    forced: list[str]
    lines: list[str]


@cache
def forcing() -> frozenset[str]:
    """The notes that say why a game was forced (or a rule set aside), in the log's order.

    COP's modules load its simulations (numpy, a tenth of a second): imported when a log is
    explained, not when one is stored, so pairing a Swiss round (whose log is stored here too)
    and the pair command start without them."""
    from pairing.cop import constraints, contention, engine

    return frozenset(
        {
            engine.PREPAIRED_NOTE,
            contention.CONTROL_NOTE,
            contention.CONTROL_FALLBACK_NOTE,
            contention.ODD_GROUP_NOTE,
            contention.CONTROL_OFF_NOTE,
            contention.FACTOR3_NOTE,
            contention.FACTOR3_SKIPPED_NOTE,
            contention.RELAXED_NOTE,
            constraints.GROUPS_NOTE,
            constraints.GIBSON_BYE_NOTE,
            constraints.TOP_DOWN_NOTE,
            constraints.KOTH_NOTE,
            constraints.CLASS_KOTH_NOTE,
        }
    )


def explain(stored: Sequence[dict], translate: Callable[[str], str] = gettext) -> Explanation:
    """The explanation of a round from its stored log."""
    notes = from_json(stored)
    return Explanation(
        contention=_contention(notes, translate),
        forced=[n.render(translate) for n in notes if n.template in forcing()],
        lines=[n.render(translate) for n in notes],
    )


def _contention(notes: list[Note], translate: Callable[[str], str]) -> list[str]:
    from pairing.cop import contention  # see forcing()

    places = next(
        (dict(n.params)["places"] for n in notes if n.template == contention.SIMS_NOTE), None
    )
    if places is None:
        return []
    first, cash, locked = [], [], []
    for n in notes:
        params = dict(n.params)
        who = f"{params.get('name')} ({params.get('rank')})"
        if n.template == contention.STANDING_NOTE:
            if params["hopeful"] == 1:
                first.append(who)
            if params["hopeful"] <= places:
                cash.append(who)
        elif n.template == contention.LOCKED_NOTE:
            locked.append(who)
    nobody = translate(NOBODY)
    return [
        translate(HOPEFUL_FIRST) % {"players": ", ".join(first) or nobody},
        translate(HOPEFUL_CASH) % {"places": places, "players": ", ".join(cash) or nobody},
        translate(GIBSONIZED) % {"players": ", ".join(locked) or nobody},
    ]
