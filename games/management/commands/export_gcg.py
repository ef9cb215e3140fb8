"""`manage.py export_gcg GAME_ID [--output FILE]`: a scoresheet as a GCG record (UTF-8)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import ROW_ID, BaseCommand, add_output
from games import selectors
from games.models import Game


class Command(BaseCommand):
    help = _("Write a game's scoresheet as a GCG record (UTF-8).")

    def add_arguments(self, parser):
        parser.add_argument("game", metavar="GAME_ID", type=ROW_ID)
        add_output(parser)

    def handle(self, *args, game, output, **options):
        found = (
            Game.objects.select_related("first_player", "second_player", "lexicon")
            .filter(pk=game)
            .first()
        )
        if found is None:
            raise CommandError(_("No game has the id %(id)d.") % {"id": game})
        self.write_file_or_print(selectors.game_gcg(found), output)
