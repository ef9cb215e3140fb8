"""Parts of an event archive kept by the apps above tournaments, which this app must not import.

Scoresheets belong to ``games``, which sits above tournaments: it registers a section here from
its ``AppConfig.ready()``, and the export and the import call it by its key, as they would a
signal's receiver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class RestoreContext:
    """What a section's restore needs from the import: the new id of every archived object by
    model label and old id, the importing user's lookups, and the lines of the report."""

    by: object
    tournament: object
    ids: dict[str, dict[int, int]] = field(default_factory=dict)
    users: dict[str, object] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def new_id(self, label: str, old_id: int | None) -> int | None:
        return None if old_id is None else self.ids[label][old_id]

    def remap(self, obj, label: str, *refs: str) -> None:
        """Give each reference ``refs`` of ``obj``, holding the archive id of a ``label`` object
        (or null), that object's id here."""
        for ref in refs:
            setattr(obj, f"{ref}_id", self.new_id(label, getattr(obj, f"{ref}_id")))

    def user(self, username: str | None):
        """The user here of the archive's ``username``: None for none, or for one not here."""
        return self.users.get(username) if username else None


@dataclass(frozen=True)
class Section:
    """``export(tournament) -> list``; ``check(records, known, problems) -> checked`` validates the
    records against ``known`` (archive ids present, by model label; a section may add its own
    for the sections registered after it) without writing;
    ``restore(checked, context)`` writes them; ``usernames(checked)`` names the users the
    records refer to; ``clear(tournament)`` deletes what ``export`` would read, before an
    archive is restored over the event in place. A section ``added`` after version 2 may be
    missing from an archive: its ``check`` is given ``None`` then, and nothing of it is
    restored (the event's part cleared for a restore in place stays empty)."""

    key: str
    export: Callable
    check: Callable
    restore: Callable
    usernames: Callable
    clear: Callable
    added: bool = False


SECTIONS: dict[str, Section] = {}


def register(section: Section) -> None:
    SECTIONS[section.key] = section
