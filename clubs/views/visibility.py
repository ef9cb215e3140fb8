"""Who may see a club's pages, and which players a club's pickers may offer (one place each)."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from core.permissions import require_change
from players.visibility import visible_players

from ..models import Club


def visible_club(request, club_slug: str) -> Club:
    """The club, if ``request.user`` may see it: a members-only club is a 404 to others."""
    club = get_object_or_404(Club, slug=club_slug)
    if not club.is_visible_to(request.user):
        raise Http404
    return club


def changeable_club(request, club_slug: str) -> Club:
    """The club, if ``request.user`` may see it (``visible_club``) and change it (a 403 else)."""
    club = visible_club(request, club_slug)
    require_change(request.user, club)
    return club


def picker_players(user):
    """The players a club's pickers (add a member, match a guest) may name: the site's one
    visibility rule for players (``players.visibility``: nobody known only through someone
    else's private event or a members-only club ``user`` is not in)."""
    return visible_players(user)
