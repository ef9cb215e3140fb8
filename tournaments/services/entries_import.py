"""Entering many players into a division at once: a pasted list of names or a CSV roster.

The rows are read and checked by ``players.roster`` (the roster import's rules, line by line).
``plan_entries_import`` then looks each row up among the players already here (read once, in a
few queries whatever the number of rows) and among the earlier rows of the same paste, so the
director can choose for every possible duplicate: use the existing player, create a new one, or
skip the row. ``entries_import`` writes the chosen rows, all or none, in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from core.audit import audit_created
from players.models import Player, default_sort_name
from players.roster import Roster, RosterRow
from players.services import PLAYER_FIELDS, KnownPlayers

from ..models import Division, Entry
from .entries import ENTRY_FIELDS, RegistrationRefused

NEW, SKIP = "new", "skip"

ROUND_PAIRED = gettext_noop(
    "Round 1 is already paired: add late entries one by one, with the round they join."
)
UNKNOWN_PLAYER = gettext_noop("Line %(line)s: the player chosen is no longer here.")
ENTERED_TWICE = gettext_noop("Line %(line)s: %(player)s is already entered in this division.")
ID_TAKEN = gettext_noop("Line %(line)s: member id %(id)s already belongs to %(player)s.")
NOTHING_TO_ADD = gettext_noop("Every row is skipped: nobody was added.")


@dataclass
class PlannedRow:
    """One row of the paste, with what it may duplicate."""

    row: RosterRow
    # Players already here with this row's name (in any country) or member id.
    existing: list[Player] = field(default_factory=list)
    # An earlier row of the same paste with the same name (in any country).
    earlier: RosterRow | None = None
    # Of ``existing``, those already entered in this division.
    entered: set[int] = field(default_factory=set)

    @property
    def needs_choice(self) -> bool:
        return bool(self.existing or self.earlier)

    @property
    def may_create(self) -> bool:
        """A new player cannot take a member id another player has."""
        return not (
            self.row.member_id and any(p.member_id == self.row.member_id for p in self.existing)
        )

    @property
    def suggested(self) -> str:
        """The choice offered first: the one existing player with the same name and country or
        member id; no suggestion when that is a guess (another country, several players)."""
        exact = [p for p in self.existing if self._same_person(p)]
        # Same name and same member id is the same person, whoever else shares the name.
        certain = [p for p in exact if self._same_name_and_member_id(p)]
        if len(certain) == 1:
            exact = certain
        if len(exact) == 1 and exact[0].pk not in self.entered and self.earlier is None:
            return str(exact[0].pk)
        if len(exact) == 1 and exact[0].pk in self.entered:
            return SKIP
        return ""

    def _same_name_and_member_id(self, player: Player) -> bool:
        return bool(self.row.member_id) and (
            player.member_id == self.row.member_id
            and player.name.casefold() == self.row.name.casefold()
        )

    def _same_person(self, player: Player) -> bool:
        if self.row.member_id and player.member_id == self.row.member_id:
            return True
        return player.country.upper() == self.row.country.upper()


@dataclass
class EntriesPlan:
    rows: list[PlannedRow]
    problems: list[str]

    @property
    def duplicates(self) -> list[PlannedRow]:
        return [planned for planned in self.rows if planned.needs_choice]


def plan_entries_import(division: Division, roster: Roster) -> EntriesPlan:
    """What entering ``roster`` would do: each row with the players and earlier rows it may
    duplicate. Nothing is written."""
    if not roster.ok:
        return EntriesPlan([], [str(problem) for problem in roster.problems])
    known = KnownPlayers.of(roster.rows)
    by_name: dict[str, list[Player]] = {}
    for (name, _country), players in known.by_name.items():
        by_name.setdefault(name, []).extend(players)
    entered = set(division.entries.values_list("player_id", flat=True))
    first_row: dict[str, RosterRow] = {}
    planned = []
    for row in roster.rows:
        key = row.name.lower()
        existing = {p.pk: p for p in by_name.get(key, [])}
        if row.member_id and row.member_id in known.by_member_id:
            holder = known.by_member_id[row.member_id]
            existing.setdefault(holder.pk, holder)
        found = sorted(existing.values(), key=lambda p: (p.country, p.pk))
        planned.append(
            PlannedRow(row, found, first_row.get(key), {p.pk for p in found if p.pk in entered})
        )
        first_row.setdefault(key, row)
    return EntriesPlan(planned, [])


def entries_import(*, by, division: Division, rows: list[tuple[RosterRow, str]]) -> list[Entry]:
    """Enter every row whose choice is not ``SKIP``: ``NEW`` creates the player, a player's id
    (as text) enters that player. All rows or none; each new player and entry is audited."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.round_set.exists():
            raise RegistrationRefused(ROUND_PAIRED)
        chosen = [(row, choice) for row, choice in rows if choice != SKIP]
        if not chosen:
            raise RegistrationRefused(NOTHING_TO_ADD)
        existing = _existing_players(division, chosen)
        new_rows = [row for row, choice in chosen if choice == NEW]
        _check_member_ids(new_rows)
        created = Player.objects.bulk_create(_new_player(row) for row in new_rows)
        audit_created(by=by, action="player.create", objs=created, fields=PLAYER_FIELDS)
        made = iter(created)
        number = (division.entries.aggregate(last=Max("number"))["last"] or 0) + 1
        entries = []
        for index, (row, choice) in enumerate(chosen):
            player = next(made) if choice == NEW else existing[int(choice)]
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


def _existing_players(division: Division, chosen) -> dict[int, Player]:
    ids = {int(choice) for _row, choice in chosen if choice != NEW}
    found = Player.objects.in_bulk(ids)
    entered = set(division.entries.filter(player_id__in=ids).values_list("player_id", flat=True))
    seen: set[int] = set()
    for row, choice in chosen:
        if choice == NEW:
            continue
        player = found.get(int(choice))
        if player is None:
            raise RegistrationRefused(UNKNOWN_PLAYER, line=row.line)
        if player.pk in entered or player.pk in seen:
            raise RegistrationRefused(ENTERED_TWICE, line=row.line, player=player.name)
        seen.add(player.pk)
    return found


def _check_member_ids(rows: list[RosterRow]) -> None:
    ids = [row.member_id for row in rows if row.member_id]
    holders = dict(Player.objects.filter(member_id__in=ids).values_list("member_id", "name"))
    for row in rows:
        if row.member_id in holders:
            raise RegistrationRefused(
                ID_TAKEN, line=row.line, id=row.member_id, player=holders[row.member_id]
            )


def _new_player(row: RosterRow) -> Player:
    return Player(
        name=row.name,
        sort_name=default_sort_name(row.name),
        country=row.country.upper(),
        member_id=row.member_id,
        rating=row.rating,
    )
