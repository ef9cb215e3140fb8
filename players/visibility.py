"""Which people a viewer may see, for every layer: the one rule pickers, searches, pages and
duplicate checks read through.

A person is named in places: an event's entries, a club's members, guests and nights, a casual
scoresheet. Each app that holds such places registers them here when it starts (the events app
its entries, the clubs app its clubs; ``register_places``), as two queries of player ids: the
people named anywhere in its places, and those named in places ``user`` may see. A person named
somewhere and seen nowhere by the viewer stays hidden: naming them (in a picker, a search, or
"a player like this already exists") would tell who plays there. One rule across the apps,
so a person of a private event who is also in a members-only club is hidden from a viewer who
sees neither (each app alone took the other's place as public). Staff see everyone; a person
named nowhere (a new player) is public; a viewer always sees themself.
"""

from collections.abc import Callable
from functools import reduce
from operator import or_

from django.db.models import Q, QuerySet

from .models import Player

# user -> (ids named in the app's places, ids named in places the user may see)
Places = Callable[[object], tuple[QuerySet, QuerySet]]
_PLACES: dict[str, Places] = {}


def register_places(name: str, places: Places) -> None:
    """Add (or replace) an app's places where people are named."""
    _PLACES[name] = places


def visible_players(user, players: QuerySet[Player] | None = None) -> QuerySet[Player]:
    """``players`` (default: all) that ``user`` may see: named nowhere, or named somewhere
    ``user`` may see (or ``user`` themself)."""
    players = Player.objects.all() if players is None else players
    if _staff(user) or not _PLACES:
        return players
    named, seen = zip(*(places(user) for places in _PLACES.values()), strict=True)
    shown = ~reduce(or_, (Q(pk__in=ids) for ids in named))
    shown |= reduce(or_, (Q(pk__in=ids) for ids in seen))
    if user is not None and user.is_authenticated:
        shown |= Q(user=user)
    return players.filter(shown)


def _staff(user) -> bool:
    return user is not None and user.is_authenticated and user.is_active and user.is_staff
