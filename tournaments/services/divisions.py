"""Divisions of a tournament: create and change them, checking the pairing plan and tie-breaks."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from core.audit import audited_create, audited_update

from ..division_checks import SETTINGS_CHECKS, DivisionRefused
from ..models import Division, Tournament
from ..models.events import DIVISION_FIELDS

NAME_TAKEN = gettext_noop("The tournament already has a division called “%(name)s”.")
ROUNDS_PAIRED = gettext_noop("Round %(round)s is already paired; the division cannot be shorter.")


def _validate(division: Division) -> None:
    for _field, check in SETTINGS_CHECKS:
        check(division)
    same = Division.objects.filter(tournament_id=division.tournament_id, name=division.name)
    if same.exclude(pk=division.pk).exists():
        raise DivisionRefused(NAME_TAKEN, name=division.name)
    last = division.round_set.order_by("-number").first() if division.pk else None
    if last is not None and last.number > division.rounds:
        raise DivisionRefused(ROUNDS_PAIRED, round=last.number)


def division_create(*, by, tournament: Tournament, name: str, **settings) -> Division:
    """A new division of ``tournament``; ``settings`` are Division fields (rounds, plan ...)."""
    return audited_create(
        by=by,
        instance=Division(tournament=tournament, name=name.strip(), **settings),
        fields=DIVISION_FIELDS,
        action="division.create",
        tournament_id=tournament.pk,
        check=_validate,
    )


def division_update(*, by, division: Division, **changes) -> Division:
    """Change a division's settings (only the fields in ``DIVISION_FIELDS``)."""
    return audited_update(
        by=by,
        instance=division,
        fields=DIVISION_FIELDS,
        changes=changes,
        action="division.update",
        tournament_id=division.tournament_id,
        clean=_validate,
    )
