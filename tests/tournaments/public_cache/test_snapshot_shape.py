"""A kept snapshot is read only by code of its own shape: its cache keys carry the shape."""

from dataclasses import dataclass, make_dataclass
from typing import NamedTuple

import pytest
from django.core.cache import cache

from tests.tournaments import reports_world
from tournaments.public_cache import snapshots
from tournaments.selectors.snapshot import SNAPSHOT_SHAPE, shape_tag
from tournaments.selectors.stamps import public_division_stamp


@dataclass
class Row:
    pk: int
    name: str


class Pair(NamedTuple):
    pk: int
    name: str


def row(*names: str) -> type:
    """A dataclass named Row with the fields ``names``, as a later deploy might declare it."""
    return make_dataclass("Row", [(name, int) for name in names])


def test_the_same_fields_give_the_same_tag_and_any_other_fields_another():
    assert shape_tag(row("pk", "name")) == shape_tag(Row)
    assert shape_tag(row("pk", "name", "joins")) != shape_tag(Row)  # gains a field
    assert shape_tag(row("pk")) != shape_tag(Row)  # loses one
    assert shape_tag(row("pk", "title")) != shape_tag(Row)  # renames one
    assert shape_tag(row("name", "pk")) != shape_tag(Row)  # moves one


def test_the_tag_reads_named_tuples_and_every_type_given():
    class Moved(NamedTuple):
        name: str
        pk: int

    Moved.__name__ = "Pair"
    assert shape_tag(Moved) != shape_tag(Pair)
    assert shape_tag(Row, Pair) not in (shape_tag(Row), shape_tag(Pair))
    assert shape_tag(make_dataclass("Kept", [("pk", int), ("name", str)])) != shape_tag(Row)


@pytest.mark.django_db
def test_a_snapshot_kept_by_code_of_another_shape_is_never_read():
    division = reports_world.build()
    stamp = public_division_stamp("spring-open", "A")
    # What a process of an earlier deploy kept under its keys (without a shape, or another one).
    for old in (
        f"desk:snapshot:{division.pk}:{stamp.tag}",
        f"desk:snapshot:0:{division.pk}:{stamp.tag}",
    ):
        cache.set(old, "a snapshot of another shape")
    found = snapshots.cached_snapshot(division, stamp)
    assert (found.division_id, found.tag) == (division.pk, stamp.tag)
    assert SNAPSHOT_SHAPE in snapshots.snapshot_key(division.pk, stamp.tag)
    assert SNAPSHOT_SHAPE in snapshots.latest_key(division.pk)
