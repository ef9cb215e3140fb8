"""Every list of pairing systems the code reads is a projection of the registry's entries, and
no module keeps a list of system names of its own."""

import ast
from dataclasses import fields, replace
from pathlib import Path

import pytest

from pairing import registry
from pairing.registry import (
    LISTS,
    SYSTEMS,
    Kind,
    Need,
    RepeatLimit,
    System,
    TeamMates,
    lists_of,
)
from pairing.why import Style

ROOT = Path(__file__).resolve().parents[2]

# The lists as the code kept them by hand before the registry held the facts.
KEPT_BEFORE = {
    "scheduled": {"roundrobin", "double_roundrobin", "quads", "fontes"},
    "explained": {"swiss", "koth"},
    "limit_ignored": {
        "queen",
        "factor",
        "manual",
        "roundrobin",
        "double_roundrobin",
        "quads",
        "fontes",
        "random",  # pair a draw or the ratings' order, whatever the games before (a repeat
        "seeded",  # warning the page once left out)
    },
    "separated": {"koth", "queen", "factor", "random", "seeded"},
    "ordered": {"koth", "queen", "factor", "seeded"},
    "standings": {"swiss", "koth", "queen", "factor", "random", "seeded"},
    "rederived": set(SYSTEMS) - {"manual"},
    "fewest_repeats": {"swiss"},
    "logged": {"cop"},
}


@pytest.mark.parametrize("name", sorted(KEPT_BEFORE))
def test_each_derived_list_names_the_systems_the_code_kept_by_hand(name):
    assert getattr(LISTS, name) == KEPT_BEFORE[name]


def test_a_hand_pairing_is_held_to_no_rule_of_the_checker():
    assert "manual" not in LISTS.sided | LISTS.standings | LISTS.ordered | LISTS.rederived
    assert LISTS.sided == set(SYSTEMS) - LISTS.scheduled - {"manual"}


def test_every_system_has_its_title_and_the_bracket_round_one_beside_them():
    assert set(LISTS.titles) == set(SYSTEMS)
    assert all(LISTS.titles[name] for name in SYSTEMS)
    assert set(registry.ROUND_TITLES) == set(SYSTEMS) | {registry.BRACKET_ROUND}
    assert registry.BRACKET_ROUND not in SYSTEMS


def test_module_constants_are_the_registry_lists():
    assert LISTS.titles == registry.SYSTEM_TITLES
    assert LISTS.scheduled == registry.SCHEDULED_SYSTEMS
    assert LISTS.limit_ignored == registry.LIMIT_IGNORED
    assert LISTS.explained == registry.EXPLAINED_SYSTEMS
    assert LISTS.standings == registry.STANDINGS_SYSTEMS


def _fake(**changes) -> System:
    base = System("fake", "Fake", SYSTEMS["swiss"].pair, frozenset({Need.STANDINGS}))
    return replace(base, **changes)


FAKE_SHOWS_IN = [
    ("scheduled", {"kind": Kind.SCHEDULED}),
    ("logged", {"kind": Kind.WHOLE_FIELD, "logged": SYSTEMS["cop"].logged}),
    ("explained", {"why": Style.SCORE_GROUPS}),
    ("limit_ignored", {"repeat_limit": RepeatLimit.IGNORED}),
    ("separated", {"team_mates": TeamMates.SEPARATED}),
    ("rederived", {}),
    ("ordered", {"ordered": True}),
    ("standings", {}),
    ("sided", {}),
    ("fewest_repeats", {"repeat_limit": RepeatLimit.FEWEST}),
]


@pytest.mark.parametrize(("name", "changes"), FAKE_SHOWS_IN)
def test_a_system_added_to_the_registry_shows_up_in_each_list(name, changes):
    plain = _fake(repeat_limit=RepeatLimit.KEPT, team_mates=TeamMates.IGNORED, rederived=False)
    assert "fake" not in getattr(lists_of({**SYSTEMS, "fake": plain}), name)
    added = lists_of({**SYSTEMS, "fake": _fake(**changes)})
    assert "fake" in getattr(added, name)
    assert added.titles["fake"] == "Fake"


def test_every_list_is_tried_with_a_fake_system():
    assert {f.name for f in fields(LISTS)} == {n for n, _ in FAKE_SHOWS_IN} | {"titles"}


def _lists_of_system_names(tree: ast.AST) -> list[int]:
    """Lines holding a literal of two or more system names, or comparing a system to one."""
    names = set(SYSTEMS)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.List | ast.Tuple | ast.Dict):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            strings = {i.value for i in items if isinstance(i, ast.Constant)}
            if len(strings & names) >= 2:
                found.append(node.lineno)
        elif isinstance(node, ast.Compare):
            constants = [c.value for c in node.comparators if isinstance(c, ast.Constant)]
            if "system" in ast.unparse(node.left) and set(constants) & names:
                found.append(node.lineno)
    return found


def test_no_product_module_keeps_its_own_list_of_systems():
    kept, scanned = {}, set()
    for folder in ("tournaments", "pairing", "games", "ratings", "clubs", "players", "core"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            scanned.add(str(path.relative_to(ROOT)))
            if path.name == "registry.py" or "migrations" in path.parts:
                continue
            lines = _lists_of_system_names(ast.parse(path.read_text(encoding="utf-8")))
            if lines:
                kept[str(path.relative_to(ROOT))] = lines
    assert {"pairing/why.py", "pairing/teams.py", "tournaments/pair_check/__init__.py"} <= scanned
    assert kept == {}
