"""`manage.py broadcast SLUG`: an event's broadcast settings, shown or changed.

    manage.py broadcast open-2026 --delay 15
    manage.py broadcast open-2026 --division A --top-tables 3
    manage.py broadcast open-2026 --mark 812 --unmark 790

Each change goes through the same audited service as the director's page (as the system).
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import ROW_ID, BaseCommand, field_argument
from games.broadcast import services
from games.broadcast.forms import BroadcastDelayForm, BroadcastTopTablesForm
from games.broadcast.selectors import division_games, event_delay, game_is_broadcast, top_tables
from games.models import Game
from tournaments.management.commands._lookup import division_from, tournament_from
from tournaments.management.commands._options import add_division, add_event
from tournaments.models import Tournament


class Command(BaseCommand):
    help = _("Show or change an event's broadcast: its delay, top tables and marked games.")

    def add_arguments(self, parser):
        add_event(parser, dest="event")
        parser.add_argument(
            "--delay", type=field_argument(BroadcastDelayForm.base_fields["minutes"]),
            help=_("Broadcast delay in minutes (0 to 60)."),
        )  # fmt: skip
        add_division(parser, help=_("The division --top-tables is for."))
        parser.add_argument(
            "--top-tables", type=field_argument(BroadcastTopTablesForm.base_fields["tables"]),
            help=_("Broadcast this many top tables every round (0 to 50)."),
        )  # fmt: skip
        parser.add_argument("--mark", type=ROW_ID, action="append", default=[], metavar="GAME_ID")
        parser.add_argument("--unmark", type=ROW_ID, action="append", default=[], metavar="GAME_ID")

    def handle(self, *args, event, delay, division_name, top_tables, mark, unmark, **options):
        tournament = tournament_from(event)
        self._change(tournament, delay, division_name, top_tables, mark, unmark)
        self._show(Tournament.objects.select_related("broadcast").get(pk=tournament.pk))

    def _change(self, tournament, delay, division, tables, mark, unmark) -> None:
        if delay is not None:
            services.broadcast_delay_set(by=None, tournament=tournament, minutes=delay)
        if tables is not None:
            found = division_from(tournament, division)
            services.broadcast_top_tables_set(by=None, division=found, tables=tables)
        for game_id, on in [(g, True) for g in mark] + [(g, False) for g in unmark]:
            game = Game.objects.filter(
                pk=game_id, pairing__round__division__tournament=tournament
            ).first()
            if game is None:
                raise CommandError(_("No game has the id %(id)d.") % {"id": game_id})
            services.broadcast_mark(by=None, game=game, on=on)

    def _show(self, tournament) -> None:
        self.stdout.write(_("Delay: %(minutes)d minutes") % {"minutes": event_delay(tournament)})
        for division in tournament.divisions.select_related("broadcast").order_by("name"):
            shown = [
                f"{game.pairing.table}:{game.pk}"
                for game in division_games(division)
                if game_is_broadcast(game)
            ]
            self.stdout.write(
                _("%(division)s: top %(tables)d tables; broadcast (table:game) %(games)s")
                % {
                    "division": division.name,
                    "tables": top_tables(division),
                    "games": " ".join(shown) or "-",
                }
            )
