"""`manage.py pair_check FILE.t [--config config.tsh] [--division A] [--plan "..."]`: check an
event's pairings.

Re-derives every round with the system the plan names, from the standings before it, reports
each difference and each broken rule (``tournaments.pair_check``), and exits with status 1
when a rule is broken (0 otherwise, differences alone included). Reads files only: it needs no
database and writes nothing.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from core.messages import translated
from tournaments.pair_check import (
    check_division,
    division_autopair,
    rounds_in,
    settings_from_options,
)
from tournaments.tsh import TshConfig, TshError, read_config, read_t


class Command(BaseCommand):
    help = _(
        "Check the pairings of a TSH .t file: re-derive each round from the standings before it, "
        "report every difference and every broken rule (exit status 1 when a rule is broken)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The .t file."))
        parser.add_argument(
            "--config",
            help=_(
                "The event's config.tsh: max_rounds, pairing_system, pairing_plan, autopair "
                "lines, max_repeats, gibsonize, max_spread_per_round, prize_places, factor."
            ),
        )
        parser.add_argument(
            "--division",
            help=_(
                "The division the file holds, for the config's autopair lines (default: the "
                "config's division line for the file)."
            ),
        )
        parser.add_argument(
            "--plan", help=_('The pairing plan, e.g. "1-3 koth; 4-N swiss" (default: Swiss).')
        )

    def handle(self, *args, file, config, plan, **options):
        try:
            division = read_t(read_bytes(file))
            tsh_config = read_config(read_bytes(config)) if config else TshConfig()
            if tsh_config.autopair_problems and not plan:
                raise TshError(list(tsh_config.autopair_problems))
        except TshError as err:
            lines = [f"{p.line}: {translated(p)}" for p in err.problems]
            raise CommandError("\n".join([_("The file cannot be read."), *lines])) from err
        autopair = division_autopair(tsh_config, file, options.get("division"))
        settings = settings_from_options(tsh_config.options, rounds_in(division), plan, autopair)
        report = check_division(division, settings)
        for checked in report.rounds:
            self.stdout.write(_round_line(checked))
            for note in checked.notes:
                self.stdout.write("  " + note.render(_))
            if checked.only_played or checked.only_derived:
                self.stdout.write(
                    "  "
                    + _("Played, not re-derived: %(pairs)s")
                    % {"pairs": _pairs(checked.only_played, division)}
                )
                self.stdout.write(
                    "  "
                    + _("Re-derived, not played: %(pairs)s")
                    % {"pairs": _pairs(checked.only_derived, division)}
                )
            for finding in checked.broken:
                self.stdout.write(
                    "  "
                    + _("RULE BROKEN (%(rule)s): %(message)s")
                    % {"rule": finding.rule, "message": finding.render(_)}
                )
        summary = _(
            "Rounds checked: %(rounds)s; differing from the re-derived pairing: %(differ)s; "
            "rules broken: %(broken)s."
        ) % {
            "rounds": len(report.rounds),
            "differ": report.differences,
            "broken": len(report.broken),
        }
        if report.broken:
            raise CommandError(summary, returncode=1)
        self.stdout.write(summary)


def _round_line(checked) -> str:
    params = {"round": checked.round, "system": checked.system, "based": checked.based_on}
    if checked.based_on:
        text = _("Round %(round)s (%(system)s, from the standings after round %(based)s)")
    else:
        text = _("Round %(round)s (%(system)s, from the seeding)")
    if checked.derived is None:
        verdict = _("not re-derived")
    elif checked.only_played or checked.only_derived:
        verdict = _("differs")
    else:
        verdict = _("as re-derived")
    return f"{text % params}: {verdict}"


def _pairs(pairs, division) -> str:
    def name(number):
        return f"{division.player(number).display_name} (#{number})"

    return "; ".join(f"{name(a)} v {_('bye') if b is None else name(b)}" for a, b in pairs) or "-"
