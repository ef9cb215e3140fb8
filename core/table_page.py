"""A page whose body is a table: sorted and paged as the address asks, or downloaded as CSV
(``?_export=csv``, ``core.tablepages.configure_table``) instead of rendered."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .tablepages import configure_table


def table_page(
    request: HttpRequest, table, template: str, context: dict, *, filename: str
) -> HttpResponse:
    """``template`` rendered with ``table`` and ``context``, or the table's CSV ``filename``."""
    export = configure_table(request, table, filename=filename)
    if export is not None:
        return export
    return render(request, template, {"table": table, **context})
