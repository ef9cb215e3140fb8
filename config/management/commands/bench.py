"""`manage.py bench WHAT`: the project's benchmarks, kept apart from the product in bench/."""

from importlib import import_module

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

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
}


def load(dotted: str):
    module_name, function_name = dotted.rsplit(".", 1)
    return getattr(import_module(module_name), function_name)


class Command(BaseCommand):
    help = _("Run a benchmark and print its figures.")

    def add_arguments(self, parser):
        parser.add_argument("what", choices=sorted(BENCHMARKS), help=_("Which benchmark to run."))

    def handle(self, *args, what: str, **options):
        try:
            bench = load(BENCHMARKS[what])
        except (ImportError, AttributeError) as exc:
            raise CommandError(
                _("Benchmark %(what)s is not available: %(error)s") % {"what": what, "error": exc}
            ) from exc
        for line in bench():
            self.stdout.write(line)
