"""The checker's settings from an event's ``config.tsh``: the director's numbers, and the plan
the rounds were paired under.

The plan comes from the first of these that says anything:

1. the ``--plan`` the checker is given;
2. ``config pairing_system``: ``manual`` (or ``none``) is a league or event paired by hand,
   whose rounds are neither re-derived nor held to a system's rules; a system of the desk
   (``swiss``, ``koth``, ...) pairs every round; ``auto`` (TSH's default) goes on below;
3. ``config pairing_plan``, the desk's own plan (``"1-3 swiss; 4-N koth"``);
4. TSH's ``autopair`` lines for the division: each names a round, the round whose standings it
   is paired from, and the TSH command (``koth``, ``ns`` new Swiss, ``cp`` chew pairing (COP),
   ``rr`` round robin, ...). A schedule (round robin, Fontes, quads) goes on pairing the rounds
   after its own until the next line; a round no line names was paired by hand;
5. Swiss throughout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.refusal import gettext_noop
from pairing.plan import PairingPlan, PlanStep, parse_plan, validate_plan
from pairing.registry import SCHEDULED_SYSTEMS, SYSTEMS
from pairing.types import PairingSettings

from ..tsh.config import TshAutopair, TshConfig
from .findings import CheckRefused, CheckSettings

BAD_SETTING = gettext_noop("The setting %(key)s must be a whole number, not “%(value)s”.")
UNKNOWN_PAIRING_SYSTEM = gettext_noop(
    "The configuration's pairing_system “%(value)s” is not one the checker knows (auto, manual "
    "or one of %(systems)s): give the plan with --plan."
)
UNKNOWN_COMMAND = gettext_noop(
    "The autopair line for round %(round)s uses the command “%(command)s”, which the checker "
    "cannot re-derive (it knows %(commands)s): give the plan with --plan."
)
WHICH_DIVISION = gettext_noop(
    "The configuration pairs divisions %(divisions)s automatically: say which one this file is "
    "with --division."
)

_INT_OPTIONS = {
    "max_repeats": (0, 100),
    "max_spread_per_round": (0, 5000),
    "prize_places": (1, 1000),
    "factor": (1, 100),
    "max_rounds": (1, 100),
}
HAND_PAIRED = ("manual", "none")
# TSH's pairing commands, by their names and short names in TSH's manual, as the desk's systems
# (a system's own name is understood too). ``rr 2`` (twice round) is the double round robin.
TSH_COMMANDS = {
    "koth": "koth",
    "ns": "swiss",
    "newswiss": "swiss",
    "cp": "cop",
    "chewpair": "cop",
    "rr": "roundrobin",
    "if": "fontes",
    "initfontes": "fontes",
    "pair1324": "queen",
    "fp": "factor",
    "factorpair": "factor",
    "randompair": "random",
    **{name: name for name in SYSTEMS},
}
# A TSH command whose first argument names another system: `rr 2` is a double round robin.
TSH_COMMAND_ARGUMENTS = {("rr", "2"): "double_roundrobin", ("roundrobin", "2"): "double_roundrobin"}


def settings_from_options(
    options: Mapping[str, object],
    rounds_in_file: int,
    plan_text: str | None = None,
    autopair: Sequence[TshAutopair] = (),
) -> CheckSettings:
    """Settings from ``config.tsh`` options (``max_rounds``, ``pairing_system``,
    ``pairing_plan``, ``max_repeats``, ``gibsonize``, ``max_spread_per_round``,
    ``prize_places``, ``factor``) and the division's ``autopair`` lines; what is missing takes
    the desk's default (Swiss throughout, over the rounds the file holds)."""
    values: dict[str, int] = {}
    for key, (low, high) in _INT_OPTIONS.items():
        if key in options:
            value = options[key]
            if not isinstance(value, int) or not low <= value <= high:
                raise CheckRefused(BAD_SETTING, key=key, value=value)
            values[key] = value
    autopaired = max((a.round for a in autopair), default=0)
    total = max(values.get("max_rounds", 0), rounds_in_file, autopaired, 1)
    plan = plan_for(options, total, plan_text, autopair)
    validate_plan(plan, total)
    pairing = PairingSettings(
        max_repeats=values.get("max_repeats", 0),
        gibsonize=str(options.get("gibsonize", 1)).strip().lower() not in ("0", "false", "no"),
        max_spread_per_round=values.get("max_spread_per_round", 250),
        prize_places=values.get("prize_places", 1),
        factor=values.get("factor", 2),
    )
    return CheckSettings(plan, total, pairing)


def plan_for(
    options: Mapping[str, object],
    total: int,
    plan_text: str | None = None,
    autopair: Sequence[TshAutopair] = (),
) -> PairingPlan:
    """The plan the rounds were paired under (the module's order of precedence)."""
    if plan_text:
        return parse_plan(plan_text)
    system = str(options.get("pairing_system") or "auto").strip().lower()
    if system in HAND_PAIRED:
        return parse_plan("1-N manual")
    if system in SYSTEMS:
        return parse_plan(f"1-N {system}")
    if system != "auto":
        raise CheckRefused(UNKNOWN_PAIRING_SYSTEM, value=system, systems=", ".join(sorted(SYSTEMS)))
    if options.get("pairing_plan"):
        return parse_plan(str(options["pairing_plan"]))
    if autopair:
        return autopair_plan(autopair, total)
    return parse_plan("1-N swiss")


def autopair_plan(autopair: Sequence[TshAutopair], total: int) -> PairingPlan:
    """The plan of one division's ``autopair`` lines over rounds 1..``total`` (the last line
    for a round wins, as TSH reads its configuration)."""
    by_round = {a.round: a for a in autopair if a.round <= total}
    steps: list[list] = []  # [first, last, system, lag]
    for number in range(1, total + 1):
        line = by_round.get(number)
        if line is not None:
            system, lag = _system(line), number - 1 - line.based_on
        elif steps and steps[-1][2] in SCHEDULED_SYSTEMS:
            system, lag = steps[-1][2], steps[-1][3]  # the schedule goes on
        else:
            system, lag = "manual", 0
        keeps_on = line is None or system not in SCHEDULED_SYSTEMS
        if steps and keeps_on and steps[-1][2:] == [system, lag] and steps[-1][1] == number - 1:
            steps[-1][1] = number
        else:
            steps.append([number, number, system, lag])
    return PairingPlan(tuple(PlanStep(*step) for step in steps))


def _system(line: TshAutopair) -> str:
    command = line.command.lower()
    system = TSH_COMMANDS.get(command)
    if system is None:
        known = ", ".join(sorted(TSH_COMMANDS))
        raise CheckRefused(UNKNOWN_COMMAND, round=line.round, command=line.command, commands=known)
    first = line.args[0] if line.args else None
    return TSH_COMMAND_ARGUMENTS.get((command, first), system)


def division_autopair(
    config: TshConfig, file_name: str, division: str | None = None
) -> tuple[TshAutopair, ...]:
    """The ``autopair`` lines of the division in ``file_name`` (a ``.t`` file's name): the one
    ``division`` names, else the configuration's ``division`` line for that file, else the
    only division the lines pair."""
    named = {a.division for a in config.autopair}
    if division is None:
        base = file_name.replace("\\", "/").rsplit("/", 1)[-1].lower()
        matching = [d.name for d in config.divisions if d.file.lower().rsplit("/", 1)[-1] == base]
        division = matching[0] if matching else None
    if division is None and len(named) > 1:
        raise CheckRefused(WHICH_DIVISION, divisions=", ".join(sorted(named)))
    if division is None:
        return config.autopair
    return tuple(a for a in config.autopair if a.division == division.lower())
