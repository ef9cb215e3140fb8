"""The pairing page for directors: pair a round (system, seed), pins, and manual edits."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from core.forms import error_lines
from core.messages import translated
from pairing.cop.adapter import CopRefused
from pairing.messages import PairingError
from pairing.registry import SYSTEM_TITLES, SYSTEMS

from .. import why_text
from ..forms.pairings import PairRoundForm, PinForm, RoundEditForm
from ..models import FixedPairing
from ..selectors import plans, why
from ..selectors import rounds as rounds_selectors
from ..selectors.repeats import ignores_repeat_limit, round_rematches
from ..services import round_edits
from ..services import rounds as services
from ..services.divisions import DivisionRefused
from .cop_pairing import explanation, overconstrained_choices
from .divisions import changeable_division, division_url

REFUSALS = (DivisionRefused, PairingError)


@login_required
@require_http_methods(["GET", "POST"])
def pairing(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    rounds = list(rounds_selectors.division_rounds(division))
    next_round = min((rounds[-1].number if rounds else 0) + 1, division.rounds)
    form = PairRoundForm(
        request.POST or None,
        division=division,
        systems=sorted(SYSTEMS),
        initial={"round_number": next_round},
    )
    cop_choices = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            paired = services.round_pair(
                by=request.user,
                division=division,
                round_number=data["round_number"],
                system=data["system"] or None,
                seed=data["seed"],
                force=data["force"],
                relax=data["relax"],
            )
        except CopRefused as err:
            form.add_error(None, translated(err))
            cop_choices = overconstrained_choices(err, data)
        except REFUSALS as err:
            form.add_error(None, translated(err))
        else:
            _say_paired(request, division, paired.number)
            return redirect(division_url(division, "round", round_number=paired.number))
    return render(
        request,
        "tournaments/pairing.html",
        {
            "tournament": division.tournament,
            "division": division,
            "rounds": rounds,
            "form": form,
            "plan": division.pairing_plan or plans.DEFAULT_PLAN,
            "pins": division.fixed_pairings.select_related("first__player", "second__player"),
            "why_games": _why_games(rounds[-1]) if rounds else None,
            "pin_form": PinForm(division=division, initial={"round_number": next_round}),
            "edit_form": RoundEditForm(division=division),
            "explanation": explanation(rounds),
            "cop_choices": cop_choices,
            "repeat_warnings": repeat_warnings(division, rounds, next_round),
        },
    )


def _why_games(rnd) -> tuple:
    """The latest round with each game's reasons in words (Swiss, king of the hill)."""
    return rnd, why_text.round_reasons_in_words(why.round_reasons(rnd))


def _say_paired(request, division, round_number: int) -> None:
    messages.success(request, _("Round %(round)d paired.") % {"round": round_number})
    beyond = rematches_warning(division, round_number)
    if beyond:
        messages.warning(request, beyond)


def rematches_warning(division, round_number: int) -> str:
    """ "Round 5: 2 rematches beyond the repeat limit of 0 (tables 3, 5)", or '' when none."""
    beyond = round_rematches(division, round_number)
    if not beyond:
        return ""
    tables = ", ".join(str(r.table) if r.table is not None else "—" for r in beyond)
    return ngettext(
        "Round %(round)d: %(count)d rematch beyond the repeat limit of %(limit)d (table "
        "%(tables)s).",
        "Round %(round)d: %(count)d rematches beyond the repeat limit of %(limit)d (tables "
        "%(tables)s).",
        len(beyond),
    ) % {
        "round": round_number,
        "count": len(beyond),
        "limit": division.max_repeats,
        "tables": tables,
    }


def repeat_warnings(division, rounds, next_round: int) -> list[str]:
    """Before pairing: the next round's planned system ignores the repeat limit; after: the
    latest paired round's rematches beyond it, by table."""
    warnings = []
    if not rounds or rounds[-1].number < next_round:
        system = plans.planned_round(division, next_round).system
        if ignores_repeat_limit(system):
            warnings.append(
                _(
                    "Round %(round)d is paired by %(system)s, which ignores the repeat limit "
                    "(%(limit)d): players may meet again more often than that."
                )
                % {
                    "round": next_round,
                    "system": _(SYSTEM_TITLES.get(system, system)),
                    "limit": division.max_repeats,
                }
            )
    if rounds:
        beyond = rematches_warning(division, rounds[-1].number)
        if beyond:
            warnings.append(beyond)
    return warnings


@login_required
@require_POST
def round_edit(request, tournament_slug: str, division_name: str, round_number: int):
    division = changeable_division(request, tournament_slug, division_name)
    form = RoundEditForm(request.POST, division=division)
    if not form.is_valid():
        _form_errors(request, form)
        return redirect(division_url(division, "pairing"))
    try:
        _edit_round(request.user, division, round_number, form.cleaned_data)
    except REFUSALS as err:
        messages.error(request, translated(err))
        return redirect(division_url(division, "pairing"))
    messages.success(request, _("Round %(round)d changed.") % {"round": round_number})
    return redirect(division_url(division, "round", round_number=round_number))


def _edit_round(by, division, round_number: int, data: dict) -> None:
    """The change the form names; its player numbers are already the division's entries."""
    if data["action"] == "bye":
        round_edits.round_give_bye(
            by=by, division=division, round_number=round_number, entry=data["first"]
        )
        return
    if data["action"] == "swap":
        change = round_edits.round_swap_players
    else:
        change = round_edits.round_pair_players
    change(
        by=by,
        division=division,
        round_number=round_number,
        first=data["first"],
        second=data["second"],
    )


@login_required
@require_POST
def pin_add(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    form = PinForm(request.POST, division=division)
    if not form.is_valid():
        _form_errors(request, form)
        return redirect(division_url(division, "pairing"))
    data = form.cleaned_data
    try:
        round_edits.pin_pair(
            by=request.user,
            division=division,
            round_number=data["round_number"],
            first=data["first"],
            second=data["second"],
        )
    except REFUSALS as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Pinned."))
    return redirect(division_url(division, "pairing"))


def _form_errors(request, form) -> None:
    for line in error_lines(form):
        messages.error(request, line)


@login_required
@require_POST
def pin_delete(request, tournament_slug: str, division_name: str, pin_id: int):
    division = changeable_division(request, tournament_slug, division_name)
    pin = get_object_or_404(FixedPairing, pk=pin_id, division=division)
    round_edits.pin_remove(by=request.user, pin=pin)
    messages.success(request, _("Pin removed."))
    return redirect(division_url(division, "pairing"))
