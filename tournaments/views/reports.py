"""Printable PDFs of a division, one view for every report of ``pdf/registry.py``.

Public reports are cached like the public pages; the others (scorecards, result slips) are for
the people running the event, who may enter its results (they are slow to build for a big
field).
"""

from __future__ import annotations

from dataclasses import replace

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import content_disposition_header, urlencode
from django.views.decorators.http import require_safe

from core.languages import LANGUAGE_PARAMETER, language_for
from core.permissions import RESULTS
from printouts import registry
from printouts.registry import Options, Report
from tournaments.public_cache.http import cached_division_page

from ..models import Division
from .divisions import changeable_division, division_url, held_from, visible_division


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


def report_url(
    division: Division,
    report: Report,
    round_number: int | None = None,
    order: str | None = None,
    per_page: int | None = None,
) -> str:
    """The URL of ``report`` of ``division``; the round only if the report takes one, the order
    and cards to a page only if they are not the report's default."""
    query = {}
    if round_number is not None and report.takes_round:
        query["round"] = round_number
    if order is not None and order != report.order_or_default(None):
        query["order"] = order
    if per_page is not None and per_page != report.per_page_or_default(None):
        query["per_page"] = per_page
    url = division_url(division, "print", report_name=report.name)
    return f"{url}?{urlencode(query)}" if query else url


def _options(request, report: Report) -> Options:
    """The round and order asked for in the query; 404 for a round that is not a number or a
    round's report asked for without one."""
    value = request.GET.get("round") if report.takes_round else None
    try:
        number = int(value) if value else None
    except ValueError:
        raise Http404 from None
    if number is None and report.needs_round:
        raise Http404
    asked = request.GET.get("per_page", "")
    per_page = report.per_page_or_default(int(asked) if asked.isdigit() else None)
    return Options(
        round_number=number,
        order=report.order_or_default(request.GET.get("order")),
        per_page=per_page,
    )


def _filename(division: Division, report: Report, asked: Options) -> str:
    parts = [division.tournament.slug, division.name, report.name]
    if asked.round_number is not None:
        parts.append(f"round-{asked.round_number}")
    if asked.order is not None:
        parts.append(asked.order)
    if asked.per_page is not None and asked.per_page != report.per_page_or_default(None):
        parts.append(f"{asked.per_page}-per-page")
    return "-".join(parts) + ".pdf"


def _printed(request, division: Division, report: Report) -> HttpResponse:
    asked = _options(request, report)
    if report.public:  # a broadcast delay holds results back from the public (selectors.held)
        asked = replace(asked, held=held_from(request, division))
    if not report.public:
        # Players' personal links (QR codes) only on the printouts of the people running it.
        asked = replace(asked, site=request.build_absolute_uri("/").rstrip("/"))
    language = language_for(
        request, division.tournament, asked=request.GET.get(LANGUAGE_PARAMETER), printout=True
    )
    data = report.printed(division, asked, language)
    return pdf_response(data, _filename(division, report, asked))


@cached_division_page
def _public_report(request, tournament_slug: str, division_name: str, report: Report):
    return _printed(request, visible_division(request, tournament_slug, division_name), report)


@login_required
def _results_report(request, tournament_slug: str, division_name: str, report: Report):
    division = changeable_division(request, tournament_slug, division_name, RESULTS)
    return _printed(request, division, report)


@require_safe
def print_report(request, tournament_slug: str, division_name: str, report_name: str):
    """``report_name`` of the division as a PDF; ``?round=``, ``?order=`` and ``?per_page=`` as
    the report takes them, ``?language=`` for another language than the event's."""
    report = registry.report_named(report_name)
    if report is None:
        raise Http404
    view = _public_report if report.public else _results_report
    return view(
        request, tournament_slug=tournament_slug, division_name=division_name, report=report
    )


@require_safe
def print_round_report(
    request, tournament_slug: str, division_name: str, report_name: str, round_number: int
):
    """The round in the path, as the pairings and slips links had it before one URL served
    every report: kept so that saved links still open."""
    url = reverse(
        "tournaments:print",
        kwargs={
            "tournament_slug": tournament_slug,
            "division_name": division_name,
            "report_name": report_name,
        },
    )
    return redirect(f"{url}?{urlencode({'round': round_number})}", permanent=True)
