"""python manage.py desk SLUG [--division A] [--user USERNAME] [--history FILE]

An interactive console for one event that speaks TSH's command words (``a``, ``sp``, ``st``,
``koth``, ``ns`` ...) beside the Desk's own names; ``help`` lists them. Every command goes
through the services the pages use, audited as ``--user`` (default: the system), and answers in
the event's language.
"""

from pathlib import Path

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from core.cli import BaseCommand
from core.permissions import RESULTS

from ..desk import terminal
from ..desk.session import Session
from ..desk.shell import DeskShell
from ._acting import acting_user
from ._lookup import division_from, tournament_from
from ._options import add_division, add_event, add_user

HISTORY = Path.home() / ".tournament_desk_history"


class Command(BaseCommand):
    help = _("A console for one event that takes TSH's commands (type “help” in it).")

    def add_arguments(self, parser):
        add_event(parser)
        add_division(parser, help=_("The division to start in."))
        add_user(parser)
        parser.add_argument(
            "--history", default=str(HISTORY), help=_("The file the typed commands are kept in.")
        )

    def handle(self, *args, slug, division_name, user, history, **options):
        tournament = tournament_from(slug)
        translation.activate(tournament.language or settings.LANGUAGE_CODE)
        division = division_from(tournament, division_name) if division_name else None
        division = division or tournament.divisions.order_by("name").first()
        if division is None:
            division = division_from(tournament, None)  # refused: the event has no division
        session = Session(
            tournament=tournament,
            division=division,
            username=user,
            by=acting_user(user, tournament, RESULTS),
            stream=self.stdout,
        )
        session.say(
            _("%(event)s, division %(division)s. Type “help” for the commands, “quit” to leave.")
            % {"event": tournament.name, "division": division.name}
        )
        with terminal.history_kept(history):
            terminal.loop(DeskShell(session), session)
