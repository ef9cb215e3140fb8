"""The mutation check of ``bench mutants`` stays runnable: every line it changes is still there,
exactly once, so a refactor that moves a guarded line shows up here instead of as a crash."""

import pytest

from bench.mutants import MUTANTS, ROOT, SIBLINGS
from bench.mutants_seen import SEEN

EVERY = MUTANTS + SIBLINGS + SEEN


@pytest.mark.parametrize("mutant", EVERY, ids=[m.name for m in EVERY])
def test_each_mutated_line_occurs_once_and_its_tests_exist(mutant):
    assert (ROOT / mutant.path).read_text(encoding="utf-8").count(mutant.old) == 1
    assert mutant.old != mutant.new
    for test in mutant.tests:
        assert (ROOT / test).exists()
