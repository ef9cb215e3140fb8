"""Which login lockouts a person may see and lift.

Staff see every lockout with its address and lift any. A director sees, and lifts, only the locks
of accounts that help run one of their own events (its directors and assistants, never a staff
account), by account name alone: the addresses stay with staff.
"""

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import OuterRef, Q, Subquery, Sum

from .permissions import may_lift_lockouts as may_open_lockouts


def may_see_addresses(user) -> bool:
    return may_open_lockouts(user) and user.is_staff


def _locked_keys(field: str):
    """The accounts (or addresses) whose wrong passwords, summed over every address (or
    account) they came from, reach the limit: django-axes locks them so."""
    totals = AccessAttempt.objects.values(field).annotate(total=Sum("failures_since_start"))
    return totals.filter(total__gte=settings.AXES_FAILURE_LIMIT).exclude(**{field: None})


def lockouts_for(user):
    """The locked attempts ``user`` may see and lift (none for anyone else): a row that is
    locked itself, and every row of a locked account (an account locked by failures from ten
    addresses has ten rows of one failure each) or, for staff, of a locked address."""
    if not may_open_lockouts(user):
        return AccessAttempt.objects.none()
    locked = Q(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    locked |= Q(username__in=_locked_keys("username").values("username"))
    if user.is_staff:
        locked |= Q(ip_address__in=_locked_keys("ip_address").values("ip_address"))
    account_total = (
        AccessAttempt.objects.filter(username=OuterRef("username"))
        .values("username")
        .annotate(total=Sum("failures_since_start"))
        .values("total")[:1]
    )
    attempts = AccessAttempt.objects.filter(locked).annotate(
        account_failures=Subquery(account_total)
    )
    if user.is_staff:
        return attempts
    own_events = user.tournament_roles.filter(role="director").values("tournament")
    helpers = get_user_model().objects.filter(
        tournament_roles__tournament__in=own_events, is_staff=False, is_superuser=False
    )
    return attempts.filter(username__in=helpers.values("username"))
