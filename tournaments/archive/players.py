"""Finding an archive's players on this site, or adding them.

A player with a member id is the local player with that member id; one without is the local
player of exactly that name and country, when there is exactly one. Otherwise the player is
added (through the player service, so each addition is audited). Name and country alone are a
weak key: of two local players with the same name and country neither is chosen, as the TSH
import does with names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from players.models import Player
from players.services import player_create
from players.visibility import visible_players


@dataclass
class PlayerMatch:
    """New id of every archive player, and which were found and which added (by name)."""

    ids: dict[int, int] = field(default_factory=dict)
    matched: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)


def match_players(players: list[Player], *, by) -> PlayerMatch:
    by_member_id = {
        p.member_id: p
        for p in Player.objects.filter(member_id__in=[p.member_id for p in players if p.member_id])
    }
    by_name: dict[tuple[str, str], list[Player]] = {}
    names = [p.name for p in players if not p.member_id]
    # By name only a person the importer may see (``players.visibility``); a member id is the
    # person's own key, unique whoever holds it.
    for local in visible_players(by, Player.objects.filter(name__in=names)).order_by("id"):
        by_name.setdefault((local.name, local.country), []).append(local)
    outcome = PlayerMatch()
    for player in players:
        found = local_player(player, by_member_id, by_name)
        if found is None:
            found = player_create(
                by=by,
                name=player.name,
                sort_name=player.sort_name,
                country=player.country,
                member_id=player.member_id,
                rating=player.rating,
                confirm_duplicate=True,
            )
            outcome.created.append(player.name)
        else:
            outcome.matched.append(player.name)
        outcome.ids[player.pk] = found.pk
    return outcome


def local_player(player: Player, by_member_id: dict, by_name: dict) -> Player | None:
    if player.member_id:
        return by_member_id.get(player.member_id)
    same = by_name.get((player.name, player.country), [])
    return same[0] if len(same) == 1 else None
