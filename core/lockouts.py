"""Which login lockouts a person may see and lift.

Staff see every lockout with its address and lift any. A director sees, and lifts, only the locks
of accounts that help run one of their own events (its directors and assistants, never a staff
account), by account name alone: the addresses stay with staff.
"""

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model

from .permissions import may_lift_lockouts as may_open_lockouts


def may_see_addresses(user) -> bool:
    return may_open_lockouts(user) and user.is_staff


def lockouts_for(user):
    """The locked attempts ``user`` may see and lift (none for anyone else)."""
    locked = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    if not may_open_lockouts(user):
        return locked.none()
    if user.is_staff:
        return locked
    own_events = user.tournament_roles.filter(role="director").values("tournament")
    helpers = get_user_model().objects.filter(
        tournament_roles__tournament__in=own_events, is_staff=False, is_superuser=False
    )
    return locked.filter(username__in=helpers.values("username"))
