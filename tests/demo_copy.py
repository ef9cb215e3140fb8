"""The quickstart demo built once and copied into each test that asks for it.

``config.demo.load_demo()`` builds the demo through the services: 11-23 s of a loaded machine,
paid by every test that needs the demo. ``load_demo_copy()`` builds it once a run (the first
test to ask builds it and keeps what it added; the workers of pytest-xdist share that through a
file under a lock) and gives every later test the same rows with the same primary keys, the
same files in the storages and the same cache entries, in a fraction of a second:

- the rows every concrete model gained, inserted as they were read (no ``save()``, no signal, no
  clock: ``auto_now`` fields keep the build's moments), then the sequences (PostgreSQL) and
  ``sqlite_sequence`` (SQLite) set past them, as a build in an empty database leaves them;
- the files the build wrote to a file-system storage (restore points), byte for byte, under the
  same names in the storage the test has now;
- the cache entries the build made (the events' versions), as it left them.

Two kinds of build, as a test sees them: inside a transaction (a test that rolls back) the
demo's commit hooks never run, so it takes no restore point; in a transactional test (the
browser tests) its commit runs them and the round ends' restore points are stored. The kind is
chosen by whether a transaction is open when the copy is asked for.

The copy is made only onto the database a build starts from (the rows of the migrations and
nothing else: the same count of rows in every table as when the demo was captured); on any
other database, or a second call, the real builder runs. ``tests/tournaments/commands/
test_demo_copy.py`` checks that a copy equals a fresh build, row by row, file by file.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.storage import FileSystemStorage, storages
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.db.models.sql import InsertQuery

from config.demo import DIRECTOR_USERNAME, load_demo

PENDING, COMMITTED = "pending", "committed"


@dataclass
class Capture:
    base_counts: dict[str, int]
    rows: dict[str, tuple[list[str], list[tuple]]]  # model label: (attnames, rows by pk)
    files: dict[str, dict[str, bytes]] = field(default_factory=dict)  # storage: name: bytes
    cache: dict = field(default_factory=dict)
    players: int = 0


_captures: dict[str, Capture] = {}


class BuiltForReal(Exception):
    """The demo was built and committed on a database no copy is made from: it stays."""

    def __init__(self, outcome: dict):
        super().__init__()
        self.outcome = outcome


def load_demo_copy() -> dict:
    """What ``load_demo()`` returns, with the database, files and cache it would leave."""
    kind = PENDING if connection.in_atomic_block else COMMITTED
    try:
        capture = _captures.get(kind) or _shared(kind)
    except BuiltForReal as built:
        return built.outcome
    if capture is None:
        return load_demo()
    if count_rows() != capture.base_counts:
        return load_demo()  # not the database a build starts from: build it for real
    put(capture)
    director = get_user_model().objects.get(username=DIRECTOR_USERNAME)
    return {"created": True, "director": director, "players": capture.players}


# Which models, how many rows ---------------------------------------------------------------------


def concrete_models() -> list[type[models.Model]]:
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def count_rows() -> dict[str, int]:
    """Each table's count of rows, in one query."""
    qn = connection.ops.quote_name
    tables = [model._meta.db_table for model in concrete_models()]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {qn(t)})" for t in tables))
        counts = cursor.fetchone()
    return dict(zip(tables, counts, strict=True))


def attnames(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def table_rows(model) -> dict:
    names = attnames(model)
    at = names.index(model._meta.pk.attname)
    return {row[at]: row for row in model._base_manager.order_by().values_list(*names)}


def all_rows() -> dict[str, dict]:
    return {model._meta.label: table_rows(model) for model in concrete_models()}


# Building and capturing --------------------------------------------------------------------------


def _shared(kind: str) -> Capture | None:
    """The capture of this kind: built here, or read from the file another worker wrote."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return _build(kind)
    path = Path(tempfile.gettempdir()) / f"desk-demo-{run}-{connection.vendor}-{kind}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            _captures[kind] = pickle.loads(path.read_bytes())
            return _captures[kind]
        capture = _build(kind)
        if capture is not None:
            path.with_suffix(".part").write_bytes(pickle.dumps(capture))
            path.with_suffix(".part").rename(path)  # whole or not at all
    return capture


def _build(kind: str) -> Capture | None:
    """Build the demo, keep what it added and take it all away again. None when this database
    is not one a build starts from (a table the demo writes to has rows already)."""
    counts = count_rows()
    before, files, kept = all_rows(), stored_files(), cache_entries()
    reset_sequences(concrete_models())
    if kind == PENDING:
        with transaction.atomic():
            outcome = load_demo()
            capture = _added(counts, before, files, kept)
            transaction.set_rollback(True)
    else:
        outcome = load_demo()  # committed: its commit hooks run, as in a transactional test
        capture = _added(counts, before, files, kept)
        if capture is None:
            raise BuiltForReal(outcome)
        remove(capture)
    restore_cache(kept)
    reset_sequences(concrete_models())
    if capture is None or not outcome["created"]:
        return None
    capture.players = outcome["players"]
    _captures[kind] = capture
    return capture


def _added(counts, before, files, kept) -> Capture | None:
    after = all_rows()
    rows = {}
    for model in concrete_models():
        label = model._meta.label
        old, new = before[label], after[label]
        if any(new.get(pk) != row for pk, row in old.items()):
            raise AssertionError(f"the demo changed or deleted rows of {label}: copy it too")
        added = [row for pk, row in new.items() if pk not in old]
        if added and old:
            return None  # a table the demo writes to was not empty: no copy of this one
        if added:
            rows[label] = (attnames(model), added)
    check_closed(rows)
    written = {
        alias: {name: data for name, data in found.items() if files[alias].get(name) != data}
        for alias, found in stored_files().items()
    }
    now = cache_entries()
    entries = {key: value for key, value in now.items() if kept.get(key) != value}
    return Capture(base_counts=counts, rows=rows, files=written, cache=entries)


def check_closed(rows: dict) -> None:
    """Every key the demo's rows hold points at a row of the demo (or nowhere): the copy needs
    no row but its own."""
    ids = {label: {row[names.index(apps.get_model(label)._meta.pk.attname)] for row in found}
           for label, (names, found) in rows.items()}  # fmt: skip
    for label, (names, found) in rows.items():
        for f in apps.get_model(label)._meta.concrete_fields:
            if not f.is_relation:
                continue
            target = f.related_model._meta.concrete_model._meta.label
            at = names.index(f.attname)
            stray = {row[at] for row in found} - ids.get(target, set()) - {None}
            if stray:
                raise AssertionError(f"{label}.{f.name} points outside the demo: {stray}")


# Putting it back and taking it away --------------------------------------------------------------


def put(capture: Capture) -> None:
    with transaction.atomic():
        for label, (names, found) in capture.rows.items():
            insert(apps.get_model(label), names, found)
        reset_sequences([apps.get_model(label) for label in capture.rows])
    for alias, found in capture.files.items():
        storage = storages[alias]
        for name, data in found.items():
            path = Path(storage.path(name))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    put_cache(capture.cache)


def insert(model, names: list[str], found: list[tuple]) -> None:
    """The rows as they are (``raw``: no ``pre_save``, so ``auto_now`` keeps its moment)."""
    fields = model._meta.concrete_fields
    objs = [SimpleNamespace(**dict(zip(names, row, strict=True))) for row in found]
    size = connection.ops.bulk_batch_size(fields, objs) or len(objs)
    for start in range(0, len(objs), size):
        query = InsertQuery(model)
        query.insert_values(fields, objs[start : start + size], raw=True)
        query.get_compiler(connection=connection).execute_sql()


def remove(capture: Capture) -> None:
    """Delete the demo's rows and files (the keys are checked at the commit: any order)."""
    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for label, (names, found) in capture.rows.items():
            meta = apps.get_model(label)._meta
            at = names.index(meta.pk.attname)
            for row in found:
                sql = f"DELETE FROM {qn(meta.db_table)} WHERE {qn(meta.pk.column)} = %s"
                cursor.execute(sql, [row[at]])
    for alias, found in capture.files.items():
        for name in found:
            storages[alias].delete(name)


def reset_sequences(models_: list) -> None:
    """Each table's next id just past its largest, as in a database the demo was built in."""
    with connection.cursor() as cursor:
        if connection.vendor != "sqlite":
            for sql in connection.ops.sequence_reset_sql(no_style(), models_):
                cursor.execute(sql)
            return
        qn = connection.ops.quote_name
        for model in models_:
            if not isinstance(model._meta.pk, models.AutoField | models.BigAutoField):
                continue
            table = model._meta.db_table
            cursor.execute(f"SELECT MAX({qn(model._meta.pk.column)}) FROM {qn(table)}")
            largest = cursor.fetchone()[0]
            cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
            if largest is not None:
                cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)",
                               [table, largest])  # fmt: skip


# Files and cache -------------------------------------------------------------------------------


def file_storages() -> dict[str, FileSystemStorage]:
    from django.conf import settings

    return {
        alias: storages[alias]
        for alias in settings.STORAGES
        if isinstance(storages[alias], FileSystemStorage) and not alias.startswith("staticfiles")
    }


def stored_files() -> dict[str, dict[str, bytes]]:
    found = {}
    for alias, storage in file_storages().items():
        root = Path(storage.location)
        paths = root.rglob("*") if root.is_dir() else []
        found[alias] = {
            p.relative_to(root).as_posix(): p.read_bytes() for p in paths if p.is_file()
        }
    return found


def cache_entries() -> dict:
    """Every entry of the cache as stored (pickled), with its expiry."""
    store = cache._cache
    if isinstance(store, dict):  # the per-process cache
        return {key: (value, cache._expire_info.get(key)) for key, value in store.items()}
    client = store.get_client(write=True)
    return {key: (client.dump(key), client.pttl(key)) for key in client.scan_iter("*")}


def put_cache(entries: dict) -> None:
    store = cache._cache
    if isinstance(store, dict):
        for key, (value, expiry) in entries.items():
            store[key] = value
            cache._expire_info[key] = expiry
        return
    client = store.get_client(write=True)
    for key, (value, ttl) in entries.items():
        client.restore(key, max(ttl, 0), value, replace=True)


def restore_cache(entries: dict) -> None:
    cache.clear()
    put_cache(entries)
