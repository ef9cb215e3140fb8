"""Members in bulk: a pasted list or CSV added as members in one go (the review of the rows is
registration's, ``players.bulk``), and a member's status (active or lapsed, from a date)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_created
from players.bulk import chosen_players
from players.chosen import chosen_rows, chosen_rows_players
from players.models import Player

from ..models import Club, Membership
from .nights import ClubRefused, membership_update

MEMBER_TWICE = gettext_noop("Line %(line)s: %(player)s is already a member of this club.")


def membership_set_status(*, by, membership: Membership, status: str, on=None) -> Membership:
    """Mark a member active or lapsed (from ``on``, today by default)."""
    return membership_update(
        by=by,
        membership=membership,
        status=status,
        status_since=on or timezone.localdate(),
    )


def club_member_ids(club: Club) -> set[int]:
    """The players who are members now (the ones an "Add many" offers only to skip)."""
    return set(Membership.objects.current().filter(club=club).values_list("player_id", flat=True))


def memberships_import(*, by, club: Club, rows, since=None) -> list[Membership]:
    """Add every row whose choice is not ``SKIP`` as a member: ``NEW`` creates the player, a
    player's id (as text) adds that player. All rows or none; every new player and membership is
    audited. The review of the rows (``players.bulk``) is the one registration uses."""
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        chosen = chosen_rows(rows, ClubRefused)
        found = _chosen_players(club, chosen, viewer=by)
        players = chosen_rows_players(by, chosen, found, ClubRefused)
        since = since or timezone.localdate()
        memberships = Membership.objects.bulk_create(
            Membership(club=club, player=player, since=since, status_since=since)
            for player in players
        )
        audit_created(
            by=by,
            action="membership.add",
            objs=memberships,
            fields=None,
            scope=f"club:{club.pk}",
        )
    return memberships


def _chosen_players(club: Club, chosen, *, viewer) -> dict[int, Player]:
    """The existing players the rows chose, refused when one is gone or already a member."""
    return chosen_players(
        chosen,
        viewer=viewer,
        already_in=club_member_ids(club),
        refused=ClubRefused,
        twice=MEMBER_TWICE,
    )
