"""Adding many players to something at once (a division, a club): the review of each pasted or
imported row against the players already here, shared by every "Add many" page.

``plan_rows`` looks each row up among the players already here (read once, in a few queries
whatever the number of rows) and among the earlier rows of the same paste, so the person adding
can choose for every possible duplicate: use the existing player, create a new one, or skip the
row. Who is already "in" (entered in the division, a member of the club) is the caller's set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from core.refusal import Refusal, gettext_noop

from .models import Player, default_sort_name
from .roster import Roster, RosterRow
from .services import LINE_MEMBER_ID_TAKEN, KnownPlayers
from .visibility import visible_players

NEW, SKIP = "new", "skip"

ID_TAKEN = gettext_noop("Line %(line)s: member id %(id)s already belongs to %(player)s.")


@dataclass
class PlannedRow:
    """One row of the paste, with what it may duplicate."""

    row: RosterRow
    # Players already here with this row's name (in any country) or member id.
    existing: list[Player] = field(default_factory=list)
    # An earlier row of the same paste with the same name (in any country).
    earlier: RosterRow | None = None
    # Of ``existing``, those already in (entered in the division, members of the club).
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
        if self.another_member_id and self.may_create:
            return NEW
        return ""

    @property
    def another_member_id(self) -> bool:
        """The row's member id differs from every one it may duplicate (each of which has an id):
        a different person unless the director chooses otherwise (issue 33)."""
        earlier = [self.earlier] if self.earlier is not None else []
        others = [*self.existing, *earlier]
        return bool(others) and all(self._different_member_id(other) for other in others)

    def _different_member_id(self, other) -> bool:
        return bool(
            self.row.member_id and other.member_id and other.member_id != self.row.member_id
        )

    def _same_name_and_member_id(self, player: Player) -> bool:
        return bool(self.row.member_id) and (
            player.member_id == self.row.member_id
            and player.name.casefold() == self.row.name.casefold()
        )

    def _same_person(self, player: Player) -> bool:
        if self.row.member_id and player.member_id == self.row.member_id:
            return True
        if self._different_member_id(player):
            return False
        return player.country.upper() == self.row.country.upper()


@dataclass
class RowsPlan:
    rows: list[PlannedRow]
    problems: list[str]

    @property
    def duplicates(self) -> list[PlannedRow]:
        return [planned for planned in self.rows if planned.needs_choice]


def plan_rows(roster: Roster, already_in: set[int], *, viewer) -> RowsPlan:
    """What adding ``roster`` would do: each row with the players (those ``viewer`` may see,
    ``players.visibility``) and earlier rows it may duplicate, ``already_in`` marking the players
    already added. Nothing is written."""
    if not roster.ok:
        return RowsPlan([], [str(problem) for problem in roster.problems])
    known = KnownPlayers.of(roster.rows, viewer=viewer)
    by_name: dict[str, list[Player]] = {}
    for (name, _country), players in known.by_name.items():
        by_name.setdefault(name, []).extend(players)
    first_row: dict[str, RosterRow] = {}
    planned = []
    for row in roster.rows:
        key = row.name.lower()
        existing = {p.pk: p for p in by_name.get(key, [])}
        holder = known.by_member_id.get(row.member_id) if row.member_id else None
        if holder is not None and known.shown(holder):
            existing.setdefault(holder.pk, holder)
        found = sorted(existing.values(), key=lambda p: (p.country, p.pk))
        planned.append(
            PlannedRow(row, found, first_row.get(key), {p.pk for p in found if p.pk in already_in})
        )
        first_row.setdefault(key, row)
    return RowsPlan(planned, [])


def check_member_ids(rows: list[RosterRow], refused: type[Refusal], *, viewer) -> None:
    """Raise ``refused`` for the first new row whose member id another player holds, naming the
    holder only when ``viewer`` may see them."""
    ids = [row.member_id for row in rows if row.member_id]
    holding = Player.objects.filter(member_id__in=ids)
    holders = dict(holding.values_list("member_id", "name"))
    shown = set(visible_players(viewer, holding).values_list("member_id", flat=True))
    for row in rows:
        if row.member_id in holders and row.member_id in shown:
            raise refused(ID_TAKEN, line=row.line, id=row.member_id, player=holders[row.member_id])
        if row.member_id in holders:
            raise refused(LINE_MEMBER_ID_TAKEN, line=row.line, id=row.member_id)


def new_player(row: RosterRow) -> Player:
    """The unsaved player a row creates."""
    return Player(
        name=row.name,
        sort_name=default_sort_name(row.name),
        country=row.country.upper(),
        member_id=row.member_id,
        rating=row.rating,
    )


PICKER_LIMIT = 20


def player_matches(players, text: str, *, exclude, limit: int = PICKER_LIMIT):
    """Up to ``limit`` of ``players`` (a query: those the person may see) whose name, member id
    or club matches ``text``, leaving out the ids ``exclude`` selects (those already in), and
    whether there were more. A constant three queries (players, their memberships and clubs)
    whatever the number of players or matches. A members-only club's name finds nobody."""
    text = text.strip()
    if not text:
        return [], False
    match = (
        Q(name__icontains=text)
        | Q(sort_name__icontains=text)
        | Q(member_id__iexact=text)
        # Clubs sit above players: their memberships are reached by name, not imported.
        | Q(memberships__club__name__icontains=text, memberships__club__private=False)
    )
    ids = (
        players.filter(match)
        .exclude(pk__in=exclude)
        .order_by("sort_name", "name", "pk")
        .values_list("pk", flat=True)
        .distinct()
    )
    found = list(
        Player.objects.filter(pk__in=list(ids[: limit + 1]))
        .order_by("sort_name", "name", "pk")
        .prefetch_related("memberships__club")
    )
    return found[:limit], len(found) > limit


CHOSEN_GONE = gettext_noop("Line %(line)s: the player chosen is no longer here.")


def chosen_players(
    chosen, *, viewer, already_in: set[int], refused: type[Refusal], twice: str
) -> dict[int, Player]:
    """The existing players the review's rows chose, by id. Refused with ``refused`` naming the
    line when one is gone (or one ``viewer`` may not see: an altered choice), already in
    (``already_in``) or chosen twice (``twice``: a template with ``line`` and ``player``)."""
    ids = {int(choice) for _row, choice in chosen if choice != NEW}
    found = visible_players(viewer, Player.objects.filter(pk__in=ids)).in_bulk()
    seen: set[int] = set()
    for row, choice in chosen:
        if choice == NEW:
            continue
        player = found.get(int(choice))
        if player is None:
            raise refused(CHOSEN_GONE, line=row.line)
        if player.pk in already_in or player.pk in seen:
            raise refused(twice, line=row.line, player=player.name)
        seen.add(player.pk)
    return found
