"""`manage.py person_data export PLAYER_ID [--output FILE]` and `manage.py person_data erase
PLAYER_ID --confirm`: a person's data on request, as the staff page does it (audited)."""

import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from config.person_data import person_erase, person_export
from core.cli import ROW_ID, BaseCommand
from players.erasure import player_export_record
from players.management.commands._lookup import player_with_id


class Command(BaseCommand):
    help = _("Export everything about one player as JSON, or erase the player (results kept).")

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["export", "erase"], help=_("export or erase"))
        parser.add_argument("player_id", type=ROW_ID, help=_("The player's id."))
        parser.add_argument("--output", help=_("Write the JSON to this file (export)."))
        parser.add_argument(
            "--confirm", action="store_true", help=_("Erase for good (erase needs it).")
        )

    def handle(self, *args, action, player_id, output, confirm, **options):
        player = player_with_id(player_id)
        if action == "export":
            player_export_record(by=None, player=player)
            text = json.dumps(person_export(player), ensure_ascii=False, indent=2)
            if output:
                Path(output).write_text(text + "\n", encoding="utf-8")
                self.stdout.write(_("Written to %(file)s.") % {"file": output})
            else:
                self.stdout.write(text)
            return
        if not confirm:
            raise CommandError(_("Erasing cannot be undone: pass --confirm to erase."))
        erased = person_erase(by=None, player=player)
        self.stdout.write(_("Erased: the player is now %(name)s.") % {"name": erased.name})
