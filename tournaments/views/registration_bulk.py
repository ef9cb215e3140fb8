"""Registration at scale: the search-as-you-type player picker, bulk check-in and payment, and
adding many players at once (paste or CSV, a review of possible duplicates, then one write)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.forms import error_lines
from core.messages import translated
from core.permissions import may_manage_players
from players.bulk_pages import AddMany, add_many_page

from ..forms.registration import BulkEntriesForm, PlayerSearchForm
from ..selectors.registration import player_matches
from ..services.entries import (
    BULK_UNDO,
    RegistrationRefused,
    entries_bulk_update,
    entries_set_team,
)
from ..services.entries_import import entries_import, plan_entries_import
from .divisions import changeable_division, division_url

PICKER = "players/partials/player_picker.html"
ADD_MANY = "tournaments/registration_add_many.html"


@login_required
@require_safe
def player_picker(request, tournament_slug: str, division_name: str):
    """The players matching ``q`` (name, member id or club) as choices of the add form; the
    registration page shows the same list when the search is submitted without JavaScript."""
    division = changeable_division(request, tournament_slug, division_name)
    search = PlayerSearchForm(request.GET)
    text = search.cleaned_data["q"] if search.is_valid() else ""
    matches, more = player_matches(division, text, viewer=request.user)
    context = {
        "division": division,
        "query": text,
        "matches": matches,
        "more": more,
        "may_add_players": may_manage_players(request.user),
    }
    return render(request, PICKER, context)


@login_required
@require_POST
def bulk_update(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    form = BulkEntriesForm(request.POST, division=division)
    if not form.is_valid():
        for line in error_lines(form, labels=False):
            messages.error(request, line)
        return redirect(division_url(division, "registration"))
    action = form.cleaned_data["action"]
    ids = [entry.pk for entry in form.cleaned_data["entries"]]
    if action == "team":
        return _bulk_team(request, division, ids, form.cleaned_data["team"])
    changed = entries_bulk_update(by=request.user, division=division, entry_ids=ids, action=action)
    label = dict(form.fields["action"].choices)[action]
    messages.success(
        request,
        ngettext(
            "%(action)s: %(count)d player changed (%(same)d already so).",
            "%(action)s: %(count)d players changed (%(same)d already so).",
            len(changed),
        )
        % {"action": label, "count": len(changed), "same": len(ids) - len(changed)},
    )
    if not changed or action not in BULK_UNDO:
        return redirect(division_url(division, "registration"))
    # The page offers to undo exactly the entries changed (the inverse action, one POST).
    undo = urlencode({"undo": BULK_UNDO[action], "ids": ",".join(str(e.pk) for e in changed)})
    return redirect(f"{division_url(division, 'registration')}?{undo}")


def _bulk_team(request, division, ids: list[int], team: str):
    """Every ticked entry plays for ``team`` (empty: none); refused names leave all unchanged."""
    try:
        changed = entries_set_team(by=request.user, division=division, entry_ids=ids, team=team)
    except RegistrationRefused as err:
        messages.error(request, translated(err))
        return redirect(division_url(division, "registration"))
    messages.success(
        request,
        ngettext(
            "Team set: %(count)d player changed (%(same)d already so).",
            "Team set: %(count)d players changed (%(same)d already so).",
            len(changed),
        )
        % {"count": len(changed), "same": len(ids) - len(changed)},
    )
    return redirect(division_url(division, "registration"))


@login_required
@require_http_methods(["GET", "POST"])
def add_many(request, tournament_slug: str, division_name: str):
    """Paste names or a CSV, review the possible duplicates, enter every player or none."""
    division = changeable_division(request, tournament_slug, division_name)
    page = AddMany(
        template=ADD_MANY,
        context={"tournament": division.tournament, "division": division},
        plan=lambda roster: plan_entries_import(division, roster, viewer=request.user),
        write=lambda rows: entries_import(by=request.user, division=division, rows=rows),
        done=lambda count: (
            ngettext("%(count)d player entered.", "%(count)d players entered.", count)
            % {"count": count}
        ),
        after=division_url(division, "registration"),
    )
    return add_many_page(request, page)
