"""The integrity desk's dismissals in an event archive (the ``flag_dismissals`` section,
registered in games/apps.py after the scoresheets).

A dismissal is kept under its flag's key, which names the game, the pairing and (for the
patterns across an event) the entries by id: the key comes back with the ids the import gave
them, so each flag stays dismissed in a copy and after a restore in place. The facts the
dismissal saw and the director who dismissed it (by username) travel with it. A dismissal
naming a game, table or entry the archive does not hold is left out (it covers no flag there);
an archive from before the section holds no dismissals.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.engine.integrity.flags import KeyParts, key_parts, key_renumbered
from tournaments.archive import shape
from tournaments.archive.check import optional_username
from tournaments.archive.restore import create_stamped
from tournaments.archive.sections import RestoreContext, Section
from tournaments.archive.shape import Problems, Shape, load_record, object_list

from .models import FlagDismissal

KEY = "flag_dismissals"
DISMISSAL = Shape(FlagDismissal, ("key", "note", "seen", "dismissed_at"))


@dataclass
class CheckedDismissal:
    dismissal: FlagDismissal
    parts: KeyParts
    dismissed_by: str | None


def export_dismissals(tournament) -> list[dict]:
    rows = FlagDismissal.objects.filter(tournament=tournament).order_by("id")
    records = shape.dump_rows(DISMISSAL, rows, "dismissed_by__username")
    for record in records:
        record["dismissed_by"] = record.pop("dismissed_by__username")
    return records


def check_dismissals(records, known: dict[str, set[int]], problems: Problems) -> list:
    if records is None:
        return []  # an archive from before dismissals were kept
    checked, keys = [], set()
    for index, record in enumerate(object_list({KEY: records}, KEY, "", problems)):
        path = f"{KEY}[{index}]"
        dismissal = load_record(DISMISSAL, record, path, problems)
        if dismissal is None:
            continue
        parts = key_parts(dismissal.key)
        if parts is None:
            problems.add(f"{path}.key", _("is not the key of a flag"))
            continue
        if not _names_kept(parts, known):
            continue  # of a game, table or player no longer in the event: no flag to cover
        if dismissal.key in keys:
            problems.add(f"{path}.key", _("the flag is dismissed twice"))
        keys.add(dismissal.key)
        by = optional_username(record, "dismissed_by", path, problems)
        checked.append(CheckedDismissal(dismissal, parts, by))
    return checked


def _names_kept(parts: KeyParts, known: dict[str, set[int]]) -> bool:
    """Whether every id the key names is of a record the archive holds (a scoresheet deleted
    after its flag was dismissed leaves a dismissal that covers nothing, left out)."""
    named = [
        ("games.game", parts.game),
        ("tournaments.pairing", parts.pairing),
        *(("tournaments.entry", entry) for entry in parts.entries),
    ]
    return all(not pk or pk in known.get(label, ()) for label, pk in named)


def restore_dismissals(checked: list[CheckedDismissal], context: RestoreContext) -> None:
    dismissals = []
    for item in checked:
        dismissal = item.dismissal
        dismissal.tournament = context.tournament
        dismissal.key = key_renumbered(
            item.parts,
            context.ids.get("games.game", {}),
            context.ids["tournaments.pairing"],
            context.ids["tournaments.entry"],
        )
        dismissal.dismissed_by = context.user(item.dismissed_by)
        dismissals.append(dismissal)
    create_stamped(FlagDismissal, dismissals, context, ("dismissed_at",), noted=False)


def usernames(checked: list[CheckedDismissal]) -> set[str]:
    return {item.dismissed_by for item in checked if item.dismissed_by}


def clear_dismissals(tournament) -> None:
    FlagDismissal.objects.filter(tournament=tournament).delete()


DISMISSALS_SECTION = Section(
    key=KEY,
    export=export_dismissals,
    check=check_dismissals,
    restore=restore_dismissals,
    usernames=usernames,
    clear=clear_dismissals,
    added=True,
)
