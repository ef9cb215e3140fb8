"""Every writer of the event's results reads the one record per player per round.

The writers: every module of tournaments/exports/ (found on disk, so a new file format is a
writer the day it is added) but the builders listed in ``RECORD_SOURCES``, the ``.t`` export
(selectors/tsh.py), the rating authority's ``.t`` (ratings/export.py) and the commands that
print standings or files. Each must import one of the record sources (modules that themselves
build on ``tournaments.results.records``), must not read a pairing's outcome another way
(``pairing_outcomes``/``side_outcome``/``played_outcome``) and must not decide a result by
comparing raw scores (``score > against``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RECORDS = "tournaments.results.records"
# Modules that turn pairings into records (each checked to import the records module) and the
# standings selector, which counts the same outcomes the records read (checked in
# test_records.py::test_record_totals_are_the_site_standings).
RECORD_SOURCES = {
    RECORDS: None,
    "tournaments.exports.build": RECORDS,
    "tournaments.exports.model": RECORDS,
    "tournaments.exports.t_lines": RECORDS,
    "tournaments.selectors.tsh": "tournaments.exports.build",
    "tournaments.selectors.exports": "tournaments.exports.build",
    "tournaments.selectors.divisions": "tournaments.results.game_rows",
}
NOT_WRITERS = {"__init__", "build", "model", "names", "refusals", "t_lines"}
OTHER_WRITERS = [
    "tournaments/selectors/tsh.py",
    "ratings/export.py",
    "tournaments/management/commands/standings.py",
    "tournaments/management/commands/export_tsh.py",
    "tournaments/management/commands/export_tou.py",
    "tournaments/management/commands/export_naspa.py",
]
OTHER_READINGS = {"pairing_outcomes", "side_outcome", "played_outcome", "game_results"}
SCORE_NAMES = {
    "score",
    "against",
    "first_score",
    "second_score",
    "points_for",
    "points_against",
    "opponent_score",
}


def writers() -> list[str]:
    found = sorted(
        f"tournaments/exports/{path.name}"
        for path in (ROOT / "tournaments" / "exports").glob("*.py")
        if path.stem not in NOT_WRITERS
    )
    return found + OTHER_WRITERS


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def imported_modules(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    package = module_name(path).rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base]) if base else ".".join(parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def score_comparisons(path: str) -> list[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, ast.Gt | ast.Lt | ast.GtE | ast.LtE | ast.Eq | ast.NotEq)
            for op in node.ops
        ):
            names = {_name(part) for part in [node.left, *node.comparators]}
            if len(names & SCORE_NAMES) >= 1 and not _with_constant(node):
                found.append(f"{path}:{node.lineno}")
    return found


def _name(node) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _with_constant(node: ast.Compare) -> bool:
    """``score is None`` or ``0 <= score <= 999`` bound checks decide no result."""
    return any(isinstance(part, ast.Constant) for part in [node.left, *node.comparators])


def test_the_writer_list_finds_every_export_module():
    names = {Path(p).stem for p in writers()}
    assert {"tou", "tourney_js", "naspa"} <= names
    assert "build" not in names


def test_every_record_source_builds_on_the_records():
    for source, through in RECORD_SOURCES.items():
        if through is None:
            continue
        path = source.replace(".", "/") + ".py"
        assert through in imported_modules(path), f"{source} does not import {through}"


@pytest.mark.parametrize("path", writers())
def test_each_writer_reads_the_records(path):
    imports = imported_modules(path)
    assert imports & set(RECORD_SOURCES), f"{path} reads results without the records"
    other = {name for name in imports if name.rsplit(".", 1)[-1] in OTHER_READINGS}
    assert not other, f"{path} reads pairings another way: {sorted(other)}"


@pytest.mark.parametrize("path", writers())
def test_no_writer_decides_a_result_from_raw_scores(path):
    assert score_comparisons(path) == []


def test_the_checks_catch_a_writer_of_the_old_kind(tmp_path, monkeypatch):
    """The old .tou writer decided the result digit by ``score > against``: caught."""
    old = tmp_path / "old.py"
    old.write_text(
        "from tournaments.results.outcomes import pairing_outcomes\n"
        "def block(cell):\n"
        "    return '2' if cell.score > cell.against else ' '\n"
    )
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert score_comparisons("old.py") == ["old.py:3"]
    imports = imported_modules("old.py")
    assert not imports & set(RECORD_SOURCES)
    assert any(name.endswith("pairing_outcomes") for name in imports)
