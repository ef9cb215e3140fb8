"""Inside an app, reads do not reach up into writes or tables, and an event archive stands
below the services that keep and restore it (docs/ARCHITECTURE.md, "Inside an app").

A selector (a module of a ``selectors/`` package, or a ``selectors.py``) reads and returns
values: it may not import any app's ``services`` (writes) or ``tables`` (rendering). The event
archive (``tournaments/archive/``) is used by the restore-point and copy services, so it may not
import ``tournaments.services``: the tie between the two runs one way.
"""

from pathlib import Path

import pytest

from tests.test_import_layers import RANK
from tests.test_pure_cores import ROOT, imported_modules

ABOVE_READS = ("services", "tables")


def selector_modules() -> list[Path]:
    found = []
    for app in RANK:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if "selectors" in parts[:-1] or path.stem.endswith("selectors"):
                found.append(path)
    return found


def reads_reaching_up(modules: set[str]) -> list[str]:
    """The modules of ``modules`` that are an app's writes or tables."""
    return sorted(
        m for m in modules if m.split(".")[0] in RANK and set(m.split(".")[1:2]) & set(ABOVE_READS)
    )


def test_a_selector_importing_a_service_or_a_table_is_caught():
    modules = {"tournaments.services", "games.tables", "tournaments.models", "core.audit"}
    assert reads_reaching_up(modules) == ["games.tables", "tournaments.services"]


def test_every_apps_selectors_are_checked():
    assert {p.relative_to(ROOT).parts[0] for p in selector_modules()} >= {
        "tournaments",
        "games",
        "ratings",
        "clubs",
        "players",
    }
    assert ROOT / "tournaments" / "selectors" / "restore_points.py" in selector_modules()


@pytest.mark.parametrize("path", selector_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_selector_imports_no_services_or_tables(path):
    assert reads_reaching_up(imported_modules(path)) == []


def _importers(folder: Path, prefix: str) -> list[str]:
    return [
        str(path.relative_to(ROOT))
        for path in sorted(folder.rglob("*.py"))
        if any(m == prefix or m.startswith(prefix + ".") for m in imported_modules(path))
    ]


def test_the_archive_imports_no_service():
    assert _importers(ROOT / "tournaments" / "archive", "tournaments.services") == []


def test_the_services_use_the_archive_one_way():
    # The restore-point service keeps and restores archives: the arrow the archive may not return.
    assert "tournaments/services/restore_points.py" in _importers(
        ROOT / "tournaments" / "services", "tournaments.archive"
    )
