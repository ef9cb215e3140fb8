"""Files other tools read: the public ``tourney.js`` and the directors' rating files.

``/t/<slug>/tourney.js``: TSH's live results feed (scoreboards, liwords broadcasts, overlays),
public events only, revalidated with an ETag from the divisions' public stamps. ``results.tou``
(WESPA) and ``naspa.tsh`` (a NASPA submission) are for the event's directors.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import content_disposition_header, quote_etag
from django.views.decorators.cache import never_cache
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from core.messages import translated

from ..exports import ExportRefused, naspa_text, tou_text
from ..public_cache.event_files import cached_tourney_js, kept_event_divisions, tourney_js_tag
from ..public_cache.http import MAX_AGE
from ..selectors.exports import event_export
from .events import directed_event

JS_TYPE = "text/javascript; charset=utf-8"


@require_safe
@gzip_page  # public data, no secret in it to leak by its compressed length (BREACH)
def tourney_js(request, tournament_slug: str):
    """The event's ``tourney.js``; 404 for a private event or one without divisions."""
    found = kept_event_divisions(tournament_slug)
    if found is None:
        raise Http404
    tournament_id, names = found
    tag = tourney_js_tag(tournament_slug, names)
    etag = quote_etag(tag)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(cached_tourney_js(tournament_id, tag), content_type=JS_TYPE)
    response["ETag"] = etag
    # Scoreboards and overlays on other sites fetch it from the browser.
    response["Access-Control-Allow-Origin"] = "*"
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    return response


def _download(text: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=filename
    )
    return response


@login_required
@never_cache
@require_safe
def tou_download(request, tournament_slug: str):
    """The event as a WESPA ``.tou`` file, for its directors."""
    tournament = directed_event(request, tournament_slug)
    try:
        text = tou_text(event_export(tournament))
    except ExportRefused as refusal:
        messages.error(request, translated(refusal))
        return redirect("tournaments:detail", tournament.slug)
    return _download(text, "text/plain; charset=us-ascii", f"{tournament.slug}.tou")


@login_required
@never_cache
@require_safe
def naspa_download(request, tournament_slug: str):
    """The event as a NASPA submission (TSH archive form), for its directors."""
    tournament = directed_event(request, tournament_slug)
    text = naspa_text(event_export(tournament))
    return _download(text, "text/plain; charset=utf-8", f"{tournament.slug}-naspa.tsh")
