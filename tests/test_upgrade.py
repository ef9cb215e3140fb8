"""A database made before the apps were split upgrades with every row kept.

`tests/fixtures/db_at_f8ccbc0.sqlite3` is the quickstart demo as commit f8ccbc0 built it, when
clubs, ratings and the audit log still lived in `players`. Migrating a copy of it must keep every
player, club, event, result, rating and audit entry, and turn the audit entries' text scope
"tournament:<pk>" into the foreign key.
"""

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "db_at_f8ccbc0.sqlite3"

# Old table -> new table, and the rows the demo had in each.
MOVED = {
    "players_player": ("players_player", 34),
    "players_club": ("clubs_club", 1),
    "players_membership": ("clubs_membership", 30),
    "players_clubsession": ("clubs_clubsession", 1),
    "players_attendance": ("clubs_attendance", 12),
    "players_casualgame": ("clubs_casualgame", 6),
    "players_auditentry": ("core_auditentry", 280),
    "players_ratinglist": ("ratings_ratinglist", 2),
    "players_playerrating": ("ratings_playerrating", 64),
    "players_ratingevent": ("ratings_ratingevent", 2),
    "players_ratingchange": ("ratings_ratingchange", 42),
    "tournaments_tournament": ("tournaments_tournament", 2),
    "tournaments_entry": ("tournaments_entry", 51),
    "tournaments_pairing": ("tournaments_pairing", 146),
}


def rows(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchall()


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> tuple[Path, Path]:
    before = tmp_path_factory.mktemp("upgrade") / "before.sqlite3"
    after = before.with_name("after.sqlite3")
    shutil.copy(FIXTURE, before)
    shutil.copy(FIXTURE, after)
    env = os.environ | {"DATABASE_URL": f"sqlite:///{after}"}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    return before, after


def test_fixture_is_the_old_layout():
    tables = {name for (name,) in rows(FIXTURE, "SELECT name FROM sqlite_master")}
    assert {"players_club", "players_auditentry", "players_ratinglist"} <= tables
    assert "clubs_club" not in tables


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_row_survives_the_move(upgraded, old):
    before, after = upgraded
    new, count = MOVED[old]
    old_rows = rows(before, f"SELECT * FROM {old} ORDER BY id")
    # Columns added since are not the old rows' business: compare the old columns only.
    columns = ", ".join(f'"{name}"' for _, name, *_ in rows(before, f"PRAGMA table_info({old})"))
    new_rows = rows(after, f"SELECT {columns} FROM {new} ORDER BY id")
    assert len(old_rows) == count
    if new == "core_auditentry":  # gains the tournament column; scope and type are rewritten
        assert [r[0] for r in new_rows] == [r[0] for r in old_rows]
    else:
        assert new_rows == old_rows


def test_tournament_scopes_become_foreign_keys(upgraded):
    before, after = upgraded
    old = dict(rows(before, "SELECT id, scope FROM players_auditentry"))
    new = {
        i: (t, s) for i, t, s in rows(after, "SELECT id, tournament_id, scope FROM core_auditentry")
    }
    for pk, scope in old.items():
        if scope.startswith("tournament:"):
            assert new[pk] == (int(scope.split(":")[1]), "")
        else:
            assert new[pk] == (None, scope)
    assert sum(1 for scope in old.values() if scope.startswith("tournament:")) == 205


def test_object_types_follow_the_models_to_their_new_apps(upgraded):
    _, after = upgraded
    types = {t for (t,) in rows(after, "SELECT DISTINCT object_type FROM core_auditentry")}
    assert "clubs.casualgame" in types
    assert not {t for t in types if t.startswith("players.") and t != "players.player"}


def test_foreign_keys_still_hold(upgraded):
    _, after = upgraded
    assert rows(after, "PRAGMA foreign_key_check") == []
    club_of_events = rows(
        after, "SELECT COUNT(*) FROM tournaments_tournament WHERE club_id IS NOT NULL"
    )
    assert club_of_events == [(2,)]
