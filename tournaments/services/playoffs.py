"""The playoff stage of a division: start it, pair its next games, cancel it.

The stage is the division's ``playoff`` JSON (``results.playoffs.Stage``); its games are ordinary
pairings of rounds after the preliminary ones (``Round.system == "playoff"``), so the scoresheet,
the clock and result entry (``services.results.result_record``) work on them as on any game.
Games are paired one per undecided series at a time: a series decided by a result never gets
another game, so no unplayed decider is ever created (or has to be removed).
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_record
from pairing.registry import BRACKET_ROUND

from ..models import Division, Pairing, RestorePoint, Round
from ..results.playoff_games import pairing_game
from ..results.playoffs import (
    FIRST_MOVE,
    Bracket,
    NextGame,
    PlayoffRefused,
    Stage,
    bracket,
    next_games,
    read_stage,
)
from ..results.standings import StandingRow
from ..selectors.divisions import division_results
from ..selectors.rounds import missing_results
from .divisions import DivisionRefused
from .round_end_points import round_point
from .rounds import has_result, pairing_snapshot

ALREADY = gettext_noop("This division already has a playoff.")
NO_PLAYOFF = gettext_noop("This division has no playoff.")
NO_ROUNDS = gettext_noop("Play the preliminary rounds before the playoff.")
MISSING = gettext_noop(
    "The playoff is seeded on the standings after round %(round)s, whose results are missing "
    "at tables %(tables)s."
)
TOO_FEW = gettext_noop("Only %(count)s players can play: the playoff needs %(top)s.")
OVER = gettext_noop("The playoff is over: every series is decided.")
WAITING = gettext_noop("Every series in play is waiting for a result: enter it first.")
HAS_RESULTS = gettext_noop(
    "Playoff games already have results: remove them before cancelling the playoff."
)


class PlayoffServiceRefused(DivisionRefused):
    """A playoff request refused with a reason."""


def playoff_create(
    *,
    by,
    division: Division,
    top: int,
    best_of: int,
    final_best_of: int | None = None,
    advantage: str = FIRST_MOVE,
    third_place: bool = False,
    seed: int | None = None,
) -> Round:
    """Seed the top ``top`` players of the standings after the last round into a playoff and
    pair its first games (see ``results.playoffs`` for the settings)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.playoff:
            raise PlayoffServiceRefused(ALREADY)
        last = division.round_set.order_by("-number").values_list("number", flat=True).first()
        if last is None:
            raise PlayoffServiceRefused(NO_ROUNDS)
        missing = missing_results(division, last)
        if missing:
            first = min(missing)
            raise PlayoffServiceRefused(MISSING, round=first, tables=", ".join(missing[first]))
        rows = _seedable(division, last)
        if len(rows) < top:
            raise PlayoffServiceRefused(TOO_FEW, count=len(rows), top=top)
        stage = _stage(
            top=top,
            best_of=best_of,
            final_best_of=final_best_of if final_best_of != best_of else None,
            advantage=advantage,
            third_place=third_place,
            seeds=tuple(r.player for r in rows[:top]),
            after_round=last,
            seed=secrets.randbelow(2**31) if seed is None else seed,
        )
        playoff = stage.to_json()
        _store_stage(by, division, playoff, "division.playoff_create", after=playoff)
        return _pair_next(by, division, stage)


def playoff_pair_next(*, by, division: Division) -> Round:
    """Pair the next game of every series that plays and waits for no result, as a new round."""
    with transaction.atomic():
        division, stage = _locked_stage(division)
        return _pair_next(by, division, stage)


def playoff_cancel(*, by, division: Division) -> None:
    """Remove the playoff and its games; refused once a playoff game has a result."""
    with transaction.atomic():
        division, stage = _locked_stage(division)
        rounds = division.round_set.filter(number__gt=stage.after_round)
        games = Pairing.objects.filter(round__in=rounds)
        if any(has_result(p) for p in games):
            raise PlayoffServiceRefused(HAS_RESULTS)
        removed = []
        for rnd in rounds.order_by("number"):
            removed.append(rnd.number)
            audit_record(
                by=by,
                action="round.delete",
                obj=rnd,
                tournament_id=division.tournament_id,
                before={"round": rnd.number} | pairing_snapshot(rnd.pairings.all()),
            )
            rnd.delete()
        _store_stage(by, division, {}, "division.playoff_cancel", after={"rounds_removed": removed})


def _seedable(division: Division, last: int) -> list[StandingRow]:
    """The standings after round ``last`` without the players withdrawn now, as the standings
    pages mark them: withdrawn after any round, ``last`` included (the standings after ``last``
    count a player withdrawn after it as still playing)."""
    found = division_results(division)
    withdrawn = {player.number for player in found.players_as_of(None) if player.withdrawn}
    return [row for row in found.standings(last) if row.player not in withdrawn]


def _store_stage(by, division: Division, playoff: dict, action: str, after: dict) -> None:
    """Store ``playoff`` as the division's stage ({}: none) and audit it, with the stage it
    replaces (if any) before."""
    before = division.playoff or None
    division.playoff = playoff
    division.save(update_fields=["playoff"])
    audit_record(
        by=by,
        action=action,
        obj=division,
        tournament_id=division.tournament_id,
        before=before,
        after=after,
    )


def _locked_stage(division: Division) -> tuple[Division, Stage]:
    """The division's row, locked, and its playoff stage; refused when it has none."""
    division = Division.objects.select_for_update().get(pk=division.pk)
    stage = read_stage(division.playoff)
    if stage is None:
        raise PlayoffServiceRefused(NO_PLAYOFF)
    return division, stage


def _stage(**settings) -> Stage:
    try:
        return Stage(**settings)
    except PlayoffRefused as err:
        raise PlayoffServiceRefused(err.template, **err.params) from err


def division_bracket(division: Division, stage: Stage) -> Bracket:
    """The stage's bracket with every playoff game so far (model instances, one read)."""
    found = division_results(division)
    number = {entry.pk: entry.number for entry in found.entries}
    games = [
        pairing_game(p.round.number, p, number)
        for p in found.pairings
        if p.round.number > stage.after_round
    ]
    return bracket(stage, [g for g in games if g is not None])


def _pair_next(by, division: Division, stage: Stage) -> Round:
    state = division_bracket(division, stage)
    todo = next_games(state)
    if not todo:
        raise PlayoffServiceRefused(OVER if state.finished else WAITING)
    last = division.round_set.order_by("-number").values_list("number", flat=True).first()
    rnd = Round.objects.create(
        division=division,
        number=last + 1,
        system=BRACKET_ROUND,
        based_on_round=stage.after_round,
        seed=stage.seed,
        paired_at=timezone.now(),
    )
    entry = {e.number: e.pk for e in division.entries.all()}
    created = Pairing.objects.bulk_create(
        [_pairing(rnd, table, game, entry) for table, game in enumerate(todo, start=1)]
    )
    audit_record(
        by=by,
        action="round.pair",
        obj=rnd,
        tournament_id=division.tournament_id,
        after={
            "system": BRACKET_ROUND,
            "series": [[g.series, g.game] for g in todo],
            "pairings": [[p.table, p.first_id, p.second_id] for p in created],
        },
    )
    round_point(by, division, rnd.number, RestorePoint.Reason.PAIRING)
    return rnd


def _pairing(rnd: Round, table: int, game: NextGame, entry: dict[int, int]) -> Pairing:
    return Pairing(
        round=rnd,
        table=table,
        first_id=entry[game.first],
        second_id=entry[game.second],
        sides_drawn=False,
        kind=Pairing.Kind.PLAYED,
    )
