"""An event's pages in the event's language, unless the visitor chose one, and every time on
them in the event's time zone.

Django's ``LocaleMiddleware`` picks the language from the switcher's cookie or the browser; this
subclass then looks at the view's ``tournament_slug``: a page of an event with a language is
shown in that language when the visitor has not chosen one (``core.languages.language_for``).
The event's language is kept in the cache under the tournament's version, so the phones polling
a public page still cost no query.
"""

from __future__ import annotations

import hashlib
import zoneinfo
from types import SimpleNamespace
from typing import NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.middleware.locale import LocaleMiddleware
from django.utils import timezone, translation

from core.formatting import buddhist_era_from, buddhist_era_reset
from core.languages import chosen_language, language_for
from core.versions import stamp_seconds, tournament_version

from .models import Tournament


def event_buddhist_era(slug: str) -> bool:
    """Whether the event ``slug`` counts Thai dates in the Buddhist era (``Tournament.buddhist_era``;
    False when there is no such event). Kept in the cache under the tournament's version, as the
    language is, and asked only when a page formats a date in Thai."""
    key = "desk:event-era:" + hashlib.sha256(slug.encode()).hexdigest()
    kept = cache.get(key)
    if kept is not None and kept[1] == tournament_version(kept[0]):
        return kept[2]
    found = Tournament.objects.filter(slug=slug).first()
    if found is None:
        return False
    cache.set(key, (found.pk, tournament_version(found.pk), found.buddhist_era), stamp_seconds())
    return found.buddhist_era


class EventPlace(NamedTuple):
    """What an event's pages take from the event: their language and time zone ('' if none)."""

    language: str
    time_zone: str


NO_EVENT = EventPlace("", "")


def event_place(slug: str) -> EventPlace:
    """The language and time zone of the event ``slug`` (both '' when there is no such event).

    Kept in the cache with the tournament's version, so an edit of the event, which renews the
    version, is seen at once.
    """
    key = "desk:event-place:" + hashlib.sha256(slug.encode()).hexdigest()
    kept = cache.get(key)
    if kept is not None:
        tournament_id, version, *place = kept
        current = tournament_version(tournament_id)
        if version == current:
            return EventPlace(*place)
        found = Tournament.objects.filter(pk=tournament_id, slug=slug).values_list(
            "language", "time_zone"
        )
        row = found.first()
        if row is None:
            cache.delete(key)
            return NO_EVENT
        cache.set(key, (tournament_id, current, *row), stamp_seconds())
        return EventPlace(*row)
    found = Tournament.objects.filter(slug=slug).values_list("pk", "language", "time_zone").first()
    if found is None:
        return NO_EVENT
    # The version is read after the row here (the id was unknown before): an edit committed in
    # between is seen once the kept value expires (``stamp_seconds``) or the event next changes.
    cache.set(key, (found[0], tournament_version(found[0]), *found[1:]), stamp_seconds())
    return EventPlace(*found[1:])


def event_language(slug: str) -> str:
    """The language of the event ``slug`` ('' when it has none or there is no such event)."""
    return event_place(slug).language


def apply_event_time_zone(request, time_zone: str) -> None:
    """Show every time of the page in the event's zone (blank: the site's), and say so
    (``request.event_zone``: the page's zone note, ``templates/partials/zone_note.html``)."""
    zone = zoneinfo.ZoneInfo(time_zone or settings.TIME_ZONE)
    timezone.activate(zone)
    request.event_zone = zone


def apply_event_language(request, language: str) -> None:
    """Show the page in the event's ``language`` unless the visitor chose one; an event without
    a language leaves the browser's (``LocaleMiddleware``'s) choice."""
    if chosen_language(request):
        return
    if language:
        language = language_for(request, SimpleNamespace(language=language))
    else:
        language = translation.get_language_from_request(request)
    translation.activate(language)
    request.LANGUAGE_CODE = language


class EventLocaleMiddleware(LocaleMiddleware):
    """``LocaleMiddleware``, plus the event's language and time zone on its pages (see the
    module), and the event's choice of Buddhist-era years for the dates its pages show in Thai.

    A public division page (``http_cache.cached_division_page``) reads the event's language with
    its stamp instead, in the same cache round trip.
    """

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = view_kwargs.get("tournament_slug")
        if slug:
            asked: list[bool] = []

            def era() -> bool:
                if not asked:
                    asked.append(event_buddhist_era(slug))
                return asked[0]

            request._buddhist_era_token = buddhist_era_from(era)
        if not slug or getattr(view_func, "event_language_from_stamp", False):
            # A polled public division page reads its language with its stamp, in one cache
            # round trip, and shows no time of day (its feed writes its moments in the event's
            # zone itself).
            return None
        place = event_place(slug)
        if place != NO_EVENT:
            apply_event_time_zone(request, place.time_zone)
        if place.language and not chosen_language(request):
            apply_event_language(request, place.language)
        return None

    def process_response(self, request, response):
        # The next request this thread serves starts in the site's zone again, and in the
        # Gregorian years.
        timezone.deactivate()
        token = getattr(request, "_buddhist_era_token", None)
        if token is not None:
            buddhist_era_reset(token)
            request._buddhist_era_token = None
        return super().process_response(request, response)
