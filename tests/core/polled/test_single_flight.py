"""Single flight (core/polled/single_flight.py): one build however many ask; a waiter takes what
was built meanwhile, or the stale copy after its wait, and never builds a second time."""

from django.core.cache import cache

from core.polled import single_flight
from core.polled.single_flight import build_once


def test_with_no_one_building_it_builds_once_and_frees_the_lock():
    builds = []
    found = build_once("t:lock", ready=lambda: None, build=lambda: builds.append(1) or "new")
    assert (found, builds, cache.get("t:lock")) == ("new", [1], None)


def test_a_waiter_takes_what_the_builder_made_and_builds_nothing(monkeypatch):
    cache.add("t:lock", 1, 10)  # another request is building
    made = iter([None, "theirs"])
    monkeypatch.setattr(single_flight, "sleep", lambda s: None)
    found = build_once("t:lock", ready=lambda: next(made), build=lambda: "mine")
    assert found == "theirs"
    cache.delete("t:lock")


def test_a_waiter_past_its_wait_takes_the_stale_copy_but_not_before(monkeypatch):
    cache.add("t:lock", 1, 10)
    moments = iter([0.0, 0.01, 0.2])
    monkeypatch.setattr(single_flight, "monotonic", lambda: next(moments))
    monkeypatch.setattr(single_flight, "sleep", lambda s: None)
    asked = []
    stale = lambda: asked.append(1) or "previous"  # noqa: E731
    found = build_once("t:lock", ready=lambda: None, build=lambda: "mine", stale=stale, wait=0.1)
    assert (found, asked) == ("previous", [1])  # not asked at 0.01 s, asked at 0.2 s
    cache.delete("t:lock")
