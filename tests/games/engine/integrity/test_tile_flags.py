"""Tiles: more of a tile on the board than the set holds, a rack over the rack size, a rack
holding tiles no longer unseen, and tiles unaccounted for when a player goes out. Each on a
record built to raise it and on its nearest clean neighbour."""

from dataclasses import replace

from bench.records import random_record
from games.engine.gcg import EventKind, GcgEvent
from games.engine.integrity import flags as F
from games.engine.tiles import rack_value

from .records import codes, flags_of, record, with_event


def test_a_rack_of_seven_is_clean_and_a_rack_of_eight_is_flagged():
    seven = record(("AEINRST", "8G AT"))
    assert codes(seven) == []
    eight = record(("AEINRSTE", "8G AT"))
    assert codes(eight) == [(F.RACK_TOO_BIG, 3)]
    assert flags_of(eight)[0].params == {"rack": "AEINRSTE", "count": 8, "most": 7}


def test_the_sets_one_z_is_clean_and_a_second_z_is_flagged():
    one = record(("", "8G ZA"), ("", "9G AT"))
    assert codes(one) == []
    two = record(("", "8G ZA"), ("", "H8 .ZO"))
    assert codes(two) == [(F.OVER_DISTRIBUTION, 4)]
    assert flags_of(two)[0].params == {"tile": "Z", "count": 2, "most": 1}


def test_two_blanks_are_clean_and_a_third_is_flagged():
    two = record(("", "8G zA"), ("", "H8 .aE"))
    assert codes(two) == []
    three = record(("", "8G zA"), ("", "H8 .aE"), ("", "9H .oX"))
    assert codes(three) == [(F.OVER_DISTRIBUTION, 5)]
    assert flags_of(three)[0].params["tile"] == "?"


def test_a_withdrawn_phony_gives_its_tiles_back():
    played = record(("", "8G ZA")).events[0]
    again = replace(record(("", "8G ZO")).events[0], player=1, line=5)
    back = GcgEvent(EventKind.PHONY_WITHDRAWN, 0, -played.score, 0, line=4)
    game = replace(record(), events=(played, back, again))
    assert codes(game) == []
    kept = record(("", "8G ZA"), ("", "H8 .ZO"))  # not taken back: two Zs on the board
    assert codes(kept) == [(F.OVER_DISTRIBUTION, 4)]


def test_a_rack_of_unseen_tiles_is_clean_and_one_holding_a_played_z_is_flagged():
    clean = record(("ZAEIORT", "8G ZA"), ("EEIORTS", "9G IT"))
    assert codes(clean) == []
    seen = record(("ZAEIORT", "8G ZA"), ("ZEIORTS", "9G IT"))
    assert codes(seen) == [(F.NOT_FROM_BAG, 4)]
    assert flags_of(seen)[0].params == {"rack": "ZEIORTS", "tiles": "Z"}


def test_going_out_with_every_tile_counted_is_clean_and_one_tile_short_is_flagged():
    game = next(r for r in map(random_record, range(40)) if _goes_out(r))
    assert codes(game) == []
    last = len(game.events) - 1
    bonus = next(i for i, e in enumerate(game.events) if e.kind is EventKind.END_RACK_BONUS)
    event = game.events[bonus]
    short = event.counted_rack[1:]
    gained = rack_value(short) * (event.score // max(rack_value(event.counted_rack), 1) or 1)
    changed = with_event(
        game,
        bonus,
        counted_rack=short,
        score=gained,
        cumulative=event.cumulative - event.score + gained,
    )
    # later totals of the same player follow the slip
    assert bonus == last or all(e.player != event.player for e in game.events[bonus + 1 :])
    found = flags_of(changed)
    assert [f.code for f in found] == [F.UNACCOUNTED]
    assert found[0].params == {"counted": 99, "total": 100}


def _goes_out(game) -> bool:
    bonus = [e for e in game.events if e.kind is EventKind.END_RACK_BONUS]
    return bool(bonus) and len(bonus[0].counted_rack) > 1 and bonus[0].counted_rack[0] != "?"
