"""Writing what an "Add many" review chose (``players.bulk``): the player each chosen row names,
new ones created and audited. A division's entries import and a club's members import both add
their own rows (entries, memberships) for these players, in the same transaction."""

from __future__ import annotations

from core.audit import audit_created
from core.refusal import Refusal, gettext_noop

from .bulk import NEW, SKIP, check_member_ids, new_player
from .models import Player
from .services import PLAYER_FIELDS

NOBODY_ADDED = gettext_noop("Every row is skipped: nobody was added.")


def chosen_rows(rows, refused: type[Refusal]) -> list:
    """The rows of a review (each a row and its choice) that are not ``SKIP``; ``refused`` when
    every row is."""
    chosen = [(row, choice) for row, choice in rows if choice != SKIP]
    if not chosen:
        raise refused(NOBODY_ADDED)
    return chosen


def chosen_rows_players(
    by, chosen, found: dict[int, Player], refused: type[Refusal]
) -> list[Player]:
    """The player of every row of ``chosen`` (a row and its choice, none of them ``SKIP``), in
    order: ``found[id]`` for a player chosen by id, a new player for ``NEW``. The new rows'
    member ids are checked first (``refused`` names one another player holds); the new players
    are created in one statement and audited. To be called inside the import's transaction."""
    new_rows = [row for row, choice in chosen if choice == NEW]
    check_member_ids(new_rows, refused, viewer=by)
    created = Player.objects.bulk_create(new_player(row) for row in new_rows)
    audit_created(by=by, action="player.create", objs=created, fields=PLAYER_FIELDS)
    made = iter(created)
    return [next(made) if choice == NEW else found[int(choice)] for _row, choice in chosen]
