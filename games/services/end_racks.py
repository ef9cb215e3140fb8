"""Recording the tiles left on the racks of a scoresheet that ended without them.

A game that ends on passes or scoreless turns (or with a player out while another rack is not
known) settles each rack by the rules, and a scoresheet that did not track the racks does not know
them: the game waits, "awaiting racks", with no result, until the scorekeeper gives each awaited
player's tiles. Then the adjustment lines are written, and a sheet linked to a pairing gives the
pairing its result by the same path as any finished sheet (``games.pairing_result_feed``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from core.audit import audit_record, snapshot
from games.engine.scoresheet import replay_sheet

from ..end_racks import awaiting_racks
from ..engine.messages import NO_RACKS_AWAITED, IllegalMove
from ..models import Game
from .games import RESULT_FIELDS, GameRefused, pairing_result_feed, write_sheet
from .scope import game_scope


def end_racks_record(*, by, game: Game, racks: Sequence[str]) -> Game:
    """Give the tiles left on each awaited rack (``racks`` by side, as on the sheet; the sides
    not awaited are ignored). Refused (``GameRefused``) when the game awaits no rack, and for a
    rack that is not letters and ``?``, not the player's number of tiles, or not tiles off the
    board; nothing is written then."""
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("first_player", "second_player")
            .get(pk=game.pk)
        )
        awaited = awaiting_racks(game)
        if not awaited:
            raise GameRefused(NO_RACKS_AWAITED)
        before = snapshot(game, RESULT_FIELDS)
        given = [
            (racks[side] if side < len(racks) else "") if side in awaited else None
            for side in (0, 1)
        ]
        entries = game.entries()
        try:
            replay = replay_sheet(
                game.rule_set(),
                game.player_names,
                entries,
                forfeited_by=game.forfeited_by,
                end_racks=given,
            )
        except IllegalMove as err:
            raise GameRefused(err.template, **err.params) from err
        game.end_racks = [
            replay.state.final_racks[side] if side in awaited else "" for side in (0, 1)
        ]
        write_sheet(game, entries, replay)
        pairing_result_feed(by=by, game=game)
        audit_record(
            by=by,
            action="game.end_racks",
            obj=game,
            **game_scope(game),
            before=before,
            after=snapshot(game, RESULT_FIELDS),
        )
    return game
