"""A staged publish: the pages a change touches first, then the rest.

After a result the division's pages, the event's home, the feeds and the two players' pages
are what a reader waits for; the rest of what changes (every other player's rank, each
division's "k games still to report") may follow a few seconds later. The first stage writes
its pages and then a manifest naming the last complete round's files with the stage's files
over them (``stage_manifest``), so the manifest a reader holds always names files present with
those bytes; nothing is deleted before the last stage, which is a whole round.
"""

from __future__ import annotations

from dataclasses import dataclass

# Pages of a touched division (any language), beside its live pairings and player pages.
DIVISION_PAGES = frozenset(
    {"tournaments:division", "tournaments:standings", "tournaments:crosstable", "tournaments:feed"}
)
# Pages of the event a result anywhere changes.
EVENT_PAGES = frozenset({"tournaments:public_home", "tournaments:tourney_js"})
LIVE_PAIRINGS = "tournaments:public_pairings"
PLAYER_PAGE = "tournaments:public_player"


@dataclass(frozen=True)
class Touched:
    """What the changes since the last complete publish touched: divisions by name, their
    rounds (division, round number) and their players (division, player number)."""

    divisions: frozenset[str] = frozenset()
    rounds: frozenset[tuple[str, int]] = frozenset()
    players: frozenset[tuple[str, int]] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.divisions)


def in_first_stage(view_name: str, kwargs: dict, query: dict[str, str], touched: Touched) -> bool:
    """Whether the page ``view_name`` with its URL ``kwargs`` and kept ``query`` belongs to the
    first stage after the changes ``touched``."""
    if not touched:
        return False
    if view_name in EVENT_PAGES:
        return True
    division = kwargs.get("division_name")
    if division not in touched.divisions:
        return False
    if view_name in DIVISION_PAGES:
        return not query
    if view_name == LIVE_PAIRINGS:
        round_number = query.get("round", "")
        if set(query) - {"round"}:
            return False
        return not round_number or (
            round_number.isdigit() and (division, int(round_number)) in touched.rounds
        )
    if view_name == PLAYER_PAGE:
        return not query and (division, kwargs.get("player_number")) in touched.players
    return False


def stage_manifest(before: dict[str, str], stage: dict[str, str]) -> dict[str, str]:
    """The manifest after a first stage: the last round's files, the stage's written over
    them (every file it names is on the target with that hash)."""
    after = dict(before)
    after.update(stage)
    return dict(sorted(after.items()))
