"""python manage.py register SLUG --division A (--player ID | --name "Exact Name") [--rating N]
[--check-in] [--paid NOTE] [--joins-at-round N] [--starting-wins W] [--starting-losses L]
[--starting-spread S] [--withdraw-after N] [--user USERNAME]: audited as that account, if it may
change the division, as the registration page. A late entry's starting record is read by the
page's fields and checked by the same service (whole games, at most one a round missed)."""

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from core.cli import ROW_ID, BaseCommand, field_argument
from core.permissions import CHANGE
from players.forms import RatingField
from players.management.commands._lookup import player_with_id
from players.models import Player
from tournaments.entry_text import withdrawn_text
from tournaments.forms.events import EntryActionForm, EntryAddForm
from tournaments.models import Entry
from tournaments.services.entries import (
    entry_add,
    entry_mark_paid,
    entry_withdraw,
)

from ._acting import acting_user
from ._lookup import division_from, tournament_from
from ._options import add_division, add_event, add_user

# The page's fields of a late entry's starting record, each an option named after its field.
STARTING_RECORD = (("starting_wins", "W"), ("starting_losses", "L"), ("starting_spread", "S"))


def player_from(player_id: int | None, name: str | None) -> Player:
    """The player with this id, or the only one with exactly this name."""
    if player_id is not None:
        return player_with_id(player_id)
    matches = list(Player.objects.filter(name=name).order_by("pk")[:10])
    if not matches:
        raise CommandError(_("No player is called “%(name)s”.") % {"name": name})
    if len(matches) > 1:
        ids = ", ".join(str(p.pk) for p in matches)
        raise CommandError(
            _("Several players are called “%(name)s” (ids %(ids)s); choose one with --player.")
            % {"name": name, "ids": ids}
        )
    return matches[0]


class Command(BaseCommand):
    help = _(
        "Enter a player in a division; optionally check them in, record payment, enter them "
        "late or withdraw them after a round. All of it or nothing."
    )

    def add_arguments(self, parser):
        add_event(parser)
        add_division(parser)
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--player", type=ROW_ID, help=_("The player's id."))
        who.add_argument("--name", help=_("The player's exact name."))
        parser.add_argument(
            "--rating",
            type=field_argument(RatingField()),
            help=_("Default: the player's rating."),
        )
        parser.add_argument("--check-in", action="store_true", help=_("The player is here."))
        parser.add_argument("--paid", metavar="NOTE", help=_("Record payment with this note."))
        parser.add_argument(
            "--joins-at-round",
            type=field_argument(EntryAddForm.base_fields["joins_at_round"]),
            default=1,
        )
        for name, metavar in STARTING_RECORD:
            field = EntryAddForm.base_fields[name]
            parser.add_argument(
                "--" + name.replace("_", "-"),
                type=field_argument(field),
                default=0,
                metavar=metavar,
                help=field.label,
            )
        parser.add_argument(
            "--withdraw-after",
            type=field_argument(EntryActionForm.base_fields["after_round"]),
            metavar="N",
        )
        add_user(parser)

    def handle(self, *args, slug, division_name, player, name, **options):
        division = division_from(tournament_from(slug), division_name)
        by = acting_user(options["user"], division, CHANGE)
        person = player_from(player, name)
        # One transaction: a refused payment or withdrawal also undoes the entry.
        with transaction.atomic():
            entry = self._register(by, division, person, options)
        self.stdout.write(
            _("%(name)s entered in division %(division)s as #%(number)d (%(status)s).")
            % {
                "name": person.name,
                "division": division.name,
                "number": entry.number,
                "status": entry.get_status_display(),
            }
        )
        if entry.joins_at_round > 1:
            self.stdout.write(_("Joins at round %(round)d.") % {"round": entry.joins_at_round})
        if entry.withdrawn_after_round is not None:
            self.stdout.write(capfirst(withdrawn_text(entry.withdrawn_after_round)) + ".")

    def _register(self, by, division, person: Player, options) -> Entry:
        entry = entry_add(
            by=by,
            division=division,
            player=person,
            rating=options["rating"],
            status=Entry.Status.CHECKED_IN if options["check_in"] else Entry.Status.REGISTERED,
            joins_at_round=options["joins_at_round"],
            starting_wins=options["starting_wins"],
            starting_losses=options["starting_losses"],
            starting_spread=options["starting_spread"],
        )
        if options["paid"] is not None:
            entry = entry_mark_paid(by=by, entry=entry, note=options["paid"])
        if options["withdraw_after"] is not None:
            entry = entry_withdraw(by=by, entry=entry, after_round=options["withdraw_after"])
        return entry
