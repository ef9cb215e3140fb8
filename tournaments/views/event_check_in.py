"""One switch for the whole event (issue 33): open or close self check-in in every division at
once from the event page, and withdraw the players who did not come in every division, after a
confirmation page listing them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from core.messages import translated
from core.refusal import Refusal

from ..services import event_check_in
from .check_in import MAX_ENTRIES
from .events import directed_event


@login_required
@require_POST
def event_check_in_toggle(request, tournament_slug: str):
    """Open (``action=open``) or close (anything else) self check-in in every division."""
    tournament = directed_event(request, tournament_slug)
    is_open = request.POST.get("action") == "open"
    event_check_in.event_check_in_set_open(by=request.user, tournament=tournament, is_open=is_open)
    if is_open:
        messages.success(request, _("Check-in is open in every division."))
    else:
        messages.success(request, _("Check-in is closed in every division."))
    return redirect("tournaments:detail", tournament.slug)


@login_required
@require_http_methods(["GET", "POST"])
def event_no_shows(request, tournament_slug: str):
    """GET: every division's no-shows and a button; POST: withdraw those listed that are still
    no-shows."""
    tournament = directed_event(request, tournament_slug)
    if request.method == "POST":
        values = request.POST.getlist("entries")[:MAX_ENTRIES]
        ids = [int(v) for v in values if v.isascii() and v.isdigit() and len(v) <= 9]
        try:
            done = event_check_in.event_no_shows_withdraw(
                by=request.user, tournament=tournament, entry_ids=ids
            )
        except Refusal as err:  # check-in still open, or a withdrawal refused
            messages.error(request, translated(err))
            return redirect("tournaments:event_no_shows", tournament.slug)
        messages.success(
            request,
            ngettext("Withdrew %(count)d player.", "Withdrew %(count)d players.", len(done))
            % {"count": len(done)},
        )
        return redirect("tournaments:detail", tournament.slug)
    divisions = list(tournament.divisions.order_by("name"))
    return render(
        request,
        "tournaments/event_no_shows.html",
        {
            "tournament": tournament,
            "entries": list(event_check_in.event_no_shows(tournament)),
            "still_open": [d.name for d in divisions if d.check_in_open],
        },
    )
