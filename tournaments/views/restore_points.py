"""An event's restore points, for its directors: the list, taking one now, downloading one and
restoring one in place or as a copy (services/restore_points.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from core.formatting import fmt_datetime
from core.messages import translated
from core.tablepages import table_page

from ..archive.shape import ArchiveRefused
from ..forms.restore_points import IN_PLACE, RestorePointRestoreForm
from ..models import RestorePoint, Tournament
from ..services import restore_points as services
from ..tables.restore_points import RestorePointTable
from .events import directed_event


def event_point(tournament: Tournament, point_id: int) -> RestorePoint:
    return get_object_or_404(RestorePoint, pk=point_id, tournament=tournament)


def list_url(tournament: Tournament) -> str:
    return reverse("tournaments:restore_points", kwargs={"tournament_slug": tournament.slug})


@login_required
@require_safe
def restore_point_list(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    points = RestorePoint.objects.filter(tournament=tournament).select_related("taken_by")
    table = RestorePointTable(points, tournament=tournament)
    context = {"tournament": tournament, "kept": services.points_kept()}
    filename = f"{tournament.slug}-restore-points"
    return table_page(request, table, "tournaments/restore_points.html", context, filename=filename)


@login_required
@require_POST
def restore_point_take_now(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    point = services.restore_point_take(by=request.user, tournament=tournament)
    messages.success(request, _("Restore point #%(point)s taken.") % {"point": point.pk})
    return redirect(list_url(tournament))


@login_required
@never_cache
@require_safe
def restore_point_download(request, tournament_slug: str, point_id: int):
    """The point's archive as the JSON file "Download event archive" gives (import it on any
    site); a download, so GET."""
    tournament = directed_event(request, tournament_slug)
    point = event_point(tournament, point_id)
    try:
        data = services.restore_point_data(point)
    except services.RestorePointRefused as err:
        messages.error(request, translated(err))
        return redirect(list_url(tournament))
    response = HttpResponse(data, content_type="application/json")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True,
        filename=f"{tournament.slug}-restore-point-{point.pk}-{point.taken_at:%Y%m%d-%H%M}.json",
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def restore_point_restore(request, tournament_slug: str, point_id: int):
    """A confirmation page with both ways to restore; the POST restores."""
    tournament = directed_event(request, tournament_slug)
    point = event_point(tournament, point_id)
    copy_slug = services.copy_slug(tournament)
    form = RestorePointRestoreForm(request.POST or None, initial={"slug": copy_slug})
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            return restored(request, tournament, point, form.cleaned_data)
        except ArchiveRefused as err:
            problems = err.problems
        except services.RestorePointRefused as err:
            problems = [translated(err)]
    context = {
        "tournament": tournament,
        "point": point,
        "what": point.what,
        "form": form,
        "problems": problems,
        "copy_slug": copy_slug,
        "finalized": tournament.finalized_at is not None,
    }
    return render(request, "tournaments/restore_point_restore.html", context)


def restored(request, tournament: Tournament, point: RestorePoint, cleaned: dict):
    moment = fmt_datetime(point.taken_at)
    if cleaned["mode"] == IN_PLACE:
        outcome, before = services.restore_point_in_place(
            by=request.user, tournament=tournament, point_id=point.pk
        )
        messages.success(
            request,
            _(
                "The event is back as it was at %(moment)s. To undo this, restore point "
                "#%(before)s (“Before a restore”), taken just now."
            )
            % {"moment": moment, "before": before.pk},
        )
        for note in outcome.notes:
            messages.warning(request, note)
        return redirect(list_url(tournament))
    outcome = services.restore_point_copy(
        by=request.user, tournament=tournament, point_id=point.pk, slug=cleaned["slug"] or None
    )
    messages.success(
        request,
        _("The event as it was at %(moment)s is now a new event at “%(slug)s”.")
        % {"moment": moment, "slug": outcome.tournament.slug},
    )
    for note in outcome.notes:
        messages.warning(request, note)
    return redirect(outcome.tournament)
