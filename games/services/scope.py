"""Where a scoresheet's audit entries belong (shared by the sheet's and the clock's writes)."""

from ..models import Game


def game_scope(game: Game) -> dict:
    """Where a scoresheet's audit entries belong: its tournament, or the game itself."""
    if game.pairing_id is not None:
        return {"tournament_id": game.pairing.round.division.tournament_id}
    return {"scope": f"game:{game.pk}"}
