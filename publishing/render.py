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
from django.test import RequestFactory
from django.urls import set_urlconf


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: bytes


def _host() -> str:
    """A host the site answers to: the first named in ALLOWED_HOSTS, as the site is reached."""
    for host in settings.ALLOWED_HOSTS:
        if host and host != "*" and not host.startswith("."):
            return host
    return "localhost"


class SiteReader:
    """The site's middleware and views, loaded once, asked one page at a time."""

    def __init__(self, languages: list[tuple[str, str]]):
        self._handler = BaseHandler()
        self._handler.load_middleware()
        self._factory = RequestFactory(HTTP_HOST=_host())
        # Read by templates/base.html: the language switcher becomes links between the files.
        self._languages = languages

    def get(self, url: str, language: str) -> Answer:
        request = self._factory.get(url, secure=True)
        request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = language
        request.published_languages = self._languages
        set_urlconf(settings.ROOT_URLCONF)
        response = self._handler.get_response(request)
        body = (
            b"".join(response.streaming_content) if response.streaming else bytes(response.content)
        )
        response.close()
        return Answer(response.status_code, response.get("Content-Type", ""), body)
