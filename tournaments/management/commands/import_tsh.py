"""python manage.py import_tsh FILE.t [--config config.tsh] --name "Event" [--division A]"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from core.messages import translated
from tournaments.services.tsh_import import tsh_import
from tournaments.tsh import TshError

from ._lookup import tournament_from


class Command(BaseCommand):
    help = _("Import a TSH .t division file: players, pairings and results. Nothing on error.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The .t file."))
        parser.add_argument("--config", help=_("The event's config.tsh (optional)."))
        parser.add_argument("--name", help=_("Tournament name (required for a new tournament)."))
        parser.add_argument("--division", help=_("Division name (default: from config, or A)."))
        parser.add_argument("--into", help=_("Add the division to the tournament with this slug."))

    def handle(self, *args, file, config, name, division, into, **options):
        data = read_bytes(file)
        settings = read_bytes(config) if config else None
        tournament = tournament_from(into) if into else None
        if tournament is None and not (name or "").strip():
            raise CommandError(_("Give the tournament a --name."))
        try:
            outcome = tsh_import(
                by=None,
                data=data,
                name=name or "",
                division_name=division,
                config=settings,
                file_name=file,
                tournament=tournament,
            )
        except TshError as err:
            lines = [f"{file}:{p.line}: {translated(p)}" for p in err.problems]
            raise CommandError("\n".join([_("Nothing was imported."), *lines])) from err
        self.stdout.write(
            _(
                "Imported %(players)d players (%(created)d new) and %(rounds)d rounds into "
                "%(tournament)s, division %(division)s (slug %(slug)s)."
            )
            % {
                "players": outcome.players_created + outcome.players_matched,
                "created": outcome.players_created,
                "rounds": outcome.rounds,
                "tournament": outcome.tournament.name,
                "division": outcome.division.name,
                "slug": outcome.tournament.slug,
            }
        )
