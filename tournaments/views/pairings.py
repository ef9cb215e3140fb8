"""The pairing page for directors: pair a round (system, seed), pins, and manual edits."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.messages import translated

from ..forms.events import PairRoundForm, PinForm, RoundEditForm
from ..models import FixedPairing
from ..pairing.messages import PairingError
from ..pairing.registry import SYSTEMS
from ..selectors import rounds as rounds_selectors
from ..services import round_edits
from ..services import rounds as services
from ..services.divisions import DivisionRefused
from .divisions import changeable_division, division_url

REFUSALS = (DivisionRefused, PairingError)


@login_required
@require_http_methods(["GET", "POST"])
def pairing(request, tournament_slug: str, division_name: str):
    found = changeable_division(request, tournament_slug, division_name)
    rounds = list(rounds_selectors.division_rounds(found))
    next_round = min((rounds[-1].number if rounds else 0) + 1, found.rounds)
    form = PairRoundForm(
        request.POST or None, systems=sorted(SYSTEMS), initial={"round_number": next_round}
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            paired = services.round_pair(
                by=request.user,
                division=found,
                round_number=data["round_number"],
                system=data["system"] or None,
                seed=data["seed"],
                force=data["force"],
            )
        except REFUSALS as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("Round %(round)d paired.") % {"round": paired.number})
            return redirect(division_url(found, "round", round_number=paired.number))
    return render(
        request,
        "tournaments/pairing.html",
        {
            "tournament": found.tournament,
            "division": found,
            "rounds": rounds,
            "form": form,
            "plan": found.pairing_plan or services.DEFAULT_PLAN,
            "pins": found.fixed_pairings.select_related("first__player", "second__player"),
            "pin_form": PinForm(initial={"round_number": next_round}),
            "edit_form": RoundEditForm(),
        },
    )


@login_required
@require_POST
def round_edit(request, tournament_slug: str, division_name: str, round_number: int):
    found = changeable_division(request, tournament_slug, division_name)
    form = RoundEditForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the players' numbers."))
        return redirect(division_url(found, "pairing"))
    data = form.cleaned_data
    entries = {
        e.number: e for e in found.entries.filter(number__in=[data["first"], data["second"]])
    }
    first, second = entries.get(data["first"]), entries.get(data["second"])
    if first is None or (data["action"] != "bye" and second is None):
        messages.error(request, _("There is no player with that number."))
        return redirect(division_url(found, "pairing"))
    try:
        if data["action"] == "swap":
            round_edits.round_swap_players(
                by=request.user,
                division=found,
                round_number=round_number,
                first=first,
                second=second,
            )
        elif data["action"] == "pair":
            round_edits.round_pair_players(
                by=request.user,
                division=found,
                round_number=round_number,
                first=first,
                second=second,
            )
        else:
            round_edits.round_give_bye(
                by=request.user, division=found, round_number=round_number, entry=first
            )
    except REFUSALS as err:
        messages.error(request, translated(err))
        return redirect(division_url(found, "pairing"))
    messages.success(request, _("Round %(round)d changed.") % {"round": round_number})
    return redirect(division_url(found, "round", round_number=round_number))


@login_required
@require_POST
def pin_add(request, tournament_slug: str, division_name: str):
    found = changeable_division(request, tournament_slug, division_name)
    form = PinForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        entries = {
            e.number: e for e in found.entries.filter(number__in=[data["first"], data["second"]])
        }
        try:
            if data["first"] not in entries or data["second"] not in entries:
                messages.error(request, _("There is no player with that number."))
            else:
                round_edits.pin_pair(
                    by=request.user,
                    division=found,
                    round_number=data["round_number"],
                    first=entries[data["first"]],
                    second=entries[data["second"]],
                )
                messages.success(request, _("Pinned."))
        except REFUSALS as err:
            messages.error(request, translated(err))
    else:
        messages.error(request, _("Give a round and two player numbers."))
    return redirect(division_url(found, "pairing"))


@login_required
@require_POST
def pin_delete(request, tournament_slug: str, division_name: str, pin_id: int):
    found = changeable_division(request, tournament_slug, division_name)
    pin = get_object_or_404(FixedPairing, pk=pin_id, division=found)
    round_edits.pin_remove(by=request.user, pin=pin)
    messages.success(request, _("Pin removed."))
    return redirect(division_url(found, "pairing"))
