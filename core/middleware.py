"""Refusing input no part of the product can store: a NUL character.

PostgreSQL cannot store NUL in text, so a NUL that reached a query would be a 500. It is refused
here, once, for every path, query string and form field of every request; uploaded files are
checked by the readers that decode them (``core.text.decoded``).
"""

from django.http import HttpResponseBadRequest
from django.utils.translation import gettext as _

NUL = "\x00"


def _has_nul(query_dict) -> bool:
    return any(NUL in key or any(NUL in v for v in values) for key, values in query_dict.lists())


class RejectNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path or _has_nul(request.GET) or _has_nul(request.POST):
            return HttpResponseBadRequest(_("The request contains a NUL character."))
        return self.get_response(request)
