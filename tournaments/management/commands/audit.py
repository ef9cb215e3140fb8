"""python manage.py audit SLUG [--limit N]: the latest changes, with the ids `undo` takes: what
the event's audit log page lists (result changes with their game, before and after; any other
change in the log's sentence)."""

from django.utils import timezone
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from core.cli import BaseCommand, whole_number
from core.models import AuditEntry
from tournaments.result_text import alone_word, audit_rows

from ._lookup import tournament_from
from ._options import add_event

# The most entries one listing prints: past any event's result changes, short of a number
# the database cannot take as a LIMIT.
MAX_LISTED = 1_000_000


def row_text(row: dict) -> str:
    """One audit row: id, when, who and what (a result change: which game, and the result before
    and after; any other change: the audit log's sentence)."""
    entry = row["entry"]
    who = entry.actor.get_username() if entry.actor else _("system")
    text = f"{entry.pk:>6}  {localtime(entry.at):%Y-%m-%d %H:%M}  {who}  "
    if row["is_result"]:
        text += _game_change(row)
    else:
        text += row["text"]
    if entry.undoes_id:
        text += "  " + _("(undoes %(id)d)") % {"id": entry.undoes_id}
    if hasattr(entry, "undone_by"):
        text += "  " + _("(undone by %(id)d)") % {"id": entry.undone_by.pk}
    return text


def _game_change(row: dict) -> str:
    """A result change: what was done, which game, and the result before and after."""
    pairing = row["pairing"]
    game = _("(game deleted)")
    if pairing is not None:
        second = pairing.second.player.name if pairing.second else alone_word(pairing.kind)
        game = _("R%(round)d T%(table)s %(first)s – %(second)s") % {
            "round": pairing.round.number,
            "table": pairing.table or "–",
            "first": pairing.first.player.name,
            "second": second,
        }
    return f"{row['label']}  {game}: {row['before']} → {row['after']}"


class Command(BaseCommand):
    help = _(
        "List a tournament's latest changes, newest first, with their ids, as its audit log does."
    )

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument(
            "--limit", type=whole_number(1, MAX_LISTED), default=50, help=_("Default: 50.")
        )

    def handle(self, *args, slug, limit, **options):
        tournament = tournament_from(slug)
        entries = AuditEntry.objects.filter(tournament_id=tournament.pk).select_related(
            "actor", "undone_by"
        )[:limit]
        rows = audit_rows(list(entries))
        if not rows:
            self.stdout.write(_("Nothing has changed yet."))
        with timezone.override(tournament.zone):  # the times the event's own pages show
            for row in rows:
                self.stdout.write(row_text(row))
