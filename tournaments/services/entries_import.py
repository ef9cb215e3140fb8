"""Entering many players into a division at once: a pasted list of names or a CSV roster.

The review of the rows (``players.bulk``) is shared with a club's "Add many members".

The rows are read and checked by ``players.roster`` (the roster import's rules, line by line).
``plan_entries_import`` then looks each row up among the players already here (read once, in a
few queries whatever the number of rows) and among the earlier rows of the same paste, so the
director can choose for every possible duplicate: use the existing player, create a new one, or
skip the row. ``entries_import`` writes the chosen rows, all or none, in one transaction.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from core.audit import audit_created
from players.bulk import RowsPlan, chosen_players, plan_rows
from players.chosen import chosen_rows, chosen_rows_players
from players.models import Player
from players.roster import Roster, RosterRow

from ..models import Division, Entry
from .entries import ENTRY_FIELDS, RegistrationRefused

ROUND_PAIRED = gettext_noop(
    "Round 1 is already paired: add late entries one by one, with the round they join."
)
ENTERED_TWICE = gettext_noop("Line %(line)s: %(player)s is already entered in this division.")


EntriesPlan = RowsPlan


def plan_entries_import(division: Division, roster: Roster, *, viewer) -> EntriesPlan:
    """What entering ``roster`` would do: each row with the players (those ``viewer`` may see)
    and earlier rows it may duplicate. Nothing is written."""
    entered = set(division.entries.values_list("player_id", flat=True))
    return plan_rows(roster, entered, viewer=viewer)


def entries_import(*, by, division: Division, rows: list[tuple[RosterRow, str]]) -> list[Entry]:
    """Enter every row whose choice is not ``SKIP``: ``NEW`` creates the player, a player's id
    (as text) enters that player. All rows or none; each new player and entry is audited."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.round_set.exists():
            raise RegistrationRefused(ROUND_PAIRED)
        chosen = chosen_rows(rows, RegistrationRefused)
        found = _existing_players(division, chosen, viewer=by)
        players = chosen_rows_players(by, chosen, found, RegistrationRefused)
        number = (division.entries.aggregate(last=Max("number"))["last"] or 0) + 1
        entries = []
        for index, ((row, _choice), player) in enumerate(zip(chosen, players, strict=True)):
            rating = row.rating if row.rating is not None else player.rating or 0
            entries.append(
                Entry(division=division, player=player, number=number + index, rating=rating)
            )
        entries = Entry.objects.bulk_create(entries)
        audit_created(
            by=by,
            action="entry.add",
            objs=entries,
            fields=ENTRY_FIELDS,
            tournament_id=division.tournament_id,
        )
    return entries


def _existing_players(division: Division, chosen, *, viewer) -> dict[int, Player]:
    entered = set(division.entries.values_list("player_id", flat=True))
    return chosen_players(
        chosen, viewer=viewer, already_in=entered, refused=RegistrationRefused, twice=ENTERED_TWICE
    )
