"""A club's rating pages: starting the club's list, rating a night (again, or off the list, or
undoing either), and the season's ladder with its printout. They are the club's pages, served by
the ratings app, which sits above clubs: the club's own views reach ratings only through its
selectors (docs/ARCHITECTURE.md)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs.forms import LadderForm
from clubs.views.corrections import RATING_ACTIONS
from clubs.views.visibility import changeable_club, visible_club
from core.formatting import fmt_date
from core.messages import translated
from core.models import AuditEntry
from core.refusal import Refusal
from core.tablepages import table_page

from ..forms import RatingListForm
from ..pdf.ladder import build_ladder_pdf
from ..selectors import club_ladder as ladder_rows
from ..services import (
    RatingRefused,
    club_rating_list_start,
    club_session_rate,
    club_session_rerate,
    club_session_unrate,
)
from ..tables import LadderTable


@login_required
@require_http_methods(["GET", "POST"])
def club_rating_list_create(request, club_slug: str):
    club = changeable_club(request, club_slug)
    initial = {"name": _("%(club)s ratings") % {"club": club.name}, "system": "glicko2"}
    form = RatingListForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            rating_list = club_rating_list_start(by=request.user, club=club, **form.cleaned_data)
        except RatingRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("%(list)s is started.") % {"list": rating_list.name})
            return redirect(club)
    return render(request, "clubs/rating_list_form.html", {"club": club, "form": form})


def _night_rating_view(change, done: str):
    """The view of one change to a club night's rating, ``change(by=, session=)``, posted from
    the night's page: the service's refusal, or ``done`` (translated), said there."""

    @login_required
    @require_POST
    def view(request, club_slug: str, session_id: int):
        club = changeable_club(request, club_slug)
        session = get_object_or_404(club.sessions.select_related("club"), pk=session_id)
        try:
            change(by=request.user, session=session)
        except Refusal as err:
            messages.error(request, translated(err))
        else:
            messages.success(request, _(done))
        return redirect(session)

    return view


club_session_rate_view = _night_rating_view(
    club_session_rate, gettext_noop("The club night is rated.")
)
club_session_unrate_view = _night_rating_view(
    club_session_unrate, gettext_noop("The club night is off the rating list.")
)
club_session_rerate_view = _night_rating_view(
    club_session_rerate, gettext_noop("The club night is rated again from its games.")
)


@login_required
@require_POST
def rating_undo(request, club_slug: str, entry_id: int):
    """Undo rating a night, or taking it off the list, from the club's audit log."""
    club = changeable_club(request, club_slug)
    entry = get_object_or_404(
        AuditEntry.objects.filter(scope=f"club:{club.pk}", action__in=RATING_ACTIONS),
        pk=entry_id,
    )
    session = get_object_or_404(club.sessions, pk=entry.object_id)
    try:
        if entry.action == "club_session.rate":
            club_session_unrate(by=request.user, session=session, undoes=entry)
        else:
            club_session_rate(by=request.user, session=session, undoes=entry)
    except Refusal as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("Undone."))
    return redirect("clubs:audit", club_slug=club.slug)


def ladder_period(request, club) -> dict:
    """The period and order asked for (?season=YYYY or ?start=&end=, ?basis=), the club's
    choice of order and this year by default; a bad value falls back to the default."""
    form = LadderForm(request.GET)
    data = form.cleaned_data if form.is_valid() else {}
    start, end = data.get("start"), data.get("end")
    season = data.get("season") or timezone.localdate().year
    basis = data.get("basis") or club.ladder_basis
    if start or end:
        label = f"{fmt_date(start) if start else '…'} – {fmt_date(end) if end else '…'}"
    else:
        label = str(season)
    return {
        "form": form,
        "season": season,
        "start": start,
        "end": end,
        "basis": basis,
        "label": label,
        "query": request.GET.urlencode(),
    }


def _ladder_club(request, club_slug):
    club = visible_club(request, club_slug)
    if not club.ladder_visible_to(request.user):
        raise Http404
    return club


def ladder_of(club, period) -> list:
    return ladder_rows(
        club, period["season"], start=period["start"], end=period["end"], basis=period["basis"]
    )


@require_safe
def club_ladder(request, club_slug: str):
    club = _ladder_club(request, club_slug)
    period = ladder_period(request, club)
    table = LadderTable(ladder_of(club, period))
    filename = f"{club.slug}-ladder-{period['season']}"
    return table_page(
        request, table, "clubs/ladder.html", {"club": club} | period, filename=filename
    )


@require_safe
def club_ladder_pdf(request, club_slug: str):
    club = _ladder_club(request, club_slug)
    period = ladder_period(request, club)
    data = build_ladder_pdf(club.name, period["label"], ladder_of(club, period))
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{club.slug}-ladder.pdf"'
    return response
