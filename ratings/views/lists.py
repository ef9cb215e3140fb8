"""Rating list pages, projections during an event, exports, and the rate/re-rate buttons."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from core.csv_export import csv_bytes
from core.messages import translated
from core.permissions import may_change, require_change, tournament_visible_to
from core.tablepages import configure_table, table_page
from tournaments.models import Tournament
from tournaments.results.formatting import fmt_spread

from .. import selectors
from ..export import submission_rows, tsh_division_file
from ..forms import RatingListForm
from ..models import RatingEvent, RatingList
from ..services import RatingRefused, rating_list_recompute, tournament_rate
from ..services import rating_list_create as rating_list_create_service
from ..tables import ProjectedTable, RatingListsTable, RatingListTable


@require_safe
def rating_lists(request):
    table = RatingListsTable(selectors.rating_lists(request.user))
    context = {"can_create": request.user.is_authenticated and request.user.is_staff}
    return table_page(request, table, "ratings/list_index.html", context, filename="rating-lists")


@login_required
@require_http_methods(["GET", "POST"])
def rating_list_create(request):
    """Staff start a national list from the site (clubs start theirs from the club page)."""
    if not request.user.is_staff:
        raise PermissionDenied
    form = RatingListForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            created = rating_list_create_service(by=request.user, **form.cleaned_data)
        except RatingRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("%(list)s is started.") % {"list": created.name})
            return redirect(created)
    return render(request, "ratings/list_form.html", {"form": form})


@require_safe
def rating_list(request, list_slug: str):
    ratings = get_object_or_404(selectors.lists_visible_to(request.user), slug=list_slug)
    table = RatingListTable(selectors.rating_list_rows(ratings, request.user))
    export = configure_table(request, table, filename=ratings.slug)
    if export:
        return export
    events = selectors.rated_events(ratings, request.user)[:20]
    return render(
        request,
        "ratings/list_detail.html",
        {
            "rating_list": ratings,
            "table": table,
            "events": events,
            "can_change": may_change(request.user, ratings),
            "first_ratings": first_ratings_sentence(ratings),
        },
    )


def first_ratings_sentence(rating_list: RatingList) -> str:
    """Where a newcomer's first rating on ``rating_list`` comes from, as
    ``services.seeding.seed_newcomers`` decides it, from the list's own settings."""
    params = {
        "seed": rating_list.seed_list.name if rating_list.seed_list_id else "",
        "system": rating_list.get_system_display(),
        "games": rating_list.provisional_games,
    }
    if rating_list.seed_list_id and rating_list.provisional_games:
        text = ngettext(
            "First ratings: a newcomer on %(seed)s starts from their rating there, else from the "
            "rating on their player record (as typed or pasted when they were added), else by "
            "the %(system)s newcomer rule, provisional until %(games)s rated game.",
            "First ratings: a newcomer on %(seed)s starts from their rating there, else from the "
            "rating on their player record (as typed or pasted when they were added), else by "
            "the %(system)s newcomer rule, provisional until %(games)s rated games.",
            rating_list.provisional_games,
        )
    elif rating_list.seed_list_id:
        text = _(
            "First ratings: a newcomer on %(seed)s starts from their rating there, else from the "
            "rating on their player record (as typed or pasted when they were added), else by "
            "the %(system)s newcomer rule."
        )
    elif rating_list.provisional_games:
        text = ngettext(
            "First ratings: a newcomer starts from the rating on their player record (as typed "
            "or pasted when they were added), else by the %(system)s newcomer rule, provisional "
            "until %(games)s rated game.",
            "First ratings: a newcomer starts from the rating on their player record (as typed "
            "or pasted when they were added), else by the %(system)s newcomer rule, provisional "
            "until %(games)s rated games.",
            rating_list.provisional_games,
        )
    else:
        text = _(
            "First ratings: a newcomer starts from the rating on their player record (as typed "
            "or pasted when they were added), else by the %(system)s newcomer rule."
        )
    return text % params


def _event(request, list_slug: str, pk: int) -> RatingEvent:
    """A rated event of the list, if ``request.user`` may see it (404 otherwise)."""
    return get_object_or_404(
        RatingEvent.objects.visible_to(request.user).select_related(
            "tournament", "division", "club_session__club", "rating_list"
        ),
        rating_list__in=selectors.lists_visible_to(request.user),
        rating_list__slug=list_slug,
        pk=pk,
    )


@require_safe
def rating_event_tsh(request, list_slug: str, event_id: int):
    event = _event(request, list_slug, event_id)
    if event.division_id is None:
        return HttpResponse(_("Only tournament divisions have a TSH file."), status=404)
    response = HttpResponse(tsh_division_file(event), content_type="text/plain; charset=utf-8")
    filename = f"{event.tournament.slug}-{event.division.name}.t".replace(" ", "-").lower()
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def rating_event_csv(request, list_slug: str, event_id: int):
    event = _event(request, list_slug, event_id)
    rows = submission_rows(event)
    response = HttpResponse(
        csv_bytes(rows, lineterminator="\n"), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="rating-event-{event.pk}.csv"'
    return response


def _tournament(slug: str):
    return get_object_or_404(Tournament, slug=slug)


@require_safe
def projected(request, list_slug: str, tournament_slug: str):
    """After each round: the rating each player would have if the event ended now."""
    ratings = get_object_or_404(selectors.lists_visible_to(request.user), slug=list_slug)
    event = _tournament(tournament_slug)
    if not tournament_visible_to(request.user, event):
        raise Http404
    can_rate = may_change(request.user, event)
    divisions = []
    for division in event.divisions.order_by("name"):
        figures = selectors.projected_ratings(division, ratings)
        rows = [
            {
                "number": entry.number,
                "player": entry.player.name,
                "entry_rating": entry.rating,
                "before": figures[entry.pk][0],
                "projected": figures[entry.pk][1],
                "change": _change(*figures[entry.pk]),
            }
            for entry in division.entries.select_related("player").order_by("number")
        ]
        table = ProjectedTable(rows, prefix=f"d{division.pk}-")
        configure_table(request, table, filename=f"{event.slug}-projected", paginate=False)
        divisions.append((division, table))
    return render(
        request,
        "ratings/projected.html",
        {
            "rating_list": ratings,
            "list_as_of": selectors.list_as_of(ratings),
            "tournament": event,
            "divisions": divisions,
            "rated": ratings.events.filter(tournament=event).exists(),
            "can_rate": can_rate,
        },
    )


def _change(before: int | None, after: int | None) -> str:
    if before is None or after is None:
        return ""
    return fmt_spread(after - before)


@login_required
@require_http_methods(["POST"])
def rate_tournament(request, list_slug: str, tournament_slug: str):
    ratings = get_object_or_404(RatingList, slug=list_slug)
    event = _tournament(tournament_slug)
    require_change(request.user, event)
    try:
        tournament_rate(by=request.user, tournament=event, rating_list=ratings)
    except RatingRefused as err:
        messages.error(request, translated(err))
        return redirect("ratings:projected", list_slug=ratings.slug, tournament_slug=event.slug)
    messages.success(request, _("%(event)s is rated.") % {"event": event.name})
    return redirect(ratings)


@login_required
@require_http_methods(["POST"])
def recompute(request, list_slug: str):
    ratings = get_object_or_404(RatingList, slug=list_slug)
    require_change(request.user, ratings)
    events = rating_list_recompute(by=request.user, rating_list=ratings)
    messages.success(request, _("%(count)d events re-rated.") % {"count": len(events)})
    return redirect(ratings)
