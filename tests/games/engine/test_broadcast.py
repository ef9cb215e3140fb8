"""The pure broadcast rules: bounds, who is shown, the delay's cut-off, racks."""

import pytest

from games.engine.broadcast import (
    BroadcastRefused,
    checked_delay,
    checked_top_tables,
    cutoff_ms,
    is_broadcast,
    racks_shown,
    used_seconds,
    visible_entries,
)


@pytest.mark.parametrize("minutes", [0, 60])
def test_a_delay_from_0_to_60_minutes_is_taken(minutes):
    assert checked_delay(minutes) == minutes


@pytest.mark.parametrize("minutes", [-1, 61, True, "5"])
def test_a_delay_outside_0_to_60_minutes_is_refused(minutes):
    with pytest.raises(BroadcastRefused) as caught:
        checked_delay(minutes)
    assert str(caught.value) == "A broadcast delay is from 0 to 60 minutes (0: no delay)."


@pytest.mark.parametrize(("tables", "taken"), [(0, True), (50, True), (-1, False), (51, False)])
def test_top_tables_are_0_to_50(tables, taken):
    if taken:
        assert checked_top_tables(tables) == tables
    else:
        with pytest.raises(BroadcastRefused):
            checked_top_tables(tables)


def test_a_private_event_is_never_broadcast_even_marked_at_table_one():
    assert not is_broadcast(public=False, marked=True, table=1, top_tables=5)


@pytest.mark.parametrize(
    ("marked", "table", "top", "shown"),
    [(True, 9, 0, True), (False, 3, 3, True), (False, 4, 3, False), (False, None, 3, False)],
)
def test_a_public_game_is_shown_when_marked_or_at_a_top_table(marked, table, top, shown):
    assert is_broadcast(public=True, marked=marked, table=table, top_tables=top) is shown


def test_the_cut_off_is_the_delay_before_now():
    assert cutoff_ms(10_000_000, 0) == 10_000_000
    assert cutoff_ms(10_000_000, 2) == 10_000_000 - 120_000


def test_an_entry_saved_at_the_cut_off_shows_and_one_a_millisecond_later_does_not():
    assert visible_entries([100, 200, 300], 200) == 2
    assert visible_entries([100, 201, 300], 200) == 1


def test_a_changed_entry_hides_it_and_every_later_one():
    # the second entry was challenged later than the third was saved
    assert visible_entries([100, 900, 300], 500) == 1


def test_entries_saved_before_moments_were_kept_show():
    assert visible_entries([None, None, 100], 50) == 2


def test_racks_show_from_a_15_minute_delay():
    assert not racks_shown(14)
    assert racks_shown(15)


def test_used_seconds_add_up_by_side_and_skip_unknown_times():
    assert used_seconds([(0, 20), (1, 30), (0, None), (0, 5)]) == (25, 30)
