"""python manage.py pair SLUG --division A --round N [--system NAME] [--seed S] [--force]"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core.messages import translated
from tournaments.pairing.messages import PairingError
from tournaments.selectors.rounds import round_pairings
from tournaments.services.divisions import DivisionRefused
from tournaments.services.rounds import round_pair

from ._lookup import division_from, tournament_from


class Command(BaseCommand):
    help = _("Pair one round of a division (the same service as the pairing page).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", dest="division_name")
        parser.add_argument("--round", type=int, required=True)
        parser.add_argument("--system", help=_("Override the pairing plan's system."))
        parser.add_argument("--seed", type=int)
        parser.add_argument("--force", action="store_true", help=_("Re-pair even with results."))

    def handle(self, *args, slug, division_name, round, system, seed, force, **options):
        division = division_from(tournament_from(slug), division_name)
        try:
            paired = round_pair(
                by=None,
                division=division,
                round_number=round,
                system=system,
                seed=seed,
                force=force,
            )
        except (DivisionRefused, PairingError) as err:
            raise CommandError(translated(err)) from err
        self.stdout.write(
            _("Round %(round)d paired by %(system)s (seed %(seed)d):")
            % {"round": paired.number, "system": paired.system, "seed": paired.seed}
        )
        for pairing in round_pairings(division, paired.number):
            table = pairing.table or "-"
            second = pairing.second.player.name if pairing.second else _("bye")
            self.stdout.write(f"{table:>4}  {pairing.first.player.name} – {second}")
