"""The pure cores must not import Django (nor any app's models): they take data and return data.

From ``core`` they may import ``core.refusal`` (the base of their refusals),
``core.readers.json_input`` (the bounded JSON reader), ``core.readers.text`` (an upload's
bytes as text) and ``core.readers.numbers`` (the rule of every typed number), all pure
themselves."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Folders only: everything below one of them is pure, and nothing outside them is.
PURE_CORES = [
    "core/refusal",
    "core/readers",
    "games/engine",
    "pairing",
    "tournaments/pair_check",
    "tournaments/results",
    "tournaments/tsh",
    "tournaments/exports",
    "ratings/systems",
    "tournaments/regions",
    "tournaments/console",
    "publishing/plan",
]
FORBIDDEN = (
    "django",
    "core.models",
    "players.models",
    "clubs.models",
    "tournaments.models",
    "games.models",
    "ratings.models",
    "config",
)
ALLOWED_FROM_CORE = {
    "core.refusal",
    "core.readers.json_input",
    "core.readers.text",
    "core.readers.numbers",
}


def core_files() -> list[Path]:
    files = []
    for core in PURE_CORES:
        path = ROOT / core
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return [f for f in files if f.exists()]


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module imported; relative imports are resolved against the file's
    package, so ``from .models import Game`` in games/engine/scoresheet.py counts as games.models."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(ROOT).parent.parts
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1]
            modules = [node.module] if node.module else [a.name for a in node.names]
            names.update(".".join([*base, m]) for m in modules)
    return names


def test_relative_imports_are_resolved_against_the_package():
    assert imported_modules(ROOT / "games" / "engine" / "scoresheet.py") >= {
        "games.engine.state",
        "games.engine.board",
    }


def test_every_pure_core_is_a_folder():
    not_folders = [core for core in PURE_CORES if not (ROOT / core).is_dir()]
    assert not_folders == []


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_core_imports_nothing_from_django(path):
    bad = sorted(
        m
        for m in imported_modules(path)
        if m.split(".")[0] in {"django"} or m.startswith(FORBIDDEN)
    )
    assert bad == []


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_core_imports_from_core_only_the_refusal_base(path):
    from_core = {m for m in imported_modules(path) if m == "core" or m.startswith("core.")}
    assert from_core - ALLOWED_FROM_CORE == set()


def _is_django_glue(path: Path) -> bool:
    """Imports Django, or a module of an app that is not itself a pure core."""
    pure = tuple(core.replace("/", ".") for core in PURE_CORES)
    for module in imported_modules(path):
        top = module.split(".")[0]
        if top == "django" or top in {"django_tables2", "django_htmx"}:
            return True
        if top in APPS and not module.startswith(pure):
            return True
    return False


APPS = {
    "core",
    "players",
    "clubs",
    "tournaments",
    "printouts",
    "games",
    "ratings",
    "publishing",
    "config",
}
# Plain Python that is not part of any domain core: the tools around the product.
NOT_DOMAIN = {
    "core/catalogues.py",  # checks the translation catalogues (polib, makemessages)
    "core/csv_export.py",  # the one CSV writer
    "tournaments/archive/sections.py",  # the registry of archive sections other apps fill
}


def test_a_pure_module_lives_in_a_pure_folder():
    """From its path alone a reader knows whether a module is pure: outside the folders above,
    every module of an app is Django glue (it imports Django or an app's glue)."""
    inside = set(core_files())
    loose = [
        str(path.relative_to(ROOT))
        for app in sorted(APPS - {"config"})
        for path in sorted((ROOT / app).rglob("*.py"))
        if path not in inside
        and "migrations" not in path.parts
        and path.name != "__init__.py"
        and path.read_text(encoding="utf-8").strip()
        and str(path.relative_to(ROOT)) not in NOT_DOMAIN
        and not _is_django_glue(path)
    ]
    assert loose == []


def test_the_rooms_are_read_by_the_purity_check():
    """The broadcast's rules are pure (games/engine/broadcast.py); its room (games/broadcast/)
    and the polled pages' read path (core/polled/) are Django glue, each module of them read by
    the check above."""
    assert ROOT / "games" / "engine" / "broadcast.py" in core_files()
    for glue in ("games/broadcast/cache.py", "games/broadcast/models.py", "core/polled/answer.py"):
        assert ROOT / glue not in core_files() and _is_django_glue(ROOT / glue)
