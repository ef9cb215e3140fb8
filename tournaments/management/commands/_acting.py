"""Who a command acts as: the system (``by=None``) or a named account, checked like the browser."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.permissions import may_change


def user_named(username: str):
    """The account called ``username``, or a ``CommandError``."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(_("No user is called “%(name)s”.") % {"name": username})
    return user


def acting_user(username: str | None, target, action: str):
    """None (the system) without a name; otherwise the account, if it may do ``action``."""
    if username is None:
        return None
    user = user_named(username)
    if not may_change(user, target, action):
        raise CommandError(
            _("%(user)s may not do this in %(target)s.") % {"user": username, "target": target}
        )
    return user
