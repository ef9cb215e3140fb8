"""The one place that decides who may change what, and who may see a private event.

Objects that can be changed implement `is_changeable_by(user, action)`; this module adds the
rules that hold everywhere (anonymous users change nothing, staff change everything).

Seeing: a public event is for everyone; a private one only for those who help run it (directors,
assistants, officers of its club, staff). `tournament_visible_to` answers for one event, and
`Tournament.objects.visible_to(user)` is the same rule as a query, from which every derived read
(rating events, games, players) filters; `tests/core/test_visibility.py` holds the two together.
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


def tournament_visible_to(user, tournament) -> bool:
    """May ``user`` see ``tournament`` and everything derived from it (pairings, results,
    ratings, scoresheets)? Public events: everyone; private ones: those who may enter results."""
    return tournament.is_public or may_change(user, tournament, RESULTS)


def may_manage_players(user) -> bool:
    """Organisers (staff, directors of any tournament, club officers) may add and edit players
    and import rosters; an assistant, who only enters results, may not."""
    if not _active(user):
        return False
    return user.is_staff or is_director(user) or is_club_officer(user)


def is_director(user) -> bool:
    """Does ``user`` direct some tournament (not merely assist at one)?"""
    return user.tournament_roles.filter(role="director").exists()


def is_club_officer(user) -> bool:
    """Is ``user`` a current officer of some club? Read through the user's player and its
    memberships, so this module needs no import from the apps above it."""
    player = getattr(user, "player", None)
    return player is not None and player.memberships.current().filter(role="officer").exists()


def _active(user) -> bool:
    return user is not None and user.is_authenticated and user.is_active


def may_start_game(user) -> bool:
    """Staff, tournament directors and assistants, club officers, and players with an account
    may start a casual scoresheet (they then own it)."""
    if not _active(user):
        return False
    if user.is_staff or user.tournament_roles.exists():
        return True
    return is_club_officer(user) or hasattr(user, "player")


def may_judge(user) -> bool:
    """Staff and anyone who directs or assists a tournament may ask the word judge."""
    return _active(user) and (user.is_staff or user.tournament_roles.exists())


def may_upload_word_list(user) -> bool:
    """Staff and tournament directors may upload word lists."""
    return _active(user) and (user.is_staff or is_director(user))


def require(allowed: bool) -> None:
    """Refuse (403) unless ``allowed``: for the ``may_...`` predicates that take no target."""
    if not allowed:
        raise PermissionDenied


def may_create_tournaments(user) -> bool:
    """Organisers (staff, directors of any event, club officers) may start a new event."""
    return may_manage_players(user)


def require_tournament_creation(user) -> None:
    if not may_create_tournaments(user):
        raise PermissionDenied


def require_change(user, target, action: str = CHANGE) -> None:
    if not may_change(user, target, action):
        raise PermissionDenied


def require_player_management(user) -> None:
    if not may_manage_players(user):
        raise PermissionDenied


def may_create_clubs(user) -> bool:
    """Clubs are created by site staff; their officers run them from then on."""
    return user is not None and user.is_authenticated and user.is_active and user.is_staff


def require_club_creation(user) -> None:
    if not may_create_clubs(user):
        raise PermissionDenied


def may_lift_lockouts(user) -> bool:
    """Staff and tournament directors may open the login lockouts (a helper at their event typed
    the wrong password too often); assistants may not. Which locks each may lift:
    ``core.lockouts.lockouts_for``."""
    return _active(user) and (user.is_staff or is_director(user))


def may_handle_personal_data(user) -> bool:
    """Exporting everything about a person, or erasing them, is for staff only."""
    return _active(user) and user.is_staff
