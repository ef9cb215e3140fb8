"""`manage.py import_gcg FILE.gcg [--rules PRESET] [--pairing ID]`: a scoresheet from a record."""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import ROW_ID, BaseCommand, read_bytes, validation_text
from core.messages import translated
from core.refusal import Refusal
from games.engine.rules import PRESETS
from games.services.imports import game_import_gcg
from tournaments.models import Pairing


def pairing_from(pairing_id: int) -> Pairing:
    """A played game of a tournament (not a bye), for the scoresheet to belong to."""
    pairing = (
        Pairing.objects.select_related("round__division__tournament", "first__player")
        .filter(pk=pairing_id)
        .first()
    )
    if pairing is None:
        raise CommandError(_("No pairing has the id %(id)d.") % {"id": pairing_id})
    if pairing.second_id is None:
        raise CommandError(
            _("Pairing %(id)d is a bye for %(name)s; a bye has no game.")
            % {"id": pairing_id, "name": pairing.first.player.name}
        )
    return pairing


class Command(BaseCommand):
    help = _(
        "Import a GCG record as a scoresheet. It is replayed under the rules and refused, "
        "naming the line, where it disagrees; nothing is saved then."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The .gcg file."))
        parser.add_argument(
            "--rules",
            choices=sorted(PRESETS),
            help=_("Rule set (default: the division's for a pairing, else naspa)."),
        )
        parser.add_argument(
            "--pairing", type=ROW_ID, help=_("Attach the sheet to this tournament game.")
        )

    def handle(self, *args, file, rules, pairing, **options):
        data = read_bytes(file)
        game_pairing = pairing_from(pairing) if pairing is not None else None
        # As the upload page does: a tournament game defaults to its division's rules (the
        # division's own, else its event's).
        overrides = None
        if game_pairing is not None and rules is None:
            rules, overrides = game_pairing.round.division.stored_rules()
            overrides = overrides or None
        try:
            game = game_import_gcg(
                by=None,
                data=data,
                rules_preset=rules or "naspa",
                rules=overrides,
                pairing=game_pairing,
            )
        except Refusal as err:
            raise CommandError(f"{file}: {translated(err)}") from err
        except ValidationError as err:
            raise CommandError(
                "\n".join(f"{file}: {message}" for message in validation_text(err).splitlines())
            ) from err
        self.stdout.write(
            _("Imported game %(id)d: %(first)s %(first_score)s – %(second_score)s %(second)s.")
            % {
                "id": game.pk,
                "first": game.first_player.name,
                "second": game.second_player.name,
                "first_score": game.first_score,
                "second_score": game.second_score,
            }
        )
