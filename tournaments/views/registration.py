"""Registration for directors: entries, payment, check-in, late entries and withdrawals."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import error_lines
from core.messages import translated

from ..forms.events import EntryActionForm, EntryAddForm
from ..models import Entry
from ..selectors import divisions as selectors
from ..services import entries as services
from ..services.divisions import DivisionRefused
from .divisions import changeable_division, division_url


@login_required
@require_http_methods(["GET", "POST"])
def registration(request, tournament_slug: str, division_name: str):
    found = changeable_division(request, tournament_slug, division_name)
    form = EntryAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entry = services.entry_add(
                by=request.user,
                division=found,
                player=data["player"],
                rating=data["rating"],
                status=Entry.Status.CHECKED_IN if data["checked_in"] else Entry.Status.REGISTERED,
                joins_at_round=data["joins_at_round"],
                starting_wins=data["starting_wins"],
                starting_losses=data["starting_losses"],
                starting_spread=data["starting_spread"],
            )
        except DivisionRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request,
                _("%(name)s entered as #%(number)d.")
                % {"name": entry.player.name, "number": entry.number},
            )
            return redirect(division_url(found, "registration"))
    return render(
        request,
        "tournaments/registration.html",
        {
            "tournament": found.tournament,
            "division": found,
            "entries": selectors.division_entries(found),
            "form": form,
            "statuses": Entry.Status,
        },
    )


@login_required
@require_POST
def entry_update(request, tournament_slug: str, division_name: str, entry_id: int):
    found = changeable_division(request, tournament_slug, division_name)
    entry = get_object_or_404(Entry, pk=entry_id, division=found)
    form = EntryActionForm(request.POST)
    if not form.is_valid():
        for line in error_lines(form):
            messages.error(request, line)
        return redirect(division_url(found, "registration"))
    data = form.cleaned_data
    try:
        _apply(request.user, entry, data)
    except DivisionRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("#%(number)d updated.") % {"number": entry.number})
    return redirect(division_url(found, "registration"))


def _apply(by, entry: Entry, data: dict) -> None:
    action = data["action"]
    if action == "paid":
        services.entry_mark_paid(by=by, entry=entry, note=data["note"])
    elif action == "check_in":
        services.entry_check_in(by=by, entry=entry)
    elif action == "withdraw":
        services.entry_withdraw(by=by, entry=entry, after_round=data["after_round"] or 0)
    elif action == "reinstate":
        services.entry_reinstate(by=by, entry=entry)
    else:
        services.entry_set_fixed_table(by=by, entry=entry, table=data["table"])
