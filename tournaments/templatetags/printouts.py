"""``{% print_links division round %}``: the links to a division's reports, from the registry."""

from __future__ import annotations

from dataclasses import dataclass

from django import template
from django.utils import translation

from printouts import registry

from ..models import Division
from ..views.reports import report_url

register = template.Library()


@dataclass(frozen=True)
class PrintLink:
    title: str
    url: str


@register.simple_tag
def print_links(
    division: Division, round_number: int | None = None, *, results: bool = False
) -> list[PrintLink]:
    """A link per report and order (and per number of cards to a page), with the round the page is about; only the public reports
    unless ``results`` (the reader may enter the division's results). A round's report is left
    out while there is no round."""
    links = []
    for report in registry.reports():
        if not (report.public or results) or (report.needs_round and round_number is None):
            continue
        if not report.offered(division):
            continue
        for order, title in report.orders or ((None, report.title),):
            links.append(PrintLink(title, report_url(division, report, round_number, order)))
        for count, title in report.per_page[1:]:
            url = report_url(division, report, round_number, per_page=count)
            links.append(PrintLink(title, url))
    return links


@register.simple_tag
def print_language(division: Division) -> str:
    """The language the print links print in when none is chosen: the event's, else the page's."""
    return division.tournament.language or translation.get_language()
