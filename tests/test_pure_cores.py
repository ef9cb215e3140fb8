"""The pure cores must not import Django (nor any app's models): they take data and return data.

From ``core`` they may import ``core.refusal`` only: the base of their refusals, itself pure."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_CORES = [
    "core/refusal.py",
    "games/engine",
    "games/scoresheet.py",
    "games/gcg_io.py",
    "tournaments/pairing",
    "tournaments/pairing/cop",
    "tournaments/standings.py",
    "tournaments/result_entry.py",
    "tournaments/crosstable.py",
    "tournaments/stats.py",
    "tournaments/outcomes.py",
    "tournaments/tsh",
    "ratings/systems",
    "tournaments/formatting.py",
    "tournaments/regions.py",
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
ALLOWED_FROM_CORE = {"core.refusal"}


def core_files() -> list[Path]:
    files = []
    for core in PURE_CORES:
        path = ROOT / core
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return [f for f in files if f.exists()]


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module imported; relative imports are resolved against the file's
    package, so ``from .models import Game`` in games/scoresheet.py counts as games.models."""
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
    assert imported_modules(ROOT / "games" / "scoresheet.py") >= {
        "games.engine.state",
        "games.engine.board",
    }


def test_every_pure_core_exists():
    missing = [core for core in PURE_CORES if not (ROOT / core).exists()]
    assert missing == []


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
