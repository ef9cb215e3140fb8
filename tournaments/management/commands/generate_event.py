"""`manage.py generate_event --players N --rounds R [--plan "..."] [--seed S] [--output FILE.t |
--create [--name "Event"]]`: a random tournament paired by the desk's own systems.

Ratings like a club's list, results drawn from the rating difference, byes for odd fields, late
entries, withdrawals, forfeits and ties (``tournaments.pair_check.generate``). The same arguments
always give the same event. Without ``--output`` or ``--create`` the ``.t`` text is printed.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from core.cli import BaseCommand, whole_number
from tournaments.pair_check.generate import MAX_PLAYERS, MAX_ROUNDS, EventSpec, generate_event
from tournaments.services.divisions import division_update
from tournaments.services.tsh_import import tsh_import
from tournaments.tsh import write_t


class Command(BaseCommand):
    help = _("Generate a random tournament paired by the desk's systems, as a .t file or an event.")

    def add_arguments(self, parser):
        parser.add_argument("--players", required=True, type=whole_number(2, MAX_PLAYERS))
        parser.add_argument("--rounds", required=True, type=whole_number(1, MAX_ROUNDS))
        parser.add_argument(
            "--plan", default="1-N swiss", help=_('The pairing plan, e.g. "1-3 koth; 4-N swiss".')
        )
        parser.add_argument("--seed", default=0, type=whole_number(0, 2**31 - 1))
        where = parser.add_mutually_exclusive_group()
        where.add_argument("--output", help=_("Write the .t file here."))
        where.add_argument(
            "--create", action="store_true", help=_("Create the event in the database.")
        )
        parser.add_argument("--name", help=_("Name of the created event."))

    def handle(self, *args, players, rounds, plan, seed, output, create, name, **options):
        spec = EventSpec(players=players, rounds=rounds, plan=plan, seed=seed)
        # A plan or field it cannot pair is refused (a Refusal): BaseCommand says why.
        text = write_t(generate_event(spec))
        if create:
            event = name or _("Generated event, seed %(seed)s") % {"seed": seed}
            with transaction.atomic():
                made = tsh_import(by=None, data=text.encode("utf-8"), name=event)
                division_update(by=None, division=made.division, pairing_plan=plan)
            self.stdout.write(
                _("Created %(tournament)s (slug %(slug)s), division %(division)s.")
                % {
                    "tournament": made.tournament.name,
                    "slug": made.tournament.slug,
                    "division": made.division.name,
                }
            )
        else:
            self.write_file_or_print(text, output)
