"""Late arrival on the result entry page: start the round, record a no-show (both POST)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.messages import translated
from core.permissions import RESULTS, require_change

from ..forms.results import NoShowForm
from ..models import Pairing, Round
from ..selectors.divisions import division_or_404
from ..services import lateness as services
from ..services.results import ResultConflict, ResultRefused
from .events import directed_event


@login_required
@require_POST
def round_start(request, tournament_slug: str, division_name: str, round_number: int):
    division = division_or_404(tournament_slug, division_name)
    require_change(request.user, division, RESULTS)
    round_ = get_object_or_404(Round, division=division, number=round_number)
    try:
        services.round_start(by=request.user, round_id=round_.pk)
    except services.LatenessRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Round %(round)d started.") % {"round": round_number})
    return redirect("tournaments:results", tournament_slug, division_name, round_number)


@login_required
@require_POST
def no_show(request, tournament_slug: str, pairing_id: int):
    tournament = directed_event(request, tournament_slug, RESULTS)
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__division", "first__player", "second__player"),
        pk=pairing_id,
        round__division__tournament=tournament,
        second__isnull=False,  # a bye has nobody to wait for
    )
    round_ = pairing.round
    back = redirect("tournaments:results", tournament_slug, round_.division.name, round_.number)
    form = NoShowForm(request.POST, pairing=pairing)
    if not form.is_valid():
        messages.error(request, _("Choose which player of the table has not arrived."))
        return back
    entry = form.cleaned_data["entry"]
    try:
        services.no_show_record(by=request.user, pairing_id=pairing.pk, entry_id=entry.pk)
    except (services.LatenessRefused, ResultRefused) as err:
        messages.error(request, translated(err))
    except ResultConflict:
        messages.error(request, _("This table's result changed meanwhile: nothing was recorded."))
    else:
        messages.success(
            request,
            _("No-show recorded: %(name)s forfeits at table %(table)s.")
            % {"name": entry.player.name, "table": pairing.table or "—"},
        )
    return back
