"""Entries of a division: registration (registered, paid, checked in), late entries, withdrawals."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext_noop

from core.audit import audit_record, audited_create, audited_update
from core.models import AuditEntry
from pairing.cop.settings import class_key
from players.models import Player

from ..models import Division, Entry, Pairing
from ..models.entries import ENTRY_FIELDS
from .divisions import DivisionRefused

ALREADY_ENTERED = gettext_noop("%(player)s is already entered in this division.")
NUMBER_TAKEN = gettext_noop("Player number %(number)s is already taken.")
JOIN_OUTSIDE = gettext_noop("A player can join at round 1 to %(total)s, not %(round)s.")
JOIN_PAIRED = gettext_noop(
    "Round %(round)s is already paired; a late entry can join from round %(next)s."
)
HALF_GAMES = gettext_noop("A starting record must add up to whole games (wins plus losses).")
MORE_THAN_MISSED = gettext_noop(
    "A starting record holds the games of the rounds missed: at most %(most)s for a player "
    "joining at round %(round)s."
)
SPREAD_WITHOUT_GAMES = gettext_noop(
    "A starting spread needs a starting record of at least one game."
)
WITHDRAW_OUTSIDE = gettext_noop(
    "A player who joins at round %(join)s can withdraw after round %(first)s to %(last)s."
)
WITHDRAW_PAIRED = gettext_noop(
    "#%(player)s is paired in round %(round)s; re-pair that round or withdraw after it."
)
TABLE_NOT_POSITIVE = gettext_noop("A table number is 1 or more.")
TEAM_TOO_LONG = gettext_noop("A team name has at most %(limit)s characters.")
CLASS_INVALID = gettext_noop(
    "A class is a number (0 for none) or up to 4 letters and digits, not “%(klass)s”."
)


class RegistrationRefused(DivisionRefused):
    """A registration change (an entry, its start, withdrawal or table) refused with a reason."""


def _check_starting_record(wins: Decimal, losses: Decimal, spread: int, joins_at: int) -> None:
    # One game a missed round, as TSH and liwords write a late entry's rounds (FORMATS.md): a
    # record of more games could not be written in any file the event's standings go to.
    if (wins + losses) % 1:
        raise RegistrationRefused(HALF_GAMES)
    if wins + losses > joins_at - 1:
        raise RegistrationRefused(MORE_THAN_MISSED, most=joins_at - 1, round=joins_at)
    if spread and not wins + losses:
        raise RegistrationRefused(SPREAD_WITHOUT_GAMES)


def entry_add(
    *,
    by,
    division: Division,
    player: Player,
    rating: int | None = None,
    number: int | None = None,
    status: str = Entry.Status.REGISTERED,
    paid: bool = False,
    payment_note: str = "",
    joins_at_round: int = 1,
    starting_wins: Decimal | float = 0,
    starting_losses: Decimal | float = 0,
    starting_spread: int = 0,
) -> Entry:
    """Enter ``player`` (a late entry when ``joins_at_round`` > 1, with an optional starting
    record; zero by default). ``number`` defaults to the next free one, ``rating`` to the
    player's current rating."""
    wins, losses = Decimal(str(starting_wins)), Decimal(str(starting_losses))
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.entries.filter(player=player).exists():
            raise RegistrationRefused(ALREADY_ENTERED, player=player.name)
        if not 1 <= joins_at_round <= division.rounds:
            raise RegistrationRefused(JOIN_OUTSIDE, total=division.rounds, round=joins_at_round)
        last_paired = division.round_set.aggregate(last=Max("number"))["last"] or 0
        if joins_at_round <= last_paired:
            raise RegistrationRefused(JOIN_PAIRED, round=joins_at_round, next=last_paired + 1)
        _check_starting_record(wins, losses, starting_spread, joins_at_round)
        return audited_create(
            by=by,
            instance=Entry(
                division=division,
                player=player,
                number=_free_number(division, number),
                rating=player.rating or 0 if rating is None else rating,
                status=status,
                paid=paid,
                payment_note=payment_note,
                joins_at_round=joins_at_round,
                starting_wins=wins,
                starting_losses=losses,
                starting_spread=starting_spread,
            ),
            fields=ENTRY_FIELDS,
            action="entry.add",
            tournament_id=division.tournament_id,
        )


def _free_number(division: Division, number: int | None) -> int:
    """``number`` if no one has it, or the next one after the highest when None."""
    if number is None:
        return (division.entries.aggregate(last=Max("number"))["last"] or 0) + 1
    if division.entries.filter(number=number).exists():
        raise RegistrationRefused(NUMBER_TAKEN, number=number)
    return number


def _change(by, entry: Entry, action: str, changes, check=None, fields=ENTRY_FIELDS) -> Entry:
    # The division's row is locked with the entry's (a join FOR UPDATE), so a withdrawal and
    # the pairing of a round, which locks the division, happen one after the other.
    return audited_update(
        by=by,
        instance=entry,
        fields=fields,
        changes=changes,
        action=action,
        tournament_id=entry.division.tournament_id,
        check=check,
        select_related=["division"],
    )


def entry_mark_paid(*, by, entry: Entry, note: str = "") -> Entry:
    """Record payment (with a note such as "cash" or a receipt number), whether or not the
    player is checked in."""
    return _change(by, entry, "entry.paid", {"paid": True, "payment_note": note.strip()})


def entry_mark_unpaid(*, by, entry: Entry) -> Entry:
    """Take back a payment recorded by mistake (the note goes with it)."""
    return _change(by, entry, "entry.unpaid", {"paid": False, "payment_note": ""})


def entry_check_in(*, by, entry: Entry) -> Entry:
    """The player is at the venue: round 1 pairs them. Payment is left as it is."""
    return _change(by, entry, "entry.check_in", {"status": Entry.Status.CHECKED_IN})


def entry_undo_check_in(*, by, entry: Entry) -> Entry:
    """Take back a check-in: the player is registered but not yet at the venue."""
    return _change(by, entry, "entry.undo_check_in", {"status": Entry.Status.REGISTERED})


def entry_withdraw(*, by, entry: Entry, after_round: int) -> Entry:
    """The player plays no round after ``after_round`` (0: withdrawn before the start)."""

    def check(e: Entry, changes: dict) -> None:
        first, last = e.joins_at_round - 1, e.division.rounds - 1
        if not first <= after_round <= last:
            raise RegistrationRefused(
                WITHDRAW_OUTSIDE, join=e.joins_at_round, first=first, last=last
            )
        paired = (
            Pairing.objects.filter(round__division=e.division_id, round__number__gt=after_round)
            .filter(Q(first=e) | Q(second=e))
            .order_by("round__number")
            .values_list("round__number", flat=True)
            .first()
        )
        if paired is not None:
            raise RegistrationRefused(WITHDRAW_PAIRED, player=e.number, round=paired)

    return _change(by, entry, "entry.withdraw", {"withdrawn_after_round": after_round}, check)


def entry_reinstate(*, by, entry: Entry) -> Entry:
    """Undo a withdrawal: the player is paired again from the next round paired."""
    return _change(by, entry, "entry.reinstate", {"withdrawn_after_round": None})


def entry_set_fixed_table(*, by, entry: Entry, table: int | None) -> Entry:
    """Seat the player at ``table`` in every round paired from now on (None: no fixed table)."""

    def check(e: Entry, changes: dict) -> None:
        if table is not None and table < 1:
            raise RegistrationRefused(TABLE_NOT_POSITIVE)

    return _change(by, entry, "entry.fixed_table", {"fixed_table": table}, check)


def entry_set_class(*, by, entry: Entry, klass: str) -> Entry:
    """The entry's class for COP's class prizes: a number as TSH sends it (0 or nothing: no
    class, stored as nothing; ``07`` as ``7``) or up to 4 letters and digits."""
    key = class_key(klass)

    def check(e: Entry, changes: dict) -> None:
        if len(key) > 4 or not key.isalnum() and key:
            raise RegistrationRefused(CLASS_INVALID, klass=klass)

    fields = [*ENTRY_FIELDS, "player_class"]
    return _change(by, entry, "entry.class", {"player_class": key}, check, fields)


TEAM_LIMIT = 80


def _team_name(team: str) -> str:
    name = " ".join(team.split())
    if len(name) > TEAM_LIMIT:
        raise RegistrationRefused(TEAM_TOO_LONG, limit=TEAM_LIMIT)
    return name


def entry_set_team(*, by, entry: Entry, team: str) -> Entry:
    """The school, club, country or family the entry plays for (spaces tidied; empty: none)."""
    name = _team_name(team)
    return _change(by, entry, "entry.team", {"team": name}, None, [*ENTRY_FIELDS, "team"])


def entries_set_team(*, by, division: Division, entry_ids: list[int], team: str) -> list[Entry]:
    """Set one team on every entry of ``division`` in ``entry_ids`` (one transaction, one audit
    entry per entry changed); the entries changed."""
    name = _team_name(team)
    with transaction.atomic():
        rows = division.entries.select_related("division").filter(pk__in=entry_ids)
        return [
            _change(by, entry, "entry.team", {"team": name}, None, [*ENTRY_FIELDS, "team"])
            for entry in rows.order_by("number")
            if entry.team != name
        ]


BULK_ACTIONS = {
    "check_in": ("status", Entry.Status.CHECKED_IN, "entry.check_in"),
    "undo_check_in": ("status", Entry.Status.REGISTERED, "entry.undo_check_in"),
    "paid": ("paid", True, "entry.paid"),
    "unpaid": ("paid", False, "entry.unpaid"),
    # Offered as the undo of withdrawing the no-shows (services.check_in); a reinstatement has
    # no one undo of its own, so the bulk page offers none after it.
    "reinstate": ("withdrawn_after_round", None, "entry.reinstate"),
}
# Each bulk action and the one that takes it back.
BULK_UNDO = {
    "check_in": "undo_check_in",
    "undo_check_in": "check_in",
    "paid": "unpaid",
    "unpaid": "paid",
}


def entries_bulk_update(
    *, by, division: Division, entry_ids: list[int], action: str
) -> list[Entry]:
    """Check in (or out), or mark paid (or unpaid), every entry of ``division`` in ``entry_ids``,
    all in one transaction, one audit entry per entry changed. Entries already so are left
    alone; the ones changed are returned, so the caller can offer to undo exactly those."""
    name, value, audit_action = BULK_ACTIONS[action]
    changes = {name: value}
    if action == "unpaid":
        changes["payment_note"] = ""
    with transaction.atomic():
        rows = division.entries.select_related("division").filter(pk__in=entry_ids)
        return [
            _change(by, entry, audit_action, changes)
            for entry in rows.order_by("number")
            if getattr(entry, name) != value
        ]


def entries_personal_erase(*, by, player: Player) -> int:
    """Clear what the events keep about ``player`` beyond their results: the payment notes of
    their entries, in the entries and in the audit entries about them. Each entry cleared is
    audited (naming the field, not its old value); how many were. Part of erasing a person
    (``config.person_data.person_erase``)."""
    changed = 0
    with transaction.atomic():
        entries = list(Entry.objects.select_for_update().filter(player=player))
        for entry in entries:
            if entry.payment_note:
                entry.payment_note = ""
                entry.save(update_fields=["payment_note"])
                audit_record(
                    by=by,
                    action="entry.erase_personal",
                    obj=entry,
                    tournament_id=entry.division.tournament_id,
                    before={"erased": ["payment_note"]},
                )
                changed += 1
        ids = [str(entry.pk) for entry in entries]
        about = AuditEntry.objects.filter(object_type="tournaments.entry", object_id__in=ids)
        for record in about.select_for_update():
            for column in ("before", "after"):
                values = getattr(record, column)
                if isinstance(values, dict) and values.get("payment_note"):
                    values["payment_note"] = ""
            record.save(update_fields=["before", "after"])
    return changed


def entry_set_grade(*, by, entry: Entry, grade: str) -> Entry:
    """The entry's grade for handicap prizes (up to 8 characters; empty: none)."""
    return _change(
        by, entry, "entry.grade", {"grade": grade.strip()}, None, [*ENTRY_FIELDS, "grade"]
    )
