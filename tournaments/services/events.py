"""Writes for tournaments. Views and commands call these; each validates, locks and audits."""

from django.db import transaction

from core.audit import audit_record, audited_delete, audited_update, snapshot
from core.slugs import free_slug

from ..models import Tournament, TournamentRole
from ..models.events import TOURNAMENT_FIELDS
from ..regions import paper_for_country, zone_for_country


def tournament_create(*, by, name: str, director=None, **fields) -> Tournament:
    """A new event; its paper size and time zone, unless given, follow its ``country``."""
    country = fields.get("country", "")
    if not fields.get("paper_size"):
        fields["paper_size"] = paper_for_country(country)
    if not fields.get("time_zone"):
        fields["time_zone"] = zone_for_country(country) or ""
    with transaction.atomic():
        slug = fields.pop("slug", "") or free_slug(Tournament, name, "event")
        tournament = Tournament(name=name.strip(), slug=slug, **fields)
        tournament.full_clean()
        tournament.save()
        if director is not None:
            TournamentRole.objects.create(
                tournament=tournament, user=director, role=TournamentRole.Role.DIRECTOR
            )
        audit_record(
            by=by,
            action="tournament.create",
            obj=tournament,
            tournament_id=tournament.pk,
            after=snapshot(tournament, TOURNAMENT_FIELDS),
        )
    return tournament


def tournament_update(*, by, tournament: Tournament, **changes) -> Tournament:
    return audited_update(
        by=by,
        instance=tournament,
        fields=TOURNAMENT_FIELDS,
        changes=changes,
        action="tournament.update",
        tournament_id=tournament.pk,
    )


def tournament_role_assign(*, by, tournament: Tournament, user, role: str) -> TournamentRole:
    with transaction.atomic():
        assignment, _created = TournamentRole.objects.update_or_create(
            tournament=tournament, user=user, defaults={"role": role}
        )
        audit_record(
            by=by,
            action="tournament.role",
            obj=assignment,
            tournament_id=tournament.pk,
            after={"user": user.pk, "role": role},
        )
    return assignment


def tournament_role_remove(*, by, assignment: TournamentRole) -> None:
    """Take a director's or assistant's role in the tournament away."""
    audited_delete(
        by=by,
        instance=assignment,
        fields=["user", "role"],
        action="tournament.role_remove",
        tournament_id=assignment.tournament_id,
    )
