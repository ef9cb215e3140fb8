"""The club's season: the ladder over a chosen period (by wins or rating change), its CSV and
printout, shown to everyone or to members only as the club chooses."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from config.tablepages import configure_table
from core.formatting import fmt_date
from ratings.pdf.ladder import build_ladder_pdf
from ratings.selectors import club_ladder as ladder_rows
from ratings.tables import LadderTable

from ..forms import LadderForm
from .visibility import visible_club


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
    export = configure_table(request, table, filename=f"{club.slug}-ladder-{period['season']}")
    if export:
        return export
    return render(request, "clubs/ladder.html", {"club": club, "table": table} | period)


@require_safe
def club_ladder_pdf(request, club_slug: str):
    club = _ladder_club(request, club_slug)
    period = ladder_period(request, club)
    data = build_ladder_pdf(club.name, period["label"], ladder_of(club, period))
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{club.slug}-ladder.pdf"'
    return response
