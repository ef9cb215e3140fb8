"""Files stay short and functions shorter, so each can be read at once (tests and migrations,
which are lists of cases and of operations, are exempt)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILE_LINES = 400
FUNCTION_LINES = 50
PACKAGES = ["bench", "clubs", "config", "core", "games", "players", "ratings", "tournaments"]


def product_files() -> list[Path]:
    return [
        path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def long_functions(source: str) -> list[str]:
    return [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
    ]


def test_the_checker_counts_a_function_from_def_to_last_line():
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LINES - 1))
    assert long_functions(f"def ok():\n{body}\n") == []
    assert long_functions(f"def long():\n{body}\n    y = 0\n") == ["long (51 lines)"]


@pytest.mark.parametrize("path", product_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_is_short_and_so_are_its_functions(path):
    source = path.read_text(encoding="utf-8")
    assert (source.count("\n") <= FILE_LINES, long_functions(source)) == (True, [])
