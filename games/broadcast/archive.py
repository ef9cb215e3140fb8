"""What an event broadcasts, in its archive (the ``broadcast`` section, registered in
games/apps.py after the scoresheets): the event's delay, each division's top tables and the
games a director marked, by the archive ids of their division and game, given their new ids
on import. A copy keeps the anti-cheating delay of its boards, and a restore in place its marks
and top tables. An archive from before the section broadcasts nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from core.messages import translated
from games.engine.broadcast import BroadcastRefused, checked_delay, checked_top_tables
from tournaments.archive import shape
from tournaments.archive.check import optional_username
from tournaments.archive.restore import create_all, create_stamped
from tournaments.archive.sections import RestoreContext, Section
from tournaments.archive.shape import Problems, Shape, load_record, object_list, refs_held

from .models import BroadcastMark, DivisionBroadcast, EventBroadcast

KEY = "broadcast"
EVENT = Shape(EventBroadcast, ("delay_minutes",))
DIVISION = Shape(DivisionBroadcast, ("top_tables",), refs=("division",))
MARK = Shape(BroadcastMark, ("marked_at",), refs=("game",))


@dataclass
class CheckedBroadcast:
    event: EventBroadcast | None = None
    divisions: list[DivisionBroadcast] = field(default_factory=list)
    marks: list[tuple[BroadcastMark, str | None]] = field(default_factory=list)


def export_broadcast(tournament) -> dict:
    event = shape.dump_rows(EVENT, EventBroadcast.objects.filter(tournament=tournament))
    divisions = DivisionBroadcast.objects.filter(division__tournament=tournament).order_by("id")
    marks = BroadcastMark.objects.filter(game__pairing__round__division__tournament=tournament)
    records = shape.dump_rows(MARK, marks.order_by("id"), "marked_by__username")
    for record in records:
        record["marked_by"] = record.pop("marked_by__username")
    return {
        "event": event[0] if event else None,
        "divisions": shape.dump_rows(DIVISION, divisions),
        "marks": records,
    }


def check_broadcast(data, known: dict[str, set[int]], problems: Problems) -> CheckedBroadcast:
    checked = CheckedBroadcast()
    if data is None:
        return checked  # an archive from before broadcasts were kept
    if not isinstance(data, dict):
        problems.add(KEY, _("must be an object"))
        return checked
    if data.get("event") is not None:
        checked.event = load_record(EVENT, data["event"], f"{KEY}.event", problems)
        if checked.event is not None:
            _bounded(checked_delay, checked.event.delay_minutes, f"{KEY}.event", problems)
    for index, record in enumerate(object_list(data, "divisions", KEY, problems)):
        path = f"{KEY}.divisions[{index}]"
        found = _loaded(DIVISION, record, path, "division", known, problems)
        if found is not None and _bounded(checked_top_tables, found.top_tables, path, problems):
            checked.divisions.append(found)
    _once(checked.divisions, "division", f"{KEY}.divisions", problems)
    for index, record in enumerate(object_list(data, "marks", KEY, problems)):
        path = f"{KEY}.marks[{index}]"
        mark = _loaded(MARK, record, path, "game", known, problems)
        by = optional_username(record, "marked_by", path, problems)
        if mark is not None:
            checked.marks.append((mark, by))
    _once([mark for mark, _by in checked.marks], "game", f"{KEY}.marks", problems)
    return checked


LABELS = {"division": "tournaments.division", "game": "games.game"}


def _loaded(record_shape: Shape, record, path: str, ref: str, known, problems):
    """The record loaded, its ``ref`` one the archive holds; None (and a problem) if not."""
    found = load_record(record_shape, record, path, problems)
    if found is None:
        return None
    return found if refs_held(found, (ref,), known.get(LABELS[ref], ()), path, problems) else None


def _bounded(check, value: int, path: str, problems: Problems) -> bool:
    try:
        check(value)
    except BroadcastRefused as err:
        problems.add(path, translated(err))
        return False
    return True


def _once(records: list, ref: str, path: str, problems: Problems) -> None:
    seen = set()
    for record in records:
        value = getattr(record, f"{ref}_id")
        if value in seen:
            problems.add(path, _("the id %(id)d appears twice") % {"id": value})
        seen.add(value)


def restore_broadcast(checked: CheckedBroadcast, context: RestoreContext) -> None:
    if checked.event is not None:
        checked.event.tournament = context.tournament
        create_all(EventBroadcast, [checked.event], context, noted=False)
    for setting in checked.divisions:
        setting.division_id = context.new_id("tournaments.division", setting.division_id)
    create_all(DivisionBroadcast, checked.divisions, context, noted=False)
    marks = []
    for mark, by in checked.marks:
        mark.game_id = context.new_id("games.game", mark.game_id)
        mark.marked_by = context.user(by)
        marks.append(mark)
    create_stamped(BroadcastMark, marks, context, ("marked_at",), noted=False)


def usernames(checked: CheckedBroadcast) -> set[str]:
    return {by for _mark, by in checked.marks if by}


def clear_broadcast(tournament) -> None:
    EventBroadcast.objects.filter(tournament=tournament).delete()
    DivisionBroadcast.objects.filter(division__tournament=tournament).delete()
    BroadcastMark.objects.filter(game__pairing__round__division__tournament=tournament).delete()


BROADCAST_SECTION = Section(
    key=KEY,
    export=export_broadcast,
    check=check_broadcast,
    restore=restore_broadcast,
    usernames=usernames,
    clear=clear_broadcast,
    added=True,
)
