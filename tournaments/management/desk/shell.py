"""The console's prompt: the standard library's ``cmd`` (a line loop with ``readline``'s
editing, history and tab completion), reading each line with the pure parser
(``tournaments/console/``) and running it on the session. A refusal is written and changes
nothing; the console goes on."""

import cmd

from django.db import DatabaseError, close_old_connections, connection
from django.utils.translation import gettext as _

from core.cli import shown
from core.messages import translated
from pairing.registry import SYSTEMS
from tournaments.console import words
from tournaments.console.parse import Command, ConsoleRefusal, parse_line, usage_of
from tournaments.console.words import system_words

from . import ask, jobs, results, shows
from .session import Refused, Session


class DeskShell(cmd.Cmd):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.systems = {*SYSTEMS, *system_words()}

    @property
    def prompt(self) -> str:
        return f"desk:{self.session.division.name}> "

    def preloop(self) -> None:
        if ask.readline is not None:  # words end at spaces only: "wall-chart" is one word
            ask.readline.set_completer_delims(" \t\n")

    def emptyline(self) -> bool:
        return False  # cmd repeats the last command on an empty line; a result must not be

    def onecmd(self, line: str) -> bool:
        """Run one line; True ends the console."""
        if line == "EOF":  # Ctrl-D at the prompt
            self.session.say()
            line = "quit"
        if "\x00" in line or shown(line) != line:
            self.session.say(_("The line holds characters that are not text; nothing was done."))
            return False
        # A console waits at its prompt for hours: a connection the server has dropped or that
        # has outlived CONN_MAX_AGE is replaced first, as at the start of every request (never
        # inside a transaction someone opened around the console: a test's).
        if not connection.in_atomic_block:
            close_old_connections()
        try:
            command = parse_line(line, self.systems)
            return False if command is None else self.run(command)
        except ConsoleRefusal as err:
            self.session.refuse(err)
        except Refused as err:
            self.session.say(str(err))
        except DatabaseError as err:  # every write is one transaction: it was rolled back
            self.session.say(
                _("The database did not answer (%(error)s); this command changed nothing.")
                % {"error": err}
            )
        return False

    def run(self, command: Command) -> bool:
        name = command.word.name
        if name == "quit":
            return True
        if command.word.system or name == "pair":
            division = self.session.division_named(command.division)
            system = system_words().get(command.system or "", command.system)
            jobs.pair(self.session, division, command.round, system)
            return False
        handler = getattr(self, f"_{name}")
        return bool(handler(command))

    def _result(self, command: Command) -> bool:
        division = self.session.division_named(command.division)
        if command.line:  # "a LINE" names no round: the one both sides of the desk agree on
            results.enter_line(self.session, self.session.line_round(division), command.line)
            return False
        round_ = self.session.paired_round(division, command.round)
        pending = results.results_prompt(self.session, round_)
        return self.onecmd(pending) if pending else False

    def _pairings(self, command: Command) -> None:
        division = self.session.division_named(command.division)
        shown = self.session.paired_round(division, command.round, latest=True)
        shows.show_pairings(self.session, shown)

    def _missing(self, command: Command) -> None:
        division = self.session.division_named(command.division)
        results.show_missing(self.session, self.session.paired_round(division, command.round))

    def _standings(self, command: Command) -> None:
        division = self.session.division_named(command.division)
        jobs.standings(self.session, division, command.round)

    def _player(self, command: Command) -> None:
        division = self.session.division_named(command.division)
        shows.show_player(self.session, division, command.player, command.name)

    def _undo(self, command: Command) -> None:
        jobs.undo(self.session, command.entry)

    def _print(self, command: Command) -> None:
        division = self.session.division_named(command.division)
        jobs.print_report(self.session, division, command.report, command.round)

    def _division(self, command: Command) -> None:
        if command.words:
            self.session.division = self.session.division_named(command.words[0])
        names = ", ".join(d.name for d in self.session.divisions())
        self.session.say(
            _("Division %(division)s (this event has: %(names)s).")
            % {"division": self.session.division.name, "names": names}
        )

    def _help(self, command: Command) -> None:
        if command.words:
            word = words.word_named(command.words[0])
            if word is None:
                raise Refused(_("There is no command “%(word)s”.") % {"word": command.words[0]})
            self.session.say(translated(usage_of(word)))
            self.session.say(_(word.summary))
            return
        self.session.say(_("Desk name     TSH word (short)        What it does"))
        for word in words.WORDS:
            tsh = " ".join(s for s in (word.tsh, *word.short) if s) or "—"
            self.session.say(f"{word.name:<13} {tsh:<23} {_(word.summary)}")
        self.session.say(_("“help COMMAND” shows how a command is typed."))

    # Tab completion: the first word from every spelling, the rest from the event's names; a
    # word completed whole is followed by a space, ready for the next (readline adds none).
    def completenames(self, text, *ignored):
        return [f"{spelling} " for spelling in words.spellings_starting(text)]

    def completedefault(self, text, line, begidx, endidx):
        first = words.word_named(line.split()[0]) if line.split() else None
        choices = [d.name for d in self.session.divisions()]
        if first is words.PAIR:
            choices += sorted(self.systems)
        elif first is words.PRINT:
            from printouts import registry  # the printouts only when a printout is asked for

            choices += [report.name for report in registry.reports()]
        elif first is words.HELP:
            choices += words.spellings_starting("")
        return [f"{c} " for c in choices if c.lower().startswith(text.lower())]
