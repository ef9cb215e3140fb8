"""Imports point one way: core <- players <- clubs, tournaments <- games, ratings <- views.

An app may import the apps below it, never one beside or above it, including imports inside
functions. Views, URLs, the admin, commands, demo data and benchmarks sit on top of every app
(they compose pages and jobs from several apps) and are exempt; see docs/ARCHITECTURE.md.
The benchmarks live apart in bench/: they may use any app, and no app may use them.
"""

from pathlib import Path

import pytest

from tests.test_pure_cores import PURE_CORES, ROOT, imported_modules

RANK = {
    "core": 0,
    "players": 1,
    "clubs": 2,
    "tournaments": 2,
    # The printouts read tournaments' selectors; ratings draws its ladder with their layout.
    "printouts": 2.5,
    "games": 3,
    "ratings": 3,
    # Publishing writes every public page of the apps below it as files.
    "publishing": 4,
}
TOP_LAYER_PARTS = {"views", "management", "migrations", "templatetags"}
TOP_LAYER_FILES = {"views.py", "urls.py", "admin.py", "demo.py", "apps.py"}
# The pure cores import nothing (tests/test_pure_cores.py), so any layer may use them.
PURE_MODULES = tuple(core.removesuffix(".py").replace("/", ".") for core in PURE_CORES)


def app_modules() -> list[Path]:
    files = []
    for app in RANK:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = set(path.relative_to(ROOT).parts[:-1])
            if parts & TOP_LAYER_PARTS or path.name in TOP_LAYER_FILES:
                continue
            files.append(path)
    return files


def upward_imports(own: str, modules: set[str]) -> list[str]:
    """The imported modules of apps that sit beside or above the app ``own``;
    the pure cores are free to all."""
    bad = []
    for module in sorted(modules):
        other = module.split(".")[0]
        if module.startswith(PURE_MODULES):
            continue
        if other in RANK and other != own and RANK[other] >= RANK[own]:
            bad.append(module)
    return bad


def test_imports_inside_functions_are_seen():
    # ratings/apps.py connects its receivers inside ready(), importing the apps below it.
    assert "tournaments.signals" in imported_modules(ROOT / "ratings" / "apps.py")


def test_downward_imports_pass_and_sideways_or_upward_ones_fail():
    modules = {"core.audit", "players.models", "clubs", "ratings.services", "games.engine.rules"}
    assert upward_imports("tournaments", modules) == ["clubs", "ratings.services"]
    assert upward_imports("ratings", modules) == []
    assert upward_imports("core", modules) == ["clubs", "players.models", "ratings.services"]


def test_every_app_is_checked():
    checked = {path.relative_to(ROOT).parts[0] for path in app_modules()}
    assert checked == set(RANK)


def test_the_rooms_of_every_app_are_checked():
    """The packages inside the apps are checked with their app (the broadcast's room above
    tournaments, the polled pages' read path in core, below both)."""
    checked = {str(path.relative_to(ROOT)) for path in app_modules()}
    rooms = {"games/broadcast/cache.py", "games/broadcast/selectors.py", "core/polled/early.py"}
    assert rooms <= checked
    assert "games/broadcast/views/public.py" not in checked  # views sit on top
    assert upward_imports("core", imported_modules(ROOT / "core/polled/early.py")) == []


@pytest.mark.parametrize("path", app_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_app_module_imports_only_the_apps_below_it(path):
    own = path.relative_to(ROOT).parts[0]
    assert upward_imports(own, imported_modules(path)) == []


def test_no_app_module_imports_the_benchmarks():
    every_app_file = [path for app in RANK for path in sorted((ROOT / app).rglob("*.py"))]
    importers = [
        str(path.relative_to(ROOT))
        for path in every_app_file
        if any(m == "bench" or m.startswith("bench.") for m in imported_modules(path))
    ]
    assert importers == []


# --- Views of the lower apps: the composing layer ------------------------------------------------
# A page of players, clubs or ratings shows what an app above (or beside) it knows only through
# that app's ``selectors`` (named reads): the one composing layer (docs/ARCHITECTURE.md,
# "Pages that show what an app above knows"). Any other arrow is named here with its reason, and
# docs/ARCHITECTURE.md names it too.
COMPOSED_APPS = ("players", "clubs", "ratings")
NAMED_ARROWS = {
    # A club officer starts an event for the club from the club page; tournaments may not
    # import clubs (side by side), so the page stays with the club and calls the service.
    ("clubs/views/clubs.py", "tournaments.services.events"),
}


def modules_of_kind(apps, kind: str) -> list[Path]:
    """The modules of ``apps`` in a ``kind`` package (``views/``) or module (``views.py``)."""
    return [
        path
        for app in apps
        for path in sorted((ROOT / app).rglob("*.py"))
        if kind in path.relative_to(ROOT).parts[1:-1] or path.name == f"{kind}.py"
    ]


def view_modules() -> list[Path]:
    return modules_of_kind(COMPOSED_APPS, "views")


def arrows_outside_the_composing_layer(path: Path) -> list[str]:
    own = path.relative_to(ROOT).parts[0]
    rel = str(path.relative_to(ROOT))
    return [
        module
        for module in upward_imports(own, imported_modules(path))
        if module.split(".")[1:2] != ["selectors"] and (rel, module) not in NAMED_ARROWS
    ]


def test_the_composing_layer_check_lets_selectors_through_and_stops_the_rest():
    views = ROOT / "players" / "views.py"
    assert imported_modules(views) >= {"ratings.selectors", "clubs.selectors"}
    assert arrows_outside_the_composing_layer(views) == []


@pytest.mark.parametrize("path", view_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_views_reach_apps_above_only_through_their_selectors(path):
    assert arrows_outside_the_composing_layer(path) == []


def test_every_named_arrow_exists_and_is_named_in_the_architecture_page():
    page = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for source, module in NAMED_ARROWS:
        assert module in imported_modules(ROOT / source)
        assert f"`{source}` → `{module}`" in page
