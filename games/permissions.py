"""Who may start games and use the word judge. Built on players.permissions (the one place that
settles anonymous users and staff); changing an existing game goes through
`players.permissions.require_change(user, game, RESULTS)` and `Game.is_changeable_by`."""

from django.core.exceptions import PermissionDenied

from players.models import Membership


def _active(user) -> bool:
    return user is not None and user.is_authenticated and user.is_active


def may_start_game(user) -> bool:
    """Staff, tournament directors and assistants, club officers, and players with an account
    may start a casual scoresheet (they then own it)."""
    if not _active(user):
        return False
    if user.is_staff or user.tournament_roles.exists():
        return True
    officer = Membership.objects.current().filter(player__user=user, role=Membership.Role.OFFICER)
    return officer.exists() or hasattr(user, "player")


def may_judge(user) -> bool:
    """Staff and anyone who directs or assists a tournament may ask the word judge."""
    return _active(user) and (user.is_staff or user.tournament_roles.exists())


def may_upload_word_list(user) -> bool:
    """Staff and tournament directors may upload word lists."""
    return _active(user) and (
        user.is_staff or user.tournament_roles.filter(role="director").exists()
    )


def require(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied
