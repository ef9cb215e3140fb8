"""`manage.py integrity EVENT [--json]`: the integrity desk's flags of an event, as on its page.

A flag is not an accusation: it names a game, a line of its sheet and a rule that the line does
not fit (or, for the patterns, a coincidence worth a look). Dismissed flags are listed with their
note.
"""

import json

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from core.messages import translated
from games.integrity.selectors import integrity_report
from tournaments.management.commands._lookup import tournament_from


class Command(BaseCommand):
    help = _("List the integrity desk's flags of an event (a flag is not an accusation).")

    def add_arguments(self, parser):
        parser.add_argument("event", help=_("The event's slug."))
        parser.add_argument("--json", action="store_true", help=_("Write the flags as JSON."))

    def handle(self, *args, event, json, **options):
        report = integrity_report(tournament_from(event))
        if json:
            self.stdout.write(_json_text(report))
            return
        for row in report.rows:
            self.stdout.write(_line(row))
        self.stdout.write(
            _("%(flags)d flags (%(dismissed)d dismissed) in %(games)d scoresheets.")
            % {
                "flags": len(report.rows),
                "dismissed": len(report.dismissed_rows),
                "games": report.games_checked,
            }
        )


def _json_text(report) -> str:
    rows = []
    for row in report.rows:
        item = row.flag.as_dict() | {"sheet": row.sheet_url}
        item["dismissed"] = None
        if row.dismissal is not None:
            item["dismissed"] = {
                "by": row.dismissal.by,
                "at": row.dismissal.at.isoformat(),
                "note": row.dismissal.note,
            }
        if row.where is not None:
            item |= {"division": row.where.division, "round": row.where.round}
            item |= {"table": row.where.table, "players": row.where.players}
        rows.append(item)
    return json.dumps(rows, ensure_ascii=False, indent=1)


def _line(row) -> str:
    flag = row.flag
    where = ""
    if row.where is not None:
        where = _("division %(division)s round %(round)d: %(players)s") % {
            "division": row.where.division,
            "round": row.where.round,
            "players": row.where.players,
        }
    game = (
        _("game %(game)d line %(line)d") % {"game": flag.game, "line": flag.line}
        if flag.game
        else ""
    )
    mark = _(" [dismissed]") if row.dismissal is not None else ""
    head = " · ".join(part for part in (flag.code, game, where) if part)
    return f"{head}{mark}\n    {translated(flag)}\n    {_(flag.rule)}"
