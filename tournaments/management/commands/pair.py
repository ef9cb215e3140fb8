"""python manage.py pair SLUG --division A --round N [--system NAME] [--seed S] [--force] [--user U]
python manage.py pair SLUG --all-divisions: the next round of every division that is ready."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, field_argument
from core.permissions import CHANGE
from tournaments.forms.pairings import PairRoundForm
from tournaments.pair_all_text import outcome_line
from tournaments.result_text import alone_word
from tournaments.selectors.rounds import round_pairings
from tournaments.services.pair_all import pair_all_divisions
from tournaments.services.rounds import round_pair

from ._acting import acting_user
from ._lookup import division_from, tournament_from
from ._options import add_division, add_event, add_round, add_user


def pairing_lines(division, number: int) -> list[str]:
    """Round ``number`` of ``division`` a table a line: the table, then who plays whom."""
    lines = []
    for pairing in round_pairings(division, number):
        table = pairing.table or "-"
        second = pairing.second.player.name if pairing.second else alone_word(pairing.kind)
        lines.append(f"{table:>4}  {pairing.first.player.name} – {second}")
    return lines


class Command(BaseCommand):
    help = _("Pair one round of a division (the same service as the pairing page).")

    def add_arguments(self, parser):
        add_event(parser)
        add_division(parser)
        add_round(parser)
        parser.add_argument(
            "--all-divisions",
            action="store_true",
            help=_("Pair the next round of every division that is ready; say what each did."),
        )
        parser.add_argument("--system", help=_("Override the pairing plan's system."))
        parser.add_argument("--seed", type=field_argument(PairRoundForm.base_fields["seed"]))
        parser.add_argument("--force", action="store_true", help=_("Re-pair even with results."))
        add_user(parser)

    def handle(self, *args, slug, division_name, round, all_divisions, **options):
        tournament = tournament_from(slug)
        if all_divisions:
            if division_name or round or options["system"] or options["seed"] is not None:
                raise CommandError(
                    _(
                        "--all-divisions pairs each division's next round by its own plan; it takes no --division, --round, --system or --seed."
                    )
                )
            by = acting_user(options["user"], tournament, CHANGE)
            for outcome in pair_all_divisions(by=by, tournament=tournament):
                self.stdout.write(outcome_line(outcome.as_dict()))
            return
        if round is None:
            raise CommandError(_("Name the round with --round, or use --all-divisions."))
        division = division_from(tournament, division_name)
        by = acting_user(options.pop("user"), division, CHANGE)
        self._pair_one(division, round, by=by, **options)

    def _pair_one(self, division, round, *, by, system, seed, force, **options):
        paired = round_pair(
            by=by,
            division=division,
            round_number=round,
            system=system,
            seed=seed,
            force=force,
        )
        self.stdout.write(
            _("Round %(round)d paired by %(system)s (seed %(seed)d):")
            % {"round": paired.number, "system": paired.system_title, "seed": paired.seed}
        )
        for line in pairing_lines(division, paired.number):
            self.stdout.write(line)
