"""Finding a player from a command-line argument (shared by the commands of every app)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from players.models import Player


def player_with_id(player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise CommandError(_("No player has the id %(id)d.") % {"id": player_id})
    return player
