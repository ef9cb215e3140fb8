"""Migration 0006 gives every stored pairing a meaning before 0007 adds the constraints."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments.models import Pairing

pytestmark = pytest.mark.django_db(transaction=True)

# Players back where they were then too: a player row of that time has no name parts.
BEFORE = [
    ("tournaments", "0005_alter_tournament_club"),
    ("players", "0003_models_moved_to_core_clubs_ratings"),
]
AFTER = [("tournaments", "0007_pairing_outcome_constraints")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def old_pairings(apps) -> dict[str, int]:
    """One pairing of each meaningless kind, stored before the constraints existed."""
    division = apps.get_model("tournaments", "Division").objects.create(
        tournament=apps.get_model("tournaments", "Tournament").objects.create(
            name="Old event", slug="old-event"
        ),
        name="A",
        rounds=1,
    )
    player_model = apps.get_model("players", "Player")
    entry_model = apps.get_model("tournaments", "Entry")
    a, b = (
        entry_model.objects.create(
            division=division, player=player_model.objects.create(name=name), number=number
        )
        for number, name in ((1, "Anna"), (2, "Ben"))
    )
    rnd = apps.get_model("tournaments", "Round").objects.create(division=division, number=1)
    create = apps.get_model("tournaments", "Pairing").objects.create
    made = {
        "unnamed forfeit": create(round=rnd, first=a, second=b, kind="forfeit"),
        "lone forfeit": create(round=rnd, first=a, kind="forfeit", first_score=-30),
        "lone double forfeit": create(round=rnd, first=b, kind="double_forfeit"),
        "lone played": create(round=rnd, first=a, kind="played", first_score=400),
        "bye with an opponent": create(round=rnd, first=b, second=a, kind="bye"),
        "stray forfeiter": create(
            round=rnd, first=a, second=b, first_score=400, second_score=300, forfeited_by=b
        ),
        "named forfeit": create(round=rnd, first=a, second=b, kind="forfeit", forfeited_by=b),
    }
    return {name: (pairing.pk, a.pk, b.pk) for name, pairing in made.items()}


def test_old_pairings_are_given_the_meaning_the_standings_showed():
    made = old_pairings(migrate(BEFORE))
    migrate(AFTER)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    found = {}
    for name, (pk, a, b) in made.items():
        p = Pairing.objects.get(pk=pk)
        who = {a: "a", b: "b", None: None}
        found[name] = (
            p.kind,
            who[p.first_id],
            who[p.second_id],
            p.first_score,
            p.second_score,
            who[p.forfeited_by_id],
        )
    assert found == {
        "unnamed forfeit": ("played", "a", "b", None, None, None),
        "lone forfeit": ("forfeit", "a", None, -30, None, "a"),
        "lone double forfeit": ("forfeit", "b", None, None, None, "b"),
        "lone played": ("bye", "a", None, None, None, None),
        "bye with an opponent": ("bye", "b", None, None, None, None),
        "stray forfeiter": ("played", "a", "b", 400, 300, None),
        "named forfeit": ("forfeit", "a", "b", None, None, "b"),
    }
