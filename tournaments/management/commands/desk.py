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

HISTORY = Path.home() / ".tournament_desk_history"


class Command(BaseCommand):
    help = _("A console for one event that takes TSH's commands (type “help” in it).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--division", dest="division_name", help=_("The division to start in."))
        parser.add_argument("--user", help=_("Act as this account (default: the system)."))
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
