"""Printable PDFs of a division. Public reports are cached like the public pages; scorecards and
result slips are for the people running the event (they are slow to build for a big field).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_safe

from core.permissions import RESULTS

from ..pdf.final_report import build_final_report_pdf
from ..pdf.pairings import BY_NAME, BY_TABLE, build_pairings_pdf
from ..pdf.result_slips import build_result_slips_pdf
from ..pdf.scorecards import build_scorecards_pdf
from ..pdf.standings import build_standings_pdf
from ..pdf.wall_chart import build_wall_chart_pdf
from ..services.prizes import prize_rules
from .divisions import changeable_division, visible_division
from .public import cached_division_page


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _round_arg(request) -> int | None:
    value = request.GET.get("round")
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise Http404 from None


def _name(division, what: str) -> str:
    return f"{division.tournament.slug}-{division.name}-{what}.pdf"


@require_safe
@cached_division_page
def pairings_pdf(request, tournament_slug: str, division_name: str, round_number: int):
    found = visible_division(request, tournament_slug, division_name)
    order = BY_NAME if request.GET.get("order") == BY_NAME else BY_TABLE
    data = build_pairings_pdf(found, round_number, order=order)
    return pdf_response(data, _name(found, f"round-{round}-{order}"))


@require_safe
@cached_division_page
def standings_pdf(request, tournament_slug: str, division_name: str):
    found = visible_division(request, tournament_slug, division_name)
    through = _round_arg(request)
    suffix = f"standings-after-{through}" if through else "standings"
    return pdf_response(build_standings_pdf(found, through), _name(found, suffix))


@require_safe
@cached_division_page
def wall_chart_pdf(request, tournament_slug: str, division_name: str):
    found = visible_division(request, tournament_slug, division_name)
    return pdf_response(build_wall_chart_pdf(found), _name(found, "wall-chart"))


@require_safe
@cached_division_page
def final_report_pdf(request, tournament_slug: str, division_name: str):
    found = visible_division(request, tournament_slug, division_name)
    data = build_final_report_pdf(found, prize_rules(found))
    return pdf_response(data, _name(found, "final-report"))


@login_required
@require_safe
def scorecards_pdf(request, tournament_slug: str, division_name: str):
    found = changeable_division(request, tournament_slug, division_name, RESULTS)
    return pdf_response(build_scorecards_pdf(found), _name(found, "scorecards"))


@login_required
@require_safe
def result_slips_pdf(request, tournament_slug: str, division_name: str, round_number: int):
    found = changeable_division(request, tournament_slug, division_name, RESULTS)
    return pdf_response(
        build_result_slips_pdf(found, round_number), _name(found, f"round-{round}-slips")
    )
