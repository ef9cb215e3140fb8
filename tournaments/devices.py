"""Which browser a player's score report came from, for the integrity desk.

A browser that reports scores gets a random cookie of its own; a report keeps only a keyed hash
of it (``salted_hmac`` with the site key), so the stored value names no person and cannot be
turned back into the cookie. Two reports of one game with the same hash came from one browser.
"""

import secrets

from django.utils.crypto import salted_hmac

COOKIE = "desk_device"
_MAX_AGE = 365 * 24 * 3600


def device_of(request) -> tuple[str, str | None]:
    """The device hash of ``request`` and, for a browser without the cookie, the new cookie
    value to set on the answer (``None`` when it has one)."""
    value = request.COOKIES.get(COOKIE, "")
    new = None
    if not (16 <= len(value) <= 64 and value.replace("-", "").replace("_", "").isalnum()):
        value = new = secrets.token_urlsafe(18)
    return salted_hmac("tournaments.devices", value).hexdigest()[:32], new


def remember_device(request, response, new: str | None):
    """Set the device cookie that ``device_of`` made up, if it made one."""
    if new is not None:
        response.set_cookie(
            COOKIE,
            new,
            max_age=_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response
