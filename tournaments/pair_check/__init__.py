"""Check an event's pairings: re-derive each round and test the rules a pairing must keep.

Anyone with the ``.t`` file (a director, a player, a rival program) can run it, through
``manage.py pair_check``. Round by round, the round's system (from the plan) is given the
standings the plan bases the round on and the players the file shows in the round, and its
pairing is set against the file's: every difference is reported, and these rules are tested:

- ``repeat`` (Swiss, the fewest rematches): no more games beyond ``max_repeats`` than the same players allow;
- ``bye`` (systems that pair from the standings): one bye exactly when the field is odd, to a
  player with the fewest byes and, among them, the lowest placed (or to a gibsonized leader);
- ``groups`` (Swiss): no exact matching of the same players has fewer rematches or smaller win
  gaps (``groups.py``), short of more games beyond the limit;
- ``gibson`` (same systems, when gibsonizing): a leader who has clinched first plays someone
  out of the prizes whenever anyone in the round is;
- ``order`` (king and queen of the hill, factor, seeded): the games are the standings order's,
  in every round the system pairs (with forfeits too: their players are left out);
- ``sides`` (all but schedules): the player who went first had gone first no more often.

Which system keeps which rule is a fact of its entry in ``registry.SYSTEMS``. A round paired by
hand (``manual``) is the director's choice: it is neither re-derived nor held to any rule.

How a ``.t`` file is read (TSH's own conventions): a player's round is opponent ``n`` (a game),
or ``0`` with a score: positive a bye (or a forfeit win), negative a forfeit loss, zero a half bye
or a round the player was not in. A forfeit's opponent is not written, so in a round with
forfeits the byes and those games are matched up only as far as the counts allow. Seeds are not
written either: a random draw or COP's simulations may differ without breaking a rule.
"""

from __future__ import annotations

from pairing.plan import system_for_round
from pairing.registry import (
    FEWEST_REPEATS_SYSTEMS,
    ORDERED_SYSTEMS,
    REDERIVED_SYSTEMS,
    SIDED_SYSTEMS,
    STANDINGS_SYSTEMS,
    pair_round,
)
from pairing.types import PairingOut

from ..tsh.division import TshDivision
from .findings import (
    BYE,
    FORFEITS_NOTE,
    GIBSON,
    GROUPS,
    NOT_DERIVED,
    ORDER,
    ORDER_BROKEN,
    REPEAT,
    RULES,
    SIDES,
    CheckRefused,
    CheckReport,
    CheckSettings,
    Finding,
    RoundCheck,
    RoundView,
)
from .groups import groups_broken
from .reading import round_input, round_view, rounds_in
from .rules import (
    bye_broken,
    gibson_broken,
    label,
    members,
    pairs_of,
    pairs_text,
    params,
    repeat_broken,
    sides_broken,
)
from .settings import autopair_plan, division_autopair, plan_for, settings_from_options

__all__ = [
    "BYE",
    "GIBSON",
    "GROUPS",
    "ORDER",
    "REPEAT",
    "RULES",
    "SIDES",
    "CheckRefused",
    "CheckReport",
    "CheckSettings",
    "Finding",
    "RoundCheck",
    "RoundView",
    "autopair_plan",
    "check_division",
    "check_round",
    "division_autopair",
    "plan_for",
    "round_input",
    "round_view",
    "rounds_in",
    "settings_from_options",
]


def check_division(division: TshDivision, settings: CheckSettings) -> CheckReport:
    """Check every round the file pairs."""
    total = min(rounds_in(division), settings.total_rounds)
    return CheckReport(tuple(check_round(division, n, settings) for n in range(1, total + 1)))


def check_round(division: TshDivision, round_number: int, settings: CheckSettings) -> RoundCheck:
    """Re-derive one round and test its rules."""
    planned = system_for_round(settings.plan, round_number, settings.total_rounds)
    system = planned.system
    view = round_view(division, round_number)
    given = round_input(division, round_number, view.field, planned, settings)
    name = {c.id: label(c) for c in given.competitors}
    notes: list[Finding] = []
    derived = None
    if system in REDERIVED_SYSTEMS:
        try:
            derived = pairs_of(pair_round(system, given))
        except ValueError as error:  # a Refusal, or a system that cannot pair these players
            reason = str(error)
            notes.append(
                Finding(round_number, "", NOT_DERIVED, params(round=round_number, reason=reason))
            )
    unclear = set(view.forfeits) | (set(view.byes) if view.forfeits else set())
    if view.forfeits:
        notes.append(Finding(round_number, "", FORFEITS_NOTE, params(round=round_number)))
    played = pairs_of(
        [PairingOut(a, b) for a, b in view.games] + [PairingOut(p, None) for p in view.byes]
    )
    seen = [p for p in played if not unclear & set(members(p))]
    expected = [p for p in derived or () if not unclear & set(members(p))]
    only_played = tuple(p for p in seen if p not in expected) if derived is not None else ()
    only_derived = tuple(p for p in expected if p not in seen)
    differs = bool(only_played or only_derived)
    broken = _broken(system, view, given, name)
    if system in ORDERED_SYSTEMS and derived is not None and differs:
        order = params(
            round=round_number,
            system=system,
            played=pairs_text(only_played, name),
            expected=pairs_text(only_derived, name),
        )
        broken.append(Finding(round_number, ORDER, ORDER_BROKEN, order))
    return RoundCheck(
        round_number,
        system,
        planned.based_on_round,
        played,
        derived,
        only_played,
        only_derived,
        tuple(broken),
        tuple(notes),
    )


# Each rule, with the systems that keep it, in the order its findings are listed.
_RULES = (
    (SIDED_SYSTEMS, sides_broken),
    (STANDINGS_SYSTEMS, bye_broken),
    (STANDINGS_SYSTEMS, gibson_broken),
    (FEWEST_REPEATS_SYSTEMS, repeat_broken),
    (FEWEST_REPEATS_SYSTEMS, groups_broken),
)


def _broken(system: str, view: RoundView, given, name: dict[int, str]) -> list[Finding]:
    """The findings of every rule the round's system keeps (the order rule aside)."""
    return [
        finding
        for systems, rule in _RULES
        if system in systems
        for finding in rule(view, given, name)
    ]
