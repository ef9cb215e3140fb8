"""Self check-in for directors: open and close it, count arrivals live on the registration
page, and withdraw the players who did not come, after a confirmation page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.messages import translated
from core.refusal import Refusal

from ..selectors.registration import arrival_counts
from ..services import check_in
from .divisions import changeable_division, division_url

ARRIVALS_SECONDS = 5
MAX_ENTRIES = 5000


@login_required
@require_POST
def check_in_toggle(request, tournament_slug: str, division_name: str):
    """Open (``action=open``) or close (anything else) self check-in."""
    division = changeable_division(request, tournament_slug, division_name)
    is_open = request.POST.get("action") == "open"
    check_in.check_in_set_open(by=request.user, division=division, is_open=is_open)
    if is_open:
        messages.success(request, _("Check-in is open: players can check in from their link."))
    else:
        messages.success(request, _("Check-in is closed."))
    return redirect(division_url(division, "registration"))


@login_required
@require_safe
def arrivals(request, tournament_slug: str, division_name: str):
    """The registration page's arrival count, polled while check-in is open."""
    division = changeable_division(request, tournament_slug, division_name)
    return render(request, "tournaments/partials/arrivals.html", arrivals_context(division))


def arrivals_context(division) -> dict:
    return {
        "division": division,
        "tournament": division.tournament,
        "arrivals": arrival_counts(division),
        "poll_seconds": ARRIVALS_SECONDS,
    }


@login_required
@require_http_methods(["GET", "POST"])
def no_shows(request, tournament_slug: str, division_name: str):
    """GET: the players who would be withdrawn, and a button; POST: withdraw them (the ones
    listed on the page that are still no-shows), then offer to undo on the registration page."""
    division = changeable_division(request, tournament_slug, division_name)
    if request.method == "POST":
        values = request.POST.getlist("entries")[:MAX_ENTRIES]
        ids = [int(v) for v in values if v.isascii() and v.isdigit() and len(v) <= 9]
        try:
            done = check_in.no_shows_withdraw(by=request.user, division=division, entry_ids=ids)
        except Refusal as err:  # check-in still open, or a withdrawal refused
            messages.error(request, translated(err))
            return redirect(division_url(division, "no_shows"))
        count = len(done)
        messages.success(
            request,
            ngettext("Withdrew %(count)d player.", "Withdrew %(count)d players.", count)
            % {"count": count},
        )
        undo = urlencode({"undo": "reinstate", "ids": ",".join(str(e.pk) for e in done)})
        return redirect(f"{division_url(division, 'registration')}?{undo}")
    rows = list(check_in.no_show_rows(division).select_related("player").order_by("number"))
    return render(
        request,
        "tournaments/no_shows.html",
        {"tournament": division.tournament, "division": division, "entries": rows},
    )
