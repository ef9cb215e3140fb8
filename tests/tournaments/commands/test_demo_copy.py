"""The copy of the demo that tests get (tests/demo_copy.py) is what a fresh build makes: every
row of every table with the same primary key and values, the same files in the storages, the
same cache entries and the next ids where a build leaves them; in a test that rolls back (the
build's commit hooks never run) and in a transactional one (they run: restore points stored).

What no two builds share is left out: the moments (the clock), a password's salt, the random
part of a restore point's file name and the random versions in the cache. A copy is the
build's own rows, so any other difference is a fault of the copy."""

import gzip
import json
import re

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db import transaction

import config.demo
from tests import demo_copy
from tests.demo_copy import COMMITTED, PENDING, Capture, concrete_models, load_demo_copy

MOMENT = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?|\d{8}T\d{6}")
POINT_NAME = re.compile(r"(?<=-)[0-9a-f]{8}(?=\.json\.gz$)")


def same(value):
    """``value`` with what differs between any two builds replaced by its kind."""
    if hasattr(value, "isoformat") and hasattr(value, "hour"):
        return "<moment>"
    if isinstance(value, str):
        return POINT_NAME.sub("<random>", MOMENT.sub("<moment>", value))
    if isinstance(value, dict):
        return {same(k): same(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [same(v) for v in value]
    return value


def row_picture(model, row: tuple) -> list:
    names = demo_copy.attnames(model)
    values = dict(zip(names, row, strict=True))
    if "password" in values and model._meta.label == "auth.User":
        values["password"] = values["password"].split("$")[0]  # the hasher, not the salt
    if model._meta.label == "tournaments.RestorePoint":
        values["size"] = values["sha256"] = "<of the file>"  # the file holds the moments
    if values.get("object_type") == "tournaments.restorepoint" and values.get("after"):
        values["after"] = values["after"] | {"size": "<of the file>"}
    return same([values[name] for name in names])


def file_picture(name: str, data: bytes):
    if name.endswith(".gz"):
        return same(json.loads(gzip.decompress(data)))
    return data


def world() -> dict:
    """Every row of every table, every stored file, the cache's keys and the next ids."""
    rows = {
        model._meta.label: [row_picture(model, row) for _, row in sorted(found.items())]
        for model in concrete_models()
        for found in [demo_copy.table_rows(model)]
    }
    files = {
        alias: sorted(
            ((same(name), file_picture(name, data)) for name, data in found.items()), key=repr
        )
        for alias, found in demo_copy.stored_files().items()
    }
    kept = demo_copy.cache_entries()
    return {"rows": rows, "files": files, "cache": sorted(kept), "next ids": next_ids()}


def next_ids() -> dict:
    """The id the next row of each table the demo fills gets (the row rolled back)."""
    from django.contrib.auth import get_user_model

    from players.models import Player
    from tournaments.models import Tournament

    found = {}
    for model, values in (
        (get_user_model(), {"username": "next"}),
        (Player, {"name": "Next"}),
        (Tournament, {"name": "Next", "slug": "next", "start_date": "2026-01-01"}),
    ):
        with transaction.atomic():
            found[model._meta.label] = model.objects.create(**values).pk
            transaction.set_rollback(True)
    return found


def refuse_to_build(*args, **kwargs):
    raise AssertionError("the real builder ran: no copy was made")


def copied_world(monkeypatch, kind: str) -> tuple[dict, dict]:
    """The world a copy leaves (the demo captured first if it was not yet)."""
    if kind == PENDING:
        with transaction.atomic():
            load_demo_copy()  # captures, if no test did before, and copies
            transaction.set_rollback(True)
    else:
        load_demo_copy()
        take_away(demo_copy._captures[COMMITTED])
    cache.clear()
    with monkeypatch.context() as patch:
        patch.setattr(demo_copy, "load_demo", refuse_to_build)
        outcome = load_demo_copy()
    assert_exactly_the_capture(demo_copy._captures[kind])
    return outcome, world()


def assert_exactly_the_capture(capture) -> None:
    """The copy holds the captured rows as they were read, moments and salts too, the files
    byte for byte and the cache entries as kept."""
    for label, (names, found) in capture.rows.items():
        model = apps.get_model(label)
        at = names.index(model._meta.pk.attname)
        assert demo_copy.table_rows(model) == {row[at]: row for row in found}, label
    for alias, found in capture.files.items():
        stored = demo_copy.stored_files()[alias]
        assert {name: stored.get(name) for name in found} == found
    kept = demo_copy.cache_entries()
    assert {key: kept.get(key) for key in capture.cache} == capture.cache


@pytest.mark.django_db
def test_a_copy_of_the_demo_is_a_fresh_build_in_a_test_that_rolls_back(monkeypatch):
    with transaction.atomic():
        copied, copy = copied_world(monkeypatch, PENDING)
        transaction.set_rollback(True)
    cache.clear()
    with transaction.atomic():
        demo_copy.reset_sequences(concrete_models())
        built = config.demo.load_demo()
        fresh = world()
        transaction.set_rollback(True)
    assert copy == fresh
    assert copy["rows"]["tournaments.Tournament"] and not copy["rows"]["tournaments.RestorePoint"]
    assert {k: v for k, v in copied.items() if k != "director"} == {
        k: v for k, v in built.items() if k != "director"
    }
    assert copied["director"].username == built["director"].username == "director"
    assert PENDING in demo_copy._captures


@pytest.mark.django_db(transaction=True)
def test_a_copy_of_the_demo_is_a_fresh_build_in_a_transactional_test(monkeypatch):
    _, copy = copied_world(monkeypatch, COMMITTED)
    take_away(demo_copy._captures[COMMITTED])
    config.demo.load_demo()
    fresh = world()
    assert copy == fresh
    assert copy["rows"]["tournaments.RestorePoint"] and copy["files"]["restore_points"]


def take_away(capture) -> None:
    """Back to the database a build starts from, after a committed copy."""
    demo_copy.remove(capture)
    demo_copy.reset_sequences(concrete_models())
    cache.clear()


@pytest.mark.django_db
def test_a_database_with_rows_of_its_own_gets_the_real_build(monkeypatch, director):
    monkeypatch.setitem(demo_copy._captures, PENDING, Capture(base_counts={}, rows={}))
    built = []
    monkeypatch.setattr(demo_copy, "load_demo", lambda: built.append(1) or {"created": True})
    load_demo_copy()
    assert built == [1]
