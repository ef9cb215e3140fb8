"""Pairing a round: the pure pairing core fed from the database (edits and pins: ``round_edits``).

``round_pair`` reads the standings as of the round the plan bases this round on, the pairing
history, byes and firsts/seconds of every earlier round, the pins of this round and the entries
active in it, asks ``pairing.registry.pair_round`` for the games and writes them.

Scores of byes are left empty: a bye counts the division's bye spread when the standings are
computed, so changing the setting later changes every bye (a TSH import is the exception: it
stores the spread the file recorded in ``first_score``; see ``tournaments.selectors``).

Every refusal is a ``RoundRefused`` (or the core's ``PairingError``): both are
``core.refusal.Refusal``s, shown with ``core.messages.translated``.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_record
from core.models import AuditEntry
from pairing.cop import rules as cop_rules
from pairing.cop.settings import class_key
from pairing.cop.settings import from_json as cop_settings_from_json
from pairing.messages import UNKNOWN_SYSTEM
from pairing.plan import PlannedRound
from pairing.registry import SCHEDULED_SYSTEMS, SYSTEMS, pair_round
from pairing.types import FIRST, SECOND, Competitor, PairingOut, PairingSettings, RoundInput

from .. import cop_log
from ..models import Division, Entry, Pairing, RestorePoint, Round
from ..selectors.divisions import (
    PAIRING_ENTRY_FIELDS,
    DivisionResults,
    PairingRow,
    division_pairing_rows,
    division_read,
)
from ..selectors.plans import planned_round
from ..selectors.rounds import missing_results
from .divisions import DivisionRefused
from .round_end_points import round_point
from .round_games import games_insert

EARLIER_NOT_PAIRED = gettext_noop("Pair round %(round)s before round %(next)s.")
HAS_RESULTS = gettext_noop(
    "Round %(round)s already has results; re-pairing it would throw them away. Confirm to force it."
)
LATER_PAIRED = gettext_noop(
    "Round %(later)s is already paired from this round; re-pair it afterwards or confirm to force it."
)
MISSING_RESULTS = gettext_noop(
    "Round %(next)s is paired on the standings after round %(round)s, whose results are missing "
    "at tables %(tables)s."
)
PIN_NOT_PLAYING = gettext_noop(
    "Player #%(player)s is pinned in round %(round)s but does not play that round."
)
BAD_ROUND = gettext_noop("Round %(round)s is outside the division's %(total)s rounds.")
UNKNOWN_RULE = gettext_noop("COP has no rule called “%(rule)s” to drop.")
IN_PLAYOFF = gettext_noop("This division is in its playoff: pair the playoff's next games instead.")


class RoundRefused(DivisionRefused):
    """A pairing request refused with a reason."""


def has_result(pairing: Pairing) -> bool:
    """A game with any score entered, or a forfeit; a bye alone is not a result to protect."""
    if pairing.kind == Pairing.Kind.BYE:
        return False
    if pairing.kind == Pairing.Kind.PLAYED:
        return pairing.first_score is not None or pairing.second_score is not None
    return True


def round_pair(
    *,
    by,
    division: Division,
    round_number: int,
    system: str | None = None,
    seed: int | None = None,
    force: bool = False,
    relax: Sequence[str] = (),
    restore_point: bool = True,
) -> Round:
    """Pair ``round_number`` of ``division`` and write its Round and Pairings.

    ``system`` overrides the plan's system (the based-on round stays the plan's). ``seed``
    defaults to a fresh random one, except inside a schedule step (round robin, quads, Fontes)
    where the step's first round's seed is reused so its groups stay the same. ``force``
    re-pairs a round that has results or whose later rounds are paired. ``relax`` names COP
    hard rules (keys of ``pairing.cop.rules.KEYS``) to drop for this round only, when the
    director chooses so after COP could not pair; the round's log and audit entry say so.
    ``restore_point=False`` leaves the event's restore point to the caller (pairing every
    division at once takes one after the last, not one whole-event archive per division).
    """
    for rule in relax:
        if rule not in cop_rules.KEYS:
            raise RoundRefused(UNKNOWN_RULE, rule=rule)
    request = _PairRequest(round_number, system, seed, force, tuple(relax))
    # Read and pair without the lock (the slow part), then lock only to write; if anything in
    # the event was changed meanwhile (every change is audited), pair again under the lock.
    read_at = last_change(division.tournament_id)
    prepared = _prepare(division.pk, request)
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if last_change(division.tournament_id) != read_at:
            prepared = _prepare(division.pk, request)
        rnd = _write_round(by, prepared, sorted(relax))
        if restore_point:
            round_point(by, division, rnd.number, RestorePoint.Reason.PAIRING)
        return rnd


@dataclass(frozen=True, slots=True)
class _PairRequest:
    round_number: int
    system: str | None
    seed: int | None
    force: bool
    relax: tuple[str, ...]


@dataclass(slots=True)
class _Prepared:
    rnd: Round
    system: str
    planned: PlannedRound
    seed: int
    outs: Sequence[PairingOut]


def last_change(tournament_id: int) -> int:
    """The newest audit entry of the tournament: any change to it writes a newer one."""
    found = AuditEntry.objects.filter(tournament_id=tournament_id).aggregate(last=Max("pk"))
    return found["last"] or 0


def _prepare(division_pk: int, request: _PairRequest) -> _Prepared:
    """Check the request, read the division once and pair it; writes nothing."""
    division = Division.objects.get(pk=division_pk)
    round_number = request.round_number
    if not 1 <= round_number <= division.rounds:
        raise RoundRefused(BAD_ROUND, round=round_number, total=division.rounds)
    planned = planned_round(division, round_number)
    if request.system is not None and request.system not in SYSTEMS:
        raise RoundRefused(UNKNOWN_SYSTEM, system=request.system)
    system = request.system or planned.system
    rounds = {r.number: r for r in division.round_set.all()}
    _check_can_pair(division, round_number, planned, rounds, request.force)
    seed = _choose_seed(request.seed, system, planned, round_number, rounds)
    results = pairing_read(division)
    round_input = build_round_input(
        division, round_number, planned, seed, results, relax=request.relax
    )
    log: list = []
    outs = pair_round(system, round_input, log)
    rnd = rounds.get(round_number) or Round(division=division, number=round_number)
    rnd.pairing_log = cop_log.to_json(log)
    return _Prepared(rnd, system, planned, seed, outs)


def _check_can_pair(
    division: Division,
    round_number: int,
    planned: PlannedRound,
    rounds: dict[int, Round],
    force: bool,
) -> None:
    if division.playoff:
        raise RoundRefused(IN_PLAYOFF)
    for earlier in range(1, round_number):
        if earlier not in rounds:
            raise RoundRefused(EARLIER_NOT_PAIRED, round=earlier, next=round_number)
    if round_number in rounds and not force:
        if any(has_result(p) for p in rounds[round_number].pairings.all()):
            raise RoundRefused(HAS_RESULTS, round=round_number)
        later = [n for n in rounds if n > round_number]
        if later:
            raise RoundRefused(LATER_PAIRED, later=min(later))
    missing = missing_results(division, planned.based_on_round)
    if missing:
        first = min(missing)
        raise RoundRefused(
            MISSING_RESULTS, next=round_number, round=first, tables=", ".join(missing[first])
        )


def _choose_seed(
    seed: int | None,
    system: str,
    planned: PlannedRound,
    round_number: int,
    rounds: dict[int, Round],
) -> int:
    if seed is not None:
        return seed
    step_start = rounds.get(round_number - planned.round_in_step + 1)
    if system in SCHEDULED_SYSTEMS and planned.round_in_step > 1 and step_start is not None:
        return step_start.seed
    return secrets.randbelow(2**31)


def playing_entries(division: Division, entries: Sequence[Entry], round_number: int) -> list[Entry]:
    """Entries active in ``round_number``; round 1 only checked-in ones if the division says so."""
    playing = [e for e in entries if e.is_active_in(round_number)]
    if round_number == 1 and division.pair_checked_in_only:
        playing = [e for e in playing if e.status == Entry.Status.CHECKED_IN]
    return playing


def pairing_read(division: Division) -> DivisionResults:
    """What pairing needs of ``division``: entries as models (activity, class, fixed table) and
    pairings as plain rows (thousands of them: model instances cost more than the pairing)."""
    return division_read(division, division_pairing_rows(division), PAIRING_ENTRY_FIELDS)


def build_round_input(
    division: Division,
    round_number: int,
    planned: PlannedRound,
    seed: int,
    results: DivisionResults,
    relax: Sequence[str] = (),
) -> RoundInput:
    """The pure pairing input for ``round_number`` (competitor ids are Entry primary keys);
    ``relax``: COP rules dropped for this round."""
    rows = results.standings(through_round=planned.based_on_round)
    entry_of = results.entry_by_number
    playing = {e.pk for e in playing_entries(division, results.entries, round_number)}
    if planned.based_on_round == 0:
        # Before any result the field is seeded by rating, then player number.
        rows = sorted(
            rows, key=lambda r: (-r.wins, -r.spread, -entry_of[r.player].rating, r.player)
        )
    earlier = [p for p in results.pairings if p.round_number < round_number]
    competitors = _competitors(rows, entry_of, playing, earlier, planned.based_on_round == 0)
    step_first = round_number - planned.round_in_step + 1
    return RoundInput(
        round_number=round_number,
        total_rounds=division.rounds,
        competitors=competitors,
        history=tuple((p.first_id, p.second_id) for p in earlier),
        fixed_pairs=_fixed_pairs(division, round_number, playing, results),
        fixed_tables={
            e.pk: e.fixed_table for e in results.entries if e.pk in playing and e.fixed_table
        },
        settings=PairingSettings(
            max_repeats=division.max_repeats,
            gibsonize=division.gibsonize,
            max_spread_per_round=division.max_spread_per_round,
            prize_places=division.prize_places,
            avoid_team_rounds=division.avoid_team_rounds,
            cop=replace(cop_settings_from_json(division.cop_settings), relaxed=frozenset(relax)),
        ),
        seed=seed,
        roster=tuple(e.pk for e in results.entries if e.joins_at_round <= step_first),
        round_in_step=planned.round_in_step,
    )


def _competitors(
    rows: Sequence, entry_of: dict, playing: set[int], earlier: list[PairingRow], by_seed: bool
) -> tuple[Competitor, ...]:
    """The playing entries in standings order; ranked by position when seeded, not by results.
    Every per-player history comes from one pass over ``earlier`` (it was once a scan per player:
    quadratic, 4.6 of 5.4 s pairing 1,000 players)."""
    sides = _sides(earlier)
    byes = Counter(p.first_id for p in earlier if p.kind == Pairing.Kind.BYE)  # not a forfeit
    competitors = []
    for position, row in enumerate(rows, start=1):
        entry = entry_of[row.player]
        if entry.pk not in playing:
            continue
        firsts, seconds, last = sides.get(entry.pk, (0, 0, ()))
        competitors.append(
            Competitor(
                id=entry.pk,
                rank=position if by_seed else row.rank,
                wins=row.wins,
                losses=row.losses,
                spread=row.spread,
                rating=entry.rating,
                byes=byes[entry.pk],
                firsts=firsts,
                seconds=seconds,
                last_sides=last,
                klass=class_key(entry.player_class),
                name=entry.player.name,
                team=entry.team,
            )
        )
    return tuple(competitors)


def _sides(pairings: Sequence[PairingRow]) -> dict[int, tuple[int, int, tuple[str, ...]]]:
    """Firsts, seconds and sides in round order of each entry, from played games of known sides."""
    found: dict[int, list[str]] = {}
    for p in sorted(pairings, key=lambda p: p.round_number):
        if p.second_id is None or p.kind != Pairing.Kind.PLAYED or not p.sides_known:
            continue
        found.setdefault(p.first_id, []).append(FIRST)
        found.setdefault(p.second_id, []).append(SECOND)
    return {k: (v.count(FIRST), v.count(SECOND), tuple(v)) for k, v in found.items()}


def _fixed_pairs(
    division: Division, round_number: int, playing: set[int], results: DivisionResults
) -> tuple[tuple[int, int], ...]:
    number = {e.pk: e.number for e in results.entries}
    pins = []
    for pin in division.fixed_pairings.filter(round_number=round_number).order_by("id"):
        for entry_id in (pin.first_id, pin.second_id):
            if entry_id not in playing:
                raise RoundRefused(PIN_NOT_PLAYING, player=number[entry_id], round=round_number)
        pins.append((pin.first_id, pin.second_id))
    return tuple(pins)


def _write_round(by, prepared: _Prepared, relaxed: list[str]) -> Round:
    rnd, system, planned, seed = prepared.rnd, prepared.system, prepared.planned, prepared.seed
    division = rnd.division
    before = pairing_snapshot(rnd.pairings.all()) if rnd.pk else None
    rnd.system, rnd.based_on_round, rnd.seed = system, planned.based_on_round, seed
    rnd.paired_at = timezone.now()
    rnd.save()
    if before is not None:  # a new round has no games to delete (nor a query to find them)
        rnd.pairings.all().delete()
    games_insert(rnd, prepared.outs)
    audit_record(
        by=by,
        action="round.pair",
        obj=rnd,
        tournament_id=division.tournament_id,
        before=before,
        after={"system": system, "seed": seed, "based_on_round": planned.based_on_round}
        | ({"relaxed": relaxed} if relaxed else {})
        | {"pairings": [[out.table, out.first, out.second] for out in prepared.outs]},
    )
    return rnd


def new_pairing(rnd: Round, out: PairingOut) -> Pairing:
    return Pairing(
        round=rnd,
        table=out.table,
        first_id=out.first,
        second_id=out.second,
        sides_drawn=out.sides_drawn,
        kind=Pairing.Kind.BYE if out.second is None else Pairing.Kind.PLAYED,
    )


def pairing_snapshot(pairings) -> dict:
    return {"pairings": [[p.table, p.first_id, p.second_id] for p in pairings.order_by("id")]}
