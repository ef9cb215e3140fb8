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
from players.roster import parse_pasted_names, parse_roster, renumbered, roster_as_csv

from ..forms.registration import AddManyForm, BulkEntriesForm, ImportChoicesForm, PlayerSearchForm
from ..selectors.registration import player_matches
from ..services.divisions import DivisionRefused
from ..services.entries import BULK_UNDO, entries_bulk_update
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
    if not changed:
        return redirect(division_url(division, "registration"))
    # The page offers to undo exactly the entries changed (the inverse action, one POST).
    undo = urlencode({"undo": BULK_UNDO[action], "ids": ",".join(str(e.pk) for e in changed)})
    return redirect(f"{division_url(division, 'registration')}?{undo}")


@login_required
@require_http_methods(["GET", "POST"])
def add_many(request, tournament_slug: str, division_name: str):
    """Step 1 reads the paste or file and shows every row with its possible duplicates; step 2
    (``text`` posted back with a choice per duplicate) writes everything or nothing."""
    division = changeable_division(request, tournament_slug, division_name)
    context = {"tournament": division.tournament, "division": division}
    if request.method == "GET":
        return render(request, ADD_MANY, context | {"form": AddManyForm()})
    if "text" in request.POST:
        return _confirm(request, division, context)
    form = AddManyForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, ADD_MANY, context | {"form": form}, status=422)
    text, is_csv = form.text()
    roster = parse_roster(text) if is_csv else parse_pasted_names(text)
    plan = plan_entries_import(division, roster, viewer=request.user)
    if plan.problems:
        context |= {"form": form, "problems": plan.problems}
        return render(request, ADD_MANY, context, status=422)
    choices = ImportChoicesForm(initial={"text": roster_as_csv(roster)}, plan=plan)
    return render(request, ADD_MANY, context | {"plan": plan, "choices": choices})


def _confirm(request, division, context):
    text = request.POST.get("text", "")
    plan = plan_entries_import(division, renumbered(parse_roster(text), -1), viewer=request.user)
    if plan.problems:
        context |= {"form": AddManyForm(), "problems": plan.problems}
        return render(request, ADD_MANY, context, status=422)
    choices = ImportChoicesForm(request.POST, plan=plan)
    if choices.is_valid():
        try:
            added = entries_import(by=request.user, division=division, rows=choices.choices())
        except DivisionRefused as err:
            choices.add_error(None, translated(err))
        else:
            messages.success(
                request,
                ngettext("%(count)d player entered.", "%(count)d players entered.", len(added))
                % {"count": len(added)},
            )
            return redirect(division_url(division, "registration"))
    return render(request, ADD_MANY, context | {"plan": plan, "choices": choices}, status=422)
