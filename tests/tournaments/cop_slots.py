"""How many of the anonymous COP slots (``tournaments.cop_pool``) are taken right now, read
from Linux's ``/proc/locks`` so that looking never takes a slot."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from tournaments.cop_pool import slot_dir


def busy_slots(folder: Path | None = None, slots: int | None = None) -> int:
    """Taken slots in ``folder`` (default the site's), of ``slots`` (default the setting)."""
    folder = folder or slot_dir()
    slots = settings.COP_PUBLIC_SLOTS if slots is None else slots
    held = {line.split()[5].rsplit(":", 1)[-1] for line in _proc_locks() if "FLOCK" in line}
    taken = 0
    for number in range(slots):
        path = folder / f"slot-{number}.lock"
        taken += path.exists() and str(path.stat().st_ino) in held
    return taken


def _proc_locks() -> list[str]:
    try:
        return Path("/proc/locks").read_text().splitlines()
    except OSError:
        return []
