"""Writes for players, clubs and memberships. Views and commands call these, nothing else."""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.audit import audit_created, audited_create, audited_update
from core.refusal import Refusal

from .models import PERSON_DETAILS, Player, default_sort_name
from .roster import Roster, RosterRow
from .selectors import player_duplicates
from .visibility import visible_players

PLAYER_FIELDS = [*PERSON_DETAILS, "user"]
# The parts of a name a rating body needs (``players.names``), typed with the player.
NAME_PARTS = ("family_name", "given_names", "family_first", "latin_name")
CLUB_FIELDS = ["name", "slug", "city", "country", "contact"]


NAME_NEEDED = gettext_noop("A player needs a name.")
MEMBER_ID_TAKEN = gettext_noop("Member id %(id)s already belongs to another player.")
LINE_MEMBER_ID_TAKEN = gettext_noop(
    "Line %(line)d: member id %(id)s already belongs to another player."
)
LOOKS_LIKE = gettext_noop("A player like this already exists: %(names)s.")


class PlayerRefused(Refusal):
    """A new player or a change to one refused with a reason."""


class DuplicatePlayer(PlayerRefused):
    """A new player looks like existing ones (``matches``) and the caller did not confirm."""

    def __init__(self, matches: list[Player]):
        self.matches = matches
        names = ", ".join(
            f"{p.name} ({p.country or '-'}{', ' + p.member_id if p.member_id else ''})"
            for p in matches
        )
        super().__init__(LOOKS_LIKE, names=names)


def player_create(
    *,
    by,
    name: str,
    country: str = "",
    member_id: str = "",
    rating: int | None = None,
    sort_name: str = "",
    confirm_duplicate: bool = False,
    **name_parts,
) -> Player:
    """A new player; ``name_parts``: any of ``NAME_PARTS``."""
    name = name.strip()
    if not name:
        raise PlayerRefused(NAME_NEEDED)

    def refuse_taken_or_alike(player: Player) -> None:
        # The id as it was given (the one stored is stripped).
        _member_id_free(player, {"member_id": member_id})
        matches = list(player_duplicates(viewer=by, name=name, country=country))
        if matches and not confirm_duplicate:
            raise DuplicatePlayer(matches)

    player = Player(
        name=name,
        sort_name=sort_name.strip(),
        country=country.strip().upper(),
        member_id=member_id.strip(),
        rating=rating,
        **{k: v.strip() if isinstance(v, str) else v for k, v in name_parts.items()},
    )
    return audited_create(
        by=by,
        instance=player,
        fields=PLAYER_FIELDS,
        action="player.create",
        check=refuse_taken_or_alike,
    )


def player_update(*, by, player: Player, **changes) -> Player:
    return audited_update(
        by=by,
        instance=player,
        fields=PLAYER_FIELDS,
        changes=changes,
        action="player.update",
        check=_member_id_free,
    )


def _member_id_free(player: Player, changes: dict) -> None:
    """A member id is unique whoever holds it (the holder is named only where visible): refused
    when another player holds the one ``changes`` give ``player`` (a new player: any player)."""
    member_id = changes.get("member_id", player.member_id)
    if member_id and Player.objects.filter(member_id=member_id).exclude(pk=player.pk).exists():
        raise PlayerRefused(MEMBER_ID_TAKEN, id=member_id)


@dataclass
class RosterImport:
    """What a roster import did or would do."""

    created: list[Player] = field(default_factory=list)
    duplicates: list[tuple[RosterRow, list[Player]]] = field(default_factory=list)
    # Rows naming the same person as an earlier row of the file: (row, that earlier row).
    repeats: list[tuple[RosterRow, RosterRow]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.duplicates or self.repeats)


def roster_import(
    *, by, roster: Roster, confirm_duplicates: bool = False, dry_run: bool = False
) -> RosterImport:
    """Import every row or none.

    Rows with problems stop the whole import. Rows that look like existing players (or like an
    earlier row of the same file) are listed as duplicates and stop it too unless
    `confirm_duplicates` is given; a row whose member id is already taken always stops it.
    Existing players are read once, so the import takes the same few queries for ten rows or
    ten thousand.
    """
    outcome = RosterImport(problems=[str(p) for p in roster.problems])
    if not outcome.ok:
        return outcome
    known = KnownPlayers.of(roster.rows, viewer=by)
    for row in roster.rows:
        taken = known.by_member_id.get(row.member_id) if row.member_id else None
        if taken is not None and known.shown(taken):
            outcome.problems.append(
                _("Line %(line)d: member id %(id)s already belongs to %(name)s.")
                % {"line": row.line, "id": row.member_id, "name": taken.name}
            )
        elif taken is not None:
            outcome.problems.append(
                _(LINE_MEMBER_ID_TAKEN) % {"line": row.line, "id": row.member_id}
            )
        elif matches := known.like(row):
            outcome.duplicates.append((row, matches))
    outcome.repeats.extend(roster.repeats)
    if outcome.problems or dry_run or (outcome.needs_confirmation and not confirm_duplicates):
        return outcome
    with transaction.atomic():
        players = Player.objects.bulk_create(
            Player(
                name=row.name,
                sort_name=default_sort_name(row.name),
                country=row.country.upper(),
                member_id=row.member_id,
                rating=row.rating,
            )
            for row in roster.rows
        )
        audit_created(by=by, action="player.create", objs=players, fields=PLAYER_FIELDS)
    outcome.created.extend(players)
    return outcome


@dataclass
class KnownPlayers:
    """The players already here that a roster's rows could name, read in a few queries.

    ``by_name`` holds only the players ``viewer`` may see (``players.visibility``): a row is
    never said to look like someone known only through a private event. ``by_member_id`` holds
    every holder (a member id is unique whoever holds it); ``shown`` says whether to name one."""

    by_name: dict[tuple[str, str], list[Player]]
    by_member_id: dict[str, Player]
    visible_ids: set[int] = field(default_factory=set)

    CHUNK = 500  # keeps each query's parameters well under every database's limit

    @classmethod
    def of(cls, rows, *, viewer) -> "KnownPlayers":
        names = sorted({row.name.lower() for row in rows})
        ids = sorted({row.member_id for row in rows if row.member_id})
        found: dict[int, Player] = {}
        for start in range(0, max(len(names), len(ids)), cls.CHUNK):
            chunk_names, chunk_ids = (
                names[start : start + cls.CHUNK],
                ids[start : start + cls.CHUNK],
            )
            match = Q(lower_name__in=chunk_names) | Q(member_id__in=chunk_ids)
            for player in Player.objects.annotate(lower_name=Lower("name")).filter(match):
                found[player.pk] = player
        # Which of those the viewer may see: one more query, only when some were found (the
        # rule joined into the search itself is slow on PostgreSQL).
        visible_ids: set[int] = set()
        pks = sorted(found)
        for start in range(0, len(pks), cls.CHUNK):
            chunk = Player.objects.filter(pk__in=pks[start : start + cls.CHUNK])
            visible_ids |= set(visible_players(viewer, chunk).values_list("pk", flat=True))
        by_name: dict[tuple[str, str], list[Player]] = {}
        for player in found.values():
            if player.pk in visible_ids:
                key = (player.name.lower(), player.country.upper())
                by_name.setdefault(key, []).append(player)
        by_member_id = {p.member_id: p for p in found.values() if p.member_id}
        return cls(by_name, by_member_id, visible_ids)

    def shown(self, player: Player) -> bool:
        return player.pk in self.visible_ids

    def like(self, row) -> list[Player]:
        """Players with the same name and country as ``row`` (as `player_duplicates` decides)."""
        return self.by_name.get((row.name.lower(), row.country.upper()), [])
