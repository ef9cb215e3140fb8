"""`manage.py export_gcg GAME_ID [--output FILE]`: a scoresheet as a GCG record (UTF-8)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from games import selectors
from games.engine.gcg import write_gcg
from games.engine.gcg_io import record_from_game
from games.models import Game


class Command(BaseCommand):
    help = _("Write a game's scoresheet as a GCG record (UTF-8).")

    def add_arguments(self, parser):
        parser.add_argument("game", metavar="GAME_ID", type=int)
        parser.add_argument("--output", help=_("File to write (default: standard output)."))

    def handle(self, *args, game, output, **options):
        found = (
            Game.objects.select_related("first_player", "second_player", "lexicon")
            .filter(pk=game)
            .first()
        )
        if found is None:
            raise CommandError(_("No game has the id %(id)d.") % {"id": game})
        record = record_from_game(
            names=found.player_names,
            turns=selectors.game_turns(found),
            title=found.title,
            notes=found.notes,
            lexicon=found.lexicon.name if found.lexicon else "",
        )
        text = write_gcg(record)
        self.write_file_or_print(text, output)
