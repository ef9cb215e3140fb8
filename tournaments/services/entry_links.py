"""A director revoking one player's personal link and issuing a new one.

The entry's link generation goes up by one, audited: every link of the older generation,
printed QR codes included, then opens a page saying it is void and is refused for every post
(``selectors.entry_links``), and the link shown and printed from now on is the new one.
"""

from __future__ import annotations

from core.audit import audited_update
from core.permissions import require_change

from ..models import Entry


def entry_link_reissue(*, by, entry: Entry) -> Entry:
    """Void ``entry``'s personal link and give it a new one."""
    require_change(by, entry.division)
    updated = audited_update(
        by=by,
        instance=entry,
        fields=["link_generation"],
        changes=lambda locked: {"link_generation": locked.link_generation + 1},
        action="entry.link_reissue",
        tournament_id=entry.division.tournament_id,
        select_related=["division"],
    )
    entry.link_generation = updated.link_generation
    return updated
