"""Which language a page or a printout is in: one decision, made here.

In order: a language the request names outright (a print link's ``?language=``), the visitor's
own choice (the switcher's cookie, or a logged-in account's profile), the event's language
(``Tournament.language``) when the page or printout belongs to an event, then the browser's
``Accept-Language`` and the site default. So a Thai event prints in Thai even when the
director's browser is English, and anyone who picked a language on the switcher keeps it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import translation

from .audit import audited_create, audited_update
from .models import Profile

# The query parameter a print link uses to name its language.
LANGUAGE_PARAMETER = "language"


def site_language_codes() -> tuple[str, ...]:
    return tuple(code for code, _name in settings.LANGUAGES)


def supported(code: str | None) -> str | None:
    """``code`` if the site offers that language (as given, e.g. ``zh-hant``), else None."""
    if not code:
        return None
    code = code.lower().replace("_", "-")
    return code if code in site_language_codes() else None


def chosen_language(request) -> str | None:
    """The language the visitor chose on the switcher (its cookie; logging in sets the cookie
    from the account's profile, so no page needs to read the profile)."""
    return supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


def language_for(
    request, tournament=None, *, asked: str | None = None, printout: bool = False
) -> str:
    """The language to answer ``request`` in (see the module's order); always a site language.

    ``asked`` is a language the request names outright (a print button's choice), ``tournament``
    anything with a ``language`` attribute (blank: the event has none). A ``printout`` of an
    event with a language is in that language unless ``asked`` names another: the visitor's own
    choice of language for the pages does not change what the event prints.
    """
    event = supported(getattr(tournament, "language", "")) if tournament is not None else None
    chosen = chosen_language(request)
    order = (asked, event, chosen) if printout else (asked, chosen, event)
    for code in order:
        if supported(code):
            return supported(code)
    return supported(translation.get_language_from_request(request)) or settings.LANGUAGE_CODE


def profile_language(user) -> str:
    """The language saved on ``user``'s profile ('' when none)."""
    found = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    return found or ""


def profile_language_set(*, user, language: str, by) -> Profile:
    """Save ``language`` ('' for none) on ``user``'s profile, creating the profile if needed."""
    with transaction.atomic():
        found = Profile.objects.filter(user=user).first()
        if found is None:
            return audited_create(
                by=by,
                instance=Profile(user=user, language=language),
                fields=["language"],
                action="profile.language",
                scope=f"user:{user.pk}",
            )
        return audited_update(
            by=by,
            instance=found,
            fields=["language"],
            changes={"language": language},
            action="profile.language",
            scope=f"user:{user.pk}",
        )
