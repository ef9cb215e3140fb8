"""The console's commands that the project's management commands already do: standings,
pairing a round, undo and printing. Each is run through ``call_command`` with the console's
division and acting account, so it is checked, audited and refused exactly as on its own; a
refusal is written and nothing changed."""

import re
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.models import AuditEntry

from .session import Refused, Session

MAX_NAME = 60  # of a printout's file name, before ".pdf"


def run(session: Session, name: str, *args, **options) -> bool:
    """Run the management command ``name`` for the console's event; whether it did its work."""
    try:
        call_command(name, session.tournament.slug, *args, stdout=session.stream, **options)
    except CommandError as err:
        session.say(_("Refused: %(reason)s") % {"reason": err})
        return False
    return True


def _acting(session: Session) -> dict:
    return {"user": session.username} if session.username else {}


def standings(session: Session, division, after_round: int | None) -> None:
    run(session, "standings", division=division.name, after_round=after_round)


def pair(session: Session, division, number: int | None, system: str | None) -> None:
    number = number or session.next_round(division)
    options = {"division_name": division.name, "round": number, "system": system}
    run(session, "pair", **options, **_acting(session))


def undo(session: Session, entry: int | None) -> None:
    """Undo audit entry ``entry``, or the last result typed in this console that is still
    standing (one undone meanwhile, on the audit log page, is passed over)."""
    if entry is None:
        if not session.typed:
            raise Refused(
                _("No result was typed in this console yet; name the audit entry to undo.")
            )
        undone = set(
            AuditEntry.objects.filter(pk__in=session.typed, undone_by__isnull=False).values_list(
                "pk", flat=True
            )
        )
        session.typed[:] = [pk for pk in session.typed if pk not in undone]
        if not session.typed:
            raise Refused(
                _(
                    "Every result typed in this console has been undone; name the audit entry to undo."
                )
            )
        entry = session.typed[-1]
    if run(session, "undo", str(entry), **_acting(session)) and entry in session.typed:
        session.typed.remove(entry)


def _file_name(session: Session, division, report: str, number: int | None) -> Path:
    parts = [session.tournament.slug, division.name, report] + ([f"r{number}"] if number else [])
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", "-".join(parts)).strip("-")[:MAX_NAME] or "printout"
    return Path.cwd() / f"{stem}.pdf"


def print_report(session: Session, division, report: str, number: int | None) -> None:
    """Write the printout as a PDF in the current folder (a printout of one round: the current
    round unless one is named); the printouts' fonts and layout are read only now, when the
    director asks for one."""
    from printouts import registry

    names = [r.name for r in registry.reports()]
    if report not in names:
        raise Refused(
            _("There is no printout called “%(name)s”; there are: %(names)s.")
            % {"name": report, "names": ", ".join(names)}
        )
    if number is None and registry.report_named(report).needs_round:
        # The round just paired, as the division page's print links take it.
        number = session.paired_round(division, None, latest=True).number
    output = _file_name(session, division, report, number)
    run(session, "print", report, division_name=division.name, round=number, output=str(output))
