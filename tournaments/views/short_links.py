"""A personal link a person can type (issue 33): ``/p/<code>/`` opens the same personal page as
the QR code beside it; ``/p/`` has a box to type the code into. Lookups are limited per client
address, so codes cannot be tried in bulk."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from core.messages import translated

from ..selectors.entry_links import LinkRefused, entry_link, short_code_entry

RATE_LIMIT = 20  # lookups a minute per client address
RATE_WINDOW = 60
MAX_TYPED = 60


def _over_rate_limit(request: HttpRequest) -> bool:
    key = f"short-link:{request.META.get('REMOTE_ADDR', '')}"
    cache.add(key, 0, RATE_WINDOW)
    try:
        return cache.incr(key) > RATE_LIMIT
    except ValueError:  # the window expired between add and incr
        cache.set(key, 1, RATE_WINDOW)
        return False


@require_safe
def short_link_form(request):
    """A box for the code; a typed code is looked up at its own address."""
    typed = request.GET.get("code", "")[:MAX_TYPED].strip()
    if typed:
        return redirect("short_link", code="".join(typed.split()) or "-")
    return render(request, "tournaments/public/short_link.html", {})


@require_safe
def short_link(request, code: str):
    if _over_rate_limit(request):
        message = _("Too many codes tried from here; wait a minute and try again.")
        return render(request, "tournaments/public/short_link.html", {"error": message}, status=429)
    try:
        entry = short_code_entry(code[:MAX_TYPED])
    except LinkRefused as err:
        context = {"error": translated(err), "typed": code[:MAX_TYPED]}
        status = getattr(err, "status", None) or 404
        return render(request, "tournaments/public/short_link.html", context, status=status)
    slug = entry.division.tournament.slug
    return redirect(entry_link(slug, entry.pk, entry.link_generation))
