"""Pages of the site asked for from inside the process, as an anonymous visitor would ask.

Every published page comes from the site's own views, through the whole middleware stack (the
event's language, the kept public copies, the Content-Security-Policy), never from a second
derivation of the results: ``SiteReader.get`` builds a request with no session (so nothing behind
a login answers), names the language by the switcher's cookie, and returns the response.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core.handlers.base import BaseHandler
from django.core.signals import request_finished
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import set_urlconf
from django.utils import timezone, translation


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: bytes
    etag: str = ""
    policy: str = ""


def _host() -> str:
    """A host the site answers to: the first named in ALLOWED_HOSTS, as the site is reached."""
    for host in settings.ALLOWED_HOSTS:
        if host and host != "*" and not host.startswith("."):
            return host
    return "localhost"


class SiteReader:
    """The site's middleware and views, loaded once, asked one page at a time."""

    def __init__(self):
        self._handler = BaseHandler()
        self._handler.load_middleware()
        self._factory = RequestFactory(HTTP_HOST=_host())

    def get(self, url: str, language: str, etag: str = "") -> Answer:
        """The page at ``url`` in ``language``; with ``etag`` (the tag of the copy the caller
        keeps) the site may answer 304, as it answers a phone that has the page."""
        headers = {"If-None-Match": etag} if etag else {}
        request = self._factory.get(url, secure=True, headers=headers)
        request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = language
        set_urlconf(settings.ROOT_URLCONF)
        # The page's language and time zone are the page's: the caller's are back afterwards.
        with (
            translation.override(translation.get_language()),
            timezone.override(timezone.get_current_timezone()),
        ):
            response = self._handler.get_response(request)
        body = (
            b"".join(response.streaming_content) if response.streaming else bytes(response.content)
        )
        # As Django's test client does: the end of an inner request must not close the database
        # connection the publishing round is using (and may hold a transaction on).
        request_finished.disconnect(close_old_connections)
        try:
            response.close()
        finally:
            request_finished.connect(close_old_connections)
        kind = response.get("Content-Type", "")
        policy = response.get("Content-Security-Policy", "")
        return Answer(response.status_code, kind, body, response.get("ETag", ""), policy)
