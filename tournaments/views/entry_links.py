"""A player's personal page, opened from the QR code of their scorecard or a result slip.

No login: the signed token in the address is the player's (``selectors.entry_links``). The page
says whether they are checked in and offers "I'm here" while the director has check-in open,
shows their table in the latest round, and takes their scores when the event lets players
report them. Its two forms post back here (CSRF-protected); every write goes through the same
audited services as the director's.
"""

from __future__ import annotations

import copy

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from core.forms import error_lines
from core.messages import translated

from ..devices import device_of, remember_device
from ..forms.self_reports import SelfReportForm
from ..models import Entry, Pairing
from ..public_text import result_label
from ..selectors import entry_links
from ..selectors.held import division_held, hide_pairing_results
from ..selectors.public_pages import result_of
from ..selectors.self_reports import OPEN
from ..services import check_in, self_reporting
from .public import report_written

REFUSED = "tournaments/public/entry_link_refused.html"


def _entry_or_refusal(request, tournament_slug: str, token: str, *, writes: bool = False):
    """The link's entry, or the page refusing it. ``writes``: a post, counted against the
    link's limit of writes a minute; over it the post is refused before anything is done."""
    try:
        entry = entry_links.linked_entry(tournament_slug, token)
        if writes and not entry_links.write_allowed(entry):
            raise entry_links.LinkRefused(entry_links.TOO_MANY, status=429)
    except entry_links.LinkRefused as err:
        page = render(request, REFUSED, {"reason": translated(err)}, status=err.status)
        return None, page
    return entry, None


@never_cache
@require_safe
def entry_link(request, tournament_slug: str, token: str):
    """The player's own page: check-in, their table, their score report."""
    entry, refused = _entry_or_refusal(request, tournament_slug, token)
    if refused is not None:
        return refused
    pairing = entry_links.current_pairing(entry)
    context = {
        "tournament": entry.division.tournament,
        "division": entry.division,
        "entry": entry,
        "token": token,
        "checked_in": entry.status == Entry.Status.CHECKED_IN,
        "withdrawn": entry.withdrawn_after_round is not None,
        "pairing": pairing,
        "opponent": _opponent(entry, pairing),
        "result": _result(entry, pairing),
        "report": _report(entry, pairing),
    }
    return render(request, "tournaments/public/entry_link.html", context)


def _opponent(entry: Entry, pairing: Pairing | None):
    if pairing is None:
        return None
    return pairing.second if pairing.first_id == entry.pk else pairing.first


def _result(entry: Entry, pairing: Pairing | None) -> str:
    """The game's result from the player's side, as their player page writes it ("W 420–380",
    "forfeit loss", a play-off win): "" while it is not in, or while a broadcast delay still
    holds it back from the public pages (this page is as public as they are)."""
    if pairing is None or not pairing.is_reported:
        return ""  # nothing in yet: no need to ask what the delay holds
    shown = hide_pairing_results([copy.copy(pairing)], division_held(entry.division))[0]
    return result_label(result_of(shown, shown.first_id == entry.pk))


def _report(entry: Entry, pairing: Pairing | None) -> dict | None:
    """The score form and the reports on the game, while the player may still report it."""
    tournament = entry.division.tournament
    if not tournament.self_reporting or tournament.finalized_at is not None:
        return None
    if pairing is None or pairing.second_id is None or pairing.kind != Pairing.Kind.PLAYED:
        return None
    if pairing.is_reported:
        return None
    reports = list(pairing.score_reports.filter(status__in=OPEN))
    form = SelfReportForm(division=entry.division, initial={"pairing": pairing.pk})
    return {
        "form": form,
        "mine": next((r for r in reports if r.reported_by_id == entry.pk), None),
        "theirs": next((r for r in reports if r.reported_by_id != entry.pk), None),
    }


@require_POST
def entry_link_check_in(request, tournament_slug: str, token: str):
    """ "I'm here": check the player in while check-in is open."""
    entry, refused = _entry_or_refusal(request, tournament_slug, token, writes=True)
    if refused is not None:
        return refused
    try:
        check_in.entry_self_check_in(entry=entry)
    except check_in.CheckInRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Thank you: you are checked in."))
    return redirect("tournaments:entry_link", tournament_slug=tournament_slug, token=token)


@require_POST
def entry_link_report(request, tournament_slug: str, token: str):
    """The player's scores for their game, as on their player page (``views.public``)."""
    entry, refused = _entry_or_refusal(request, tournament_slug, token, writes=True)
    if refused is not None:
        return refused
    back = redirect("tournaments:entry_link", tournament_slug=tournament_slug, token=token)
    form = SelfReportForm(request.POST, division=entry.division)
    if not form.is_valid():
        for line in error_lines(form):
            messages.error(request, line)
        return back
    device, new_device = device_of(request)
    back = remember_device(request, back, new_device)
    with report_written(request, _("Thank you: your scores were sent.")):
        self_reporting.report_submit(
            by=None,
            as_entry_id=entry.pk,
            device=device,
            pairing_id=form.cleaned_data["pairing"].pk,
            first_score=form.cleaned_data["first_score"],
            second_score=form.cleaned_data["second_score"],
        )
    return back
