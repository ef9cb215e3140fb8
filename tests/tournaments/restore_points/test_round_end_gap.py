"""A big event's divisions that end rounds moments apart share one round-end point: a round end
takes its own only when the newest round-end point is older than the event's size allows
(``RESTORE_POINT_GAP_MS_PER_ENTRY`` ms an entry). Time comes from the test's own clock
(``timezone.now`` stands still until the test moves it), never from the wall."""

import datetime
from datetime import timedelta
from unittest import mock

import pytest

from tests import factories
from tournaments.models import RestorePoint

from .world import pair, play_round, points_of

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


class Clock:
    """``timezone.now`` for a test: it reads ``at`` and moves only when told."""

    def __init__(self, at: datetime.datetime) -> None:
        self.at = at

    def __call__(self) -> datetime.datetime:
        return self.at

    def advance(self, by: timedelta) -> None:
        self.at += by


@pytest.fixture
def clock():
    ticking = Clock(T0)
    with mock.patch("django.utils.timezone.now", ticking):
        yield ticking


def two_divisions(director):
    """Divisions A and B of 4 entries each: 8 entries in the event."""
    event = factories.tournament(director=director)
    divisions = [factories.division(event, name=name, rounds=3) for name in ("A", "B")]
    for division in divisions:
        factories.entries(division, 4)
    return event, divisions


@pytest.mark.parametrize(
    ("age", "taken"),
    [
        (timedelta(seconds=3, microseconds=999_999), False),
        (timedelta(seconds=4), False),
        (timedelta(seconds=4, microseconds=1), True),
    ],
)
def test_a_round_end_inside_the_gap_takes_no_point_and_one_after_it_does(
    director, settings, django_capture_on_commit_callbacks, clock, age, taken
):
    settings.RESTORE_POINT_GAP_MS_PER_ENTRY = 500  # 8 entries: a gap of 4 s
    capture = django_capture_on_commit_callbacks
    event, (a, b) = two_divisions(director)
    for division in (a, b):
        pair(director, division, 1, capture)
    play_round(director, a, 1, capture)
    assert points_of(event).count(("round_end", "A", 1, director.username)) == 1
    assert RestorePoint.objects.get(tournament=event, reason="round_end").taken_at == T0
    clock.advance(age)
    play_round(director, b, 1, capture)
    assert (("round_end", "B", 1, director.username) in points_of(event)) is taken


def test_pairing_points_never_hold_back_a_round_end(
    director, settings, django_capture_on_commit_callbacks, clock
):
    settings.RESTORE_POINT_GAP_MS_PER_ENTRY = 1000  # 8 entries: 8 s
    capture = django_capture_on_commit_callbacks
    event, (a, _b) = two_divisions(director)
    pair(director, a, 1, capture)  # a point of the pairing, taken a moment ago
    play_round(director, a, 1, capture)
    assert [reason for reason, *_ in points_of(event)] == ["pairing", "round_end"]


def test_without_a_gap_every_round_end_takes_its_point(
    director, settings, django_capture_on_commit_callbacks
):
    settings.RESTORE_POINT_GAP_MS_PER_ENTRY = 0
    capture = django_capture_on_commit_callbacks
    event, (a, b) = two_divisions(director)
    for division in (a, b):
        pair(director, division, 1, capture)
        play_round(director, division, 1, capture)
    ends = [(division, number) for reason, division, number, _ in points_of(event)
            if reason == "round_end"]  # fmt: skip
    assert ends == [("A", 1), ("B", 1)]
