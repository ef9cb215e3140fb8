"""One way for every list page to sort, paginate and export a django-tables2 table."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_tables2 import RequestConfig

from core.csv_export import csv_bytes

PER_PAGE = 50


def configure_table(request: HttpRequest, table, *, filename: str, paginate: bool = True):
    """Apply sorting and pagination; return a CSV response when `?_export=csv` was asked for."""
    RequestConfig(request, paginate={"per_page": PER_PAGE} if paginate else False).configure(table)
    if request.GET.get("_export") == "csv":
        return csv_response(table.as_values(), filename=f"{filename}.csv")
    return None


def csv_response(rows, *, filename: str) -> HttpResponse:
    """A CSV download of ``rows`` (the header first), written by the one formula-safe writer
    as UTF-8 with a byte-order mark (so Excel shows Thai and Chinese names as typed)."""
    response = HttpResponse(csv_bytes(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def table_page(
    request: HttpRequest, table, template: str, context: dict, *, filename: str
) -> HttpResponse:
    """A page whose body is a table: ``template`` rendered with ``table`` and ``context``, or
    the table's CSV ``filename`` when the address asks for it (``?_export=csv``)."""
    export = configure_table(request, table, filename=filename)
    if export is not None:
        return export
    return render(request, template, {"table": table, **context})
