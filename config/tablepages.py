"""One way for every list page to sort, paginate and export a django-tables2 table."""

from django.http import HttpRequest
from django_tables2 import RequestConfig
from django_tables2.export import TableExport

PER_PAGE = 50


def configure_table(request: HttpRequest, table, *, filename: str, paginate: bool = True):
    """Apply sorting and pagination; return a CSV response when `?_export=csv` was asked for."""
    RequestConfig(request, paginate={"per_page": PER_PAGE} if paginate else False).configure(table)
    export_format = request.GET.get("_export")
    if export_format == "csv":
        return TableExport("csv", table).response(f"{filename}.csv")
    return None
