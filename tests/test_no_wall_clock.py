"""No test asserts on elapsed wall time, and none sleeps as a margin: on a loaded machine both
fail (or pass) by chance. Time in a test comes from a clock the test controls (a frozen
``timezone.now``, a monkeypatched ``time.time``, Playwright waiting for a state).

Caught, in every test module:
- an ``assert`` that reads a wall clock (``time.time()``, ``perf_counter()``, ``monotonic()``
  and their ``_ns`` forms), or a difference of such a reading (``monotonic() - started``), or
  a name holding such a difference;
- ``time.sleep``, ``asyncio.sleep`` or Playwright's ``wait_for_timeout`` outside a loop: a wait
  of a fixed length for something to have happened. Inside a ``for``/``while`` loop the same
  call is the pause of a bounded poll for a state, which the loop then checks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
CLOCKS = {"time", "perf_counter", "monotonic", "time_ns", "perf_counter_ns", "monotonic_ns"}
SLEEPS = {"sleep", "wait_for_timeout"}


def _is_clock_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr in CLOCKS and isinstance(func.value, ast.Name) and func.value.id == "time"
    return isinstance(func, ast.Name) and func.id in CLOCKS - {"time"}


def _has_clock_call(node: ast.AST) -> bool:
    return any(_is_clock_call(n) for n in ast.walk(node))


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _targets(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Assign):
        return set().union(*(_names(t) for t in node.targets))
    if isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
        return _names(node.target)
    return set()


def _has_timed_difference(node: ast.AST, stamps: set[str]) -> bool:
    """A subtraction with a clock reading (or a name holding one) on either side."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Sub):
            for side in (sub.left, sub.right):
                if _has_clock_call(side) or _names(side) & stamps:
                    return True
    return False


def timed_asserts(tree: ast.AST) -> list[int]:
    """Lines of asserts on a wall-clock reading or on a time elapsed between two."""
    assigns = [n for n in ast.walk(tree) if _targets(n)]
    stamps = {name for n in assigns if _has_clock_call(n.value) for name in _targets(n)}
    elapsed: set[str] = set()
    while True:
        more = {
            name
            for n in assigns
            if _has_timed_difference(n.value, stamps) or _names(n.value) & elapsed
            for name in _targets(n)
        } - elapsed
        if not more:
            break
        elapsed |= more
    return [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Assert)
        and (
            _has_clock_call(n.test)
            or _has_timed_difference(n.test, stamps)
            or _names(n.test) & elapsed
        )
    ]


def _is_sleep(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    func = node.func
    if func.attr == "wait_for_timeout":
        return True
    return (
        func.attr == "sleep"
        and isinstance(func.value, ast.Name)
        and func.value.id
        in (
            "time",
            "asyncio",
        )
    )


def margin_sleeps(tree: ast.AST) -> list[int]:
    """Lines of sleeps that are not the pause of a loop polling for a state."""
    found: list[int] = []

    def visit(node: ast.AST, in_loop: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            in_loop = False
        if _is_sleep(node) and not in_loop:
            found.append(node.lineno)
        looping = in_loop or isinstance(node, ast.For | ast.While | ast.AsyncFor)
        for child in ast.iter_child_nodes(node):
            visit(child, looping)

    visit(tree, False)
    return found


def _modules() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if p.name != Path(__file__).name)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(TESTS)))
def test_no_test_asserts_on_wall_time_or_sleeps_as_a_margin(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert timed_asserts(tree) == [], "an assert on elapsed wall time"
    assert margin_sleeps(tree) == [], "a sleep as a margin: wait for a state instead"


TIMED = """
import time
def test_quick():
    started = time.monotonic()
    work()
    took = time.monotonic() - started
    assert took < 0.1
def test_direct():
    t0 = time.perf_counter()
    assert time.perf_counter() - t0 < 1
def test_read_at():
    before, read_at = shown(), time.time()
    after = shown()
    assert abs(after - (before - (time.time() - read_at))) <= 1
"""

UNTIMED = """
import time
def test_frozen(monkeypatch):
    now = time.time()
    monkeypatch.setattr(signing.time, "time", lambda: now - 61)
    assert check() is False
def test_printed():
    started = time.monotonic()
    work()
    print(time.monotonic() - started)
    assert done()
"""

SLEPT = """
import time
def test_margin(page):
    click()
    time.sleep(0.5)
    page.wait_for_timeout(300)
    assert done()
def fake(request):
    for attempt in range(3):
        def inner():
            time.sleep(60)
"""

POLLED = """
import time
def test_polls(page):
    for _ in range(100):
        if ready():
            break
        page.wait_for_timeout(50)
    while not ready():
        time.sleep(0.05)
    assert ready()
"""


def test_the_checker_finds_each_kind_of_timed_assert():
    assert timed_asserts(ast.parse(TIMED)) == [7, 10, 14]
    assert timed_asserts(ast.parse(UNTIMED)) == []


def test_the_checker_finds_a_margin_sleep_but_not_a_polling_pause():
    assert margin_sleeps(ast.parse(SLEPT)) == [5, 6, 11]
    assert margin_sleeps(ast.parse(POLLED)) == []


def test_hypothesis_sets_no_deadline_and_no_slowness_check():
    from hypothesis import HealthCheck, settings

    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check
