"""The one place that decides who may change what.

Objects that can be changed implement `is_changeable_by(user, action)`; this module adds the
rules that hold everywhere (anonymous users change nothing, staff change everything).
"""

from django.core.exceptions import PermissionDenied

CHANGE = "change"
RESULTS = "results"


def may_change(user, target, action: str = CHANGE) -> bool:
    """May `user` perform `action` on `target` (a tournament, division, club ...)?"""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_staff:
        return True
    return bool(target.is_changeable_by(user, action))


def may_manage_players(user) -> bool:
    """Directors (of any tournament), club officers and staff may add and edit players."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_staff:
        return True
    from .models import Membership

    is_officer = Membership.objects.current().filter(
        player__user=user, role=Membership.Role.OFFICER
    )
    return is_officer.exists() or user.tournament_roles.exists()


def require_change(user, target, action: str = CHANGE) -> None:
    if not may_change(user, target, action):
        raise PermissionDenied


def require_player_management(user) -> None:
    if not may_manage_players(user):
        raise PermissionDenied


def require_staff(user) -> None:
    if not (user is not None and user.is_authenticated and user.is_active and user.is_staff):
        raise PermissionDenied
