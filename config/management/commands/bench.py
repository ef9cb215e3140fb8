"""`manage.py bench WHAT`: the project's benchmarks, kept apart from the product in bench/."""

import inspect
from importlib import import_module

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand

BENCHMARKS = {
    "replay": "bench.replay.bench_replay",
    "lexicon": "bench.lexicon.bench_lexicon",
    "pairing": "bench.pairing.bench_pairing",
    "pairing-path": "bench.pairing_path.bench_pairing_path",
    "standings": "bench.standings.bench_standings",
    "pages": "bench.pages.bench_pages",
    "ratings": "bench.ratings.bench_ratings",
    "cop": "bench.cop.run",
    "cop-flood": "bench.cop_flood.bench_cop_flood",
    "load": "bench.load.bench_load",
    "mutants": "bench.mutants.bench_mutants",
    "trust": "bench.trust.bench_trust",
    "roster": "bench.roster.bench_roster",
    "restore": "bench.restore.bench_restore",
    "broadcast": "bench.broadcast.bench_broadcast",
    "exports": "bench.exports.bench_exports",
    "kingscup": "bench.kingscup.bench_kingscup",
    "cli": "bench.cli.bench_cli",
    "integrity": "bench.integrity.bench_integrity",
    "publish": "bench.publish.bench_publish",
}
# Sizes a benchmark may be scaled by (only the ones it takes; see its function's arguments).
SIZE_OPTIONS = ("players", "divisions", "clients", "viewers", "seconds")
LIMITS = {"players": 20_000, "divisions": 200, "clients": 1_000, "viewers": 2_000, "seconds": 300}


def load(dotted: str):
    module_name, function_name = dotted.rsplit(".", 1)
    return getattr(import_module(module_name), function_name)


class Command(BaseCommand):
    help = _("Run a benchmark and print its figures.")

    def add_arguments(self, parser):
        parser.add_argument("what", choices=sorted(BENCHMARKS), help=_("Which benchmark to run."))
        parser.add_argument("--players", type=int, help=_("How many players (kingscup)."))
        parser.add_argument("--divisions", type=int, help=_("How many divisions (kingscup)."))
        parser.add_argument(
            "--clients", type=int, help=_("How many clients report at once (kingscup).")
        )
        parser.add_argument(
            "--seconds", type=int, help=_("Seconds the phones poll before the burst (kingscup).")
        )
        parser.add_argument("--viewers", type=int, help=_("How many viewers (broadcast)."))
        parser.add_argument(
            "--proxy",
            action="store_true",
            help=_("Viewers and phones ask through a caching nginx (broadcast, kingscup)."),
        )
        parser.add_argument(
            "--phases", help=_("Only these phases, comma-separated (kingscup: pair,report,...).")
        )

    def handle(self, *args, what: str, **options):
        try:
            bench = load(BENCHMARKS[what])
        except (ImportError, AttributeError) as exc:
            raise CommandError(
                _("Benchmark %(what)s is not available: %(error)s") % {"what": what, "error": exc}
            ) from exc
        sizes = {name: options[name] for name in SIZE_OPTIONS if options.get(name) is not None}
        if options.get("phases") is not None:
            sizes["phases"] = options["phases"][:200]
        if options.get("proxy"):
            sizes["proxy"] = True
        for name, value in sizes.items():
            if name in LIMITS and not 1 <= value <= LIMITS[name]:
                raise CommandError(
                    _("--%(name)s must be a whole number from 1 to %(most)d.")
                    % {"name": name, "most": LIMITS[name]}
                )
        taken = inspect.signature(bench).parameters
        for name in sizes:
            if name not in taken:
                raise CommandError(
                    _("Benchmark %(what)s takes no --%(name)s.") % {"what": what, "name": name}
                )
        try:
            lines = bench(**sizes)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        for line in lines:
            self.stdout.write(line)
