"""Steps 2 to 6 around the simulations: ``assess`` judges the race (Gibson, simulations,
control loss, factor 3), ``build_rules`` turns that into hard rules and the weight context."""

from __future__ import annotations

from dataclasses import dataclass

from core.refusal import gettext_noop

from . import rules as r
from .constraints import bye_rules, class_koth_rules, group_rule, koth_rule, label
from .control import Verdict, destinys_child, factor3_control
from .gibson import GibsonGroups, gibson_groups, gibsonized
from .hope import COST_BUDGET, Hope, run_division_sims
from .messages import Note, note
from .rules import Rule, forcing
from .settings import CopSettings, activation_round, by_rounds_left
from .simulate import Plan, rng_factory
from .standings import Field
from .weights import WeightContext, cash_contenders

SIMS_NOTE = gettext_noop(
    "Division simulations: %(sims)s of %(requested)s requested (at most %(cap)s for this field; "
    "fewer when every chance was decided first), hopefulness threshold %(threshold)s, gibson "
    "spread %(spread)s, %(places)s paid places."
)
STANDING_NOTE = gettext_noop(
    "%(rank)s. %(name)s: wins minus losses %(margin)s, spread %(spread)s; hopeful for place "
    "%(hopeful)s, best place reached %(best)s; first in %(first)s%%, cashing in %(cash)s%%."
)
BUDGET_NOTE = gettext_noop(
    "The cost budget binds: %(requested)s simulations of %(players)s players over %(rounds)s "
    "rounds would cost %(cost)s player-rounds x simulations, over the budget of %(budget)s; "
    "%(cap)s at most are run."
)
LOCKED_NOTE = gettext_noop("%(rank)s. %(name)s is gibsonized: their place is settled.")
CONTROL_OFF_NOTE = gettext_noop("Control loss does not apply: %(reason)s.")
REASON_INACTIVE = gettext_noop("it starts after %(activation)s completed rounds")
REASON_LAST_ROUND = gettext_noop("only one round is left")
REASON_LEADER_LOCKED = gettext_noop("the leader is gibsonized")
REASON_LEADER_PAIRED = gettext_noop("the leader is already paired")
REASON_NO_CONTENDER = gettext_noop("nobody else can hope to finish first")
CONTROL_NOTE = gettext_noop(
    "Control loss: destiny's child is %(player)s; the leader may only play %(players)s."
)
FACTOR3_NOTE = gettext_noop("Factor 3: %(pairs)s.")
# No longer written (control loss stays hard); kept so logs stored before still read.
CONTROL_FALLBACK_NOTE = gettext_noop(
    "Control loss dropped for this round: %(player)s, destiny's child, %(reason)s."
)
ODD_GROUP_NOTE = gettext_noop(
    "The contenders for 1st are an odd group: %(player)s is pulled in and kept from the leader."
)
RELAXED_NOTE = gettext_noop("Dropped for this round at the director's choice: %(rules)s.")
FACTOR3_SKIPPED_NOTE = gettext_noop(
    "Factor 3 not applied: %(players)s cannot all be paired freely."
)


@dataclass(frozen=True, slots=True)
class Assessment:
    """The race as the simulations see it, before any rule is made."""

    place_prizes: int
    gibson_spread: int
    threshold: float
    activation: int
    locked: frozenset[int]
    groups: GibsonGroups
    hope: Hope
    destiny: Verdict | None
    factor3: Verdict | None
    notes: tuple[Note, ...]


def assess(field: Field, settings: CopSettings, seed: int) -> Assessment:
    """Gibson groups, division simulations, control loss and factor 3 verdicts."""
    left = field.rounds_left
    spread_cap = by_rounds_left(settings.gibson_spread, left)
    threshold = by_rounds_left(settings.hopefulness, left)
    places = min(settings.place_prizes or 1, field.size)
    locked = gibsonized(field.standings, places, left, spread_cap)
    rng_for = rng_factory(seed)
    # The first round simulated is the first complete round without results, as paired; else
    # the round to pair, with its pre-paired games.
    first_games = field.pending or tuple((a, b) for a, b in field.prepaired.items() if a <= b)
    hope = run_division_sims(
        tuple(s.wl2 for s in field.standings),
        tuple(s.spread for s in field.standings),
        Plan(left, spread_cap, first_games),
        settings.division_sims,
        threshold,
        places,
        rng_for("division"),
    )
    notes = [
        note(
            SIMS_NOTE,
            sims=hope.sims,
            requested=hope.requested,
            cap=hope.cap,
            threshold=threshold,
            spread=spread_cap,
            places=places,
        ),
        *_budget_note(field, hope),
        *_standing_notes(field, hope, locked),
    ]
    activation = activation_round(settings, field.total_rounds)
    verdicts = _verdicts(field, settings, locked, hope, activation, first_games, rng_for)
    destiny, factor3 = verdicts
    notes += [n for v in verdicts if v is not None for n in v.notes]
    return Assessment(
        places, spread_cap, threshold, activation, locked,
        gibson_groups(field.to_pair, locked), hope, destiny, factor3, tuple(notes),
    )  # fmt: skip


def _verdicts(
    field: Field,
    settings: CopSettings,
    locked: frozenset[int],
    hope: Hope,
    activation: int,
    first_games: tuple[tuple[int, int], ...],
    rng_for,
) -> tuple[Verdict | None, Verdict | None]:
    """Control loss (when it applies) and factor 3 (2 rounds left, no destiny's child)."""
    spread_cap = by_rounds_left(settings.gibson_spread, field.rounds_left)
    threshold = settings.control_loss_threshold
    reason = _control_off_reason(field, locked, hope, activation)
    destiny = None
    if reason is not None:
        destiny = Verdict(None, (note(CONTROL_OFF_NOTE, reason=reason),))
    else:
        candidates = [p for p in range(1, hope.lowest_hopeful[0] + 1) if p not in locked]
        destiny = destinys_child(
            field,
            candidates,
            first_games,
            spread_cap,
            threshold,
            settings.control_loss_sims,
            rng_for,
        )
    factor3 = None
    if field.rounds_left == 2 and field.size >= 6 and destiny.player is None:
        factor3 = factor3_control(field, spread_cap, threshold, settings.control_loss_sims, rng_for)
    return destiny, factor3


def _budget_note(field: Field, hope: Hope) -> list[Note]:
    if hope.cap >= hope.requested:
        return []
    rounds = field.rounds_left
    return [
        note(
            BUDGET_NOTE,
            requested=hope.requested,
            players=field.size,
            rounds=rounds,
            cost=f"{hope.requested * field.size * rounds:,}",
            budget=f"{COST_BUDGET:,}",
            cap=hope.cap,
        )
    ]


def _standing_notes(field: Field, hope: Hope, locked: frozenset[int]) -> list[Note]:
    notes = []
    for pos, s in enumerate(field.standings):
        notes.append(
            note(
                STANDING_NOTE,
                rank=pos + 1,
                name=s.name,
                margin=f"{s.wl2 / 2:+g}",
                spread=f"{s.spread:+d}",
                hopeful=hope.hopeful_rank[pos] + 1,
                best=hope.absolute_rank[pos] + 1,
                first=round(100 * hope.first_chance[pos], 2),
                cash=round(100 * hope.cash_chance[pos], 2),
            )
        )
        if pos in locked:
            notes.append(note(LOCKED_NOTE, rank=pos + 1, name=s.name))
    return notes


def _control_off_reason(
    field: Field, locked: frozenset[int], hope: Hope, activation: int
) -> Note | None:
    if field.completed < activation:
        return note(REASON_INACTIVE, activation=activation)
    if field.rounds_left <= 1:
        return Note(REASON_LAST_ROUND)
    if 0 in locked:
        return Note(REASON_LEADER_LOCKED)
    if 0 in field.prepaired:
        return Note(REASON_LEADER_PAIRED)
    if hope.lowest_hopeful[0] < 1:
        return Note(REASON_NO_CONTENDER)
    return None


def build_rules(
    field: Field, settings: CopSettings, a: Assessment
) -> tuple[list[Rule], WeightContext, list[Note]]:
    """The hard rules of the round (in the order they are relaxed when diagnosing), the weight
    context, and the notes on rules that were dropped."""
    found: list[Rule | None] = [group_rule(field, a.groups)]
    byes, recipient = bye_rules(field, a.locked, a.groups, settings.top_down_byes)
    if r.KEY_OF[r.TOP_DOWN] in settings.relaxed:
        recipient = None  # dropped below: nobody is forced to have the bye
    found += byes
    if field.rounds_left == 1:
        found += _final_round_rules(field, settings, a, recipient)
    notes: list[Note] = []
    found.append(_control_rule(field, a, recipient, notes))
    factor3 = _factor3_rule(field, a, recipient, notes)
    found.append(factor3)
    bottoms = {p: a.hope.lowest_hopeful[a.hope.hopeful_rank[p]] for p in range(field.size)}
    pulled = None if factor3 is not None else odd_pull(field, a, recipient)
    if pulled is not None:
        notes.append(note(ODD_GROUP_NOTE, player=label(field, pulled)))
    ctx = WeightContext(
        field,
        a.hope,
        a.place_prizes,
        a.locked,
        bottoms,
        settings.allow_repeat_byes,
        bottom_group=a.groups.bottom if a.locked else None,
        odd_pull=pulled,
        cash_contenders=cash_contenders(field, a.hope, a.place_prizes, a.locked),
    )
    rules = [rule for rule in found if rule is not None]
    dropped = [rule for rule in rules if r.KEY_OF.get(rule.name) in settings.relaxed]
    rules = [rule for rule in rules if rule not in dropped]
    if dropped:
        notes.append(note(RELAXED_NOTE, rules=tuple(Note(rule.name) for rule in dropped)))
    return rules, ctx, [n for rule in rules for n in rule.notes] + notes


def _final_round_rules(
    field: Field, settings: CopSettings, a: Assessment, recipient: int | None
) -> list[Rule | None]:
    """King of the hill among the cash contenders, then class by class; the top-down bye's
    recipient takes part in neither."""
    cashers_down_to = lowest_absolute_casher(a.hope, a.place_prizes)
    koth = koth_rule(field, cashers_down_to, a.locked, a.groups, recipient)
    taken = set(koth.partners) if koth else set()
    class_start = max([cashers_down_to, *taken]) + 1  # below the last forced pair
    taken |= {recipient} if recipient is not None else set()
    return [
        koth,
        *class_koth_rules(
            field,
            settings.class_prizes,
            frozenset(taken),
            a.locked,
            a.groups,
            a.gibson_spread,
            a.hope.cash_chance,
            class_start,
        ),
    ]


def lowest_absolute_casher(hope: Hope, place_prizes: int) -> int:
    """The lowest-ranked player who reached a paid place in any simulation (the leader when
    nobody did: a field of one contender)."""
    reached = [p for p, best in enumerate(hope.absolute_rank) if best < place_prizes]
    return max(reached, default=0)


def odd_pull(field: Field, a: Assessment, recipient: int | None) -> int | None:
    """The player pulled into an odd group of contenders for 1st (kept from the leader by a
    major penalty), or ``None``. The group runs from the leader to the lowest player hopeful
    for 1st, not counting a gibsonized leader nor the forced bye's recipient; when it is the
    leader alone, a player is pulled in only if the leader is gibsonized."""
    if 0 not in field.to_pair:
        return None
    lowest = a.hope.lowest_hopeful[0]
    if lowest == 0:
        if 0 not in a.locked:
            return None
    else:
        counted = [
            p for p in range(lowest + 1) if not (p == 0 and p in a.locked) and p != recipient
        ]
        if len(counted) % 2 == 0:
            return None
    below = [p for p in field.to_pair if p > lowest and p != recipient]
    return below[0] if below else None


def _control_rule(field: Field, a: Assessment, recipient: int | None, notes: list[Note]):
    """The leader may only play destiny's child (and, with more than 4 rounds left outside the
    activation round, the player just above). Hard even when destiny's child is pre-paired or
    has the forced bye: the matching then answers OVERCONSTRAINED naming control loss."""
    child = a.destiny.player if a.destiny else None
    if child is None:
        return None
    allowed = {child}
    above = child - 1
    wide = field.rounds_left > 4 and field.completed != a.activation
    if wide and above >= 1 and above not in field.prepaired and above not in a.locked:
        allowed.add(above)
    players = ", ".join(label(field, p) for p in sorted(allowed))
    detail = note(CONTROL_NOTE, player=label(field, child), players=players)
    return Rule(r.CONTROL_LOSS, {0: frozenset(allowed)}, notes=(detail,))


def _factor3_rule(field: Field, a: Assessment, recipient: int | None, notes: list[Note]):
    if a.factor3 is None:
        return None
    if a.factor3.player is not None:
        pairs = [(0, a.factor3.player)]
    elif all(a.hope.hopeful_rank[p + 3] <= p for p in range(3)):
        pairs = [(0, 3), (1, 4), (2, 5)]
    else:
        return None
    players = sorted({p for pair in pairs for p in pair})
    free = set(field.to_pair) - a.locked - {recipient}
    if not free.issuperset(players):
        notes.append(
            note(FACTOR3_SKIPPED_NOTE, players=", ".join(label(field, p) for p in players))
        )
        return None
    text = "; ".join(f"{label(field, x)} v {label(field, y)}" for x, y in pairs)
    return forcing(r.FACTOR_3, pairs, (note(FACTOR3_NOTE, pairs=text),))
