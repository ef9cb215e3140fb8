"""Why this pairing? The stored reasons of a Swiss or king-of-the-hill round.

``pairing.why`` writes one note per game into the round's ``pairing_log`` when the
round is paired; here they are read back and matched to the games by their players (a game a
director changed afterwards has no reason); ``why_text`` writes them as sentences.
"""

from __future__ import annotations

from pairing.registry import EXPLAINED_SYSTEMS
from pairing.why import GAME

from .. import cop_log
from ..models import Division, Round


def reasons_by_players(system: str, stored: list) -> dict[frozenset[int], tuple]:
    """Each game's (or bye's) players mapped to its reasons (``cop_log`` notes), for a round of
    an explained system."""
    if system not in EXPLAINED_SYSTEMS or not stored:
        return {}
    found = {}
    for n in cop_log.from_json(stored):
        if n.template != GAME:
            continue
        params = dict(n.params)
        players = frozenset(p for p in (params["first"], params["second"]) if p is not None)
        found[players] = tuple(params["reasons"])
    return found


def round_reasons(rnd: Round) -> list[dict]:
    """The director's list for a paired round: table, players and the reasons of each game
    (``why_text.reasons_text`` writes them)."""
    reasons = reasons_by_players(rnd.system, rnd.pairing_log)
    if not reasons:
        return []
    lines = []
    for p in rnd.pairings.select_related("first__player", "second__player").order_by("table", "id"):
        players = frozenset(x for x in (p.first_id, p.second_id) if x is not None)
        if players in reasons:
            lines.append(
                {
                    "table": p.table,
                    "first": p.first.player.name,
                    "second": p.second.player.name if p.second_id else None,
                    "why": reasons[players],
                }
            )
    return lines


def player_reason(
    division: Division, round_number: int, entry_id: int, opponent: int | None
) -> tuple:
    """Why ``entry_id`` plays ``opponent`` (``None``: has the bye) in the round: its reasons,
    none if unknown."""
    row = (
        Round.objects.filter(division=division, number=round_number)
        .values_list("system", "pairing_log")
        .first()
    )
    if row is None:
        return ()
    players = frozenset(p for p in (entry_id, opponent) if p is not None)
    return reasons_by_players(row[0], row[1]).get(players, ())
