"""`manage.py bench roster`: `manage.py import_roster` of 1,000, 10,000 and 20,000 lines, and the
roster import page with the same 10,000 lines, inside a transaction rolled back at the end.

For each: seconds on the clock and of this process's CPU (the machine may be shared), and the
queries (a constant few per batch of rows, whatever the file's length). The command must scale
like the page: the same work per row.
"""

from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext, setup_test_environment
from django.urls import reverse

SIZES = (1_000, 10_000, 20_000)
PAGE_SIZE = 10_000


def roster_text(lines: int, tag: str) -> str:
    rows = ["name,country,member_id,rating"]
    rows += [f"Bench Roster {tag} {n},GB,BR{tag}{n},{1000 + n % 1500}" for n in range(lines)]
    return "\n".join(rows) + "\n"


def _measure(action) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    with CaptureQueriesContext(connection) as queries:
        action()
    return time.perf_counter() - wall, time.process_time() - cpu, len(queries)


def _line(what: str, wall: float, cpu: float, queries: int) -> str:
    return f"  {what:<28} {wall:6.2f} s ({cpu:5.2f} s CPU), {queries} queries"


def bench_roster() -> list[str]:
    lines = [f"import_roster on {connection.vendor}, each file new players (rolled back)"]
    with transaction.atomic(), tempfile.TemporaryDirectory() as folder:
        for size in SIZES:
            path = Path(folder) / f"roster-{size}.csv"
            path.write_text(roster_text(size, f"C{size}"), encoding="utf-8")
            result = _measure(
                lambda path=path: call_command("import_roster", str(path), stdout=io.StringIO())
            )
            lines.append(_line(f"command, {size:,} lines", *result))
        lines.append(_line(f"page, {PAGE_SIZE:,} lines", *_page(PAGE_SIZE)))
        transaction.set_rollback(True)
    return lines


def _page(size: int) -> tuple[float, float, int]:
    setup_test_environment()
    staff = get_user_model().objects.create_user("bench-roster-staff", is_staff=True)
    client = Client()
    client.force_login(staff)
    upload = SimpleUploadedFile("roster.csv", roster_text(size, "P").encode())

    def post():
        response = client.post(reverse("players:import"), {"file": upload})
        assert response.status_code == 302, response.status_code

    return _measure(post)
