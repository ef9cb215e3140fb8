"""A half bye in ``tourney.js`` is written as TSH writes one (FORMATS.md (a): a half is 0 with no
opponent), not as a game against the player's own number: that game shows "X v X" in liwords'
archive view and its 0 keeps liwords' current round from moving on to the round paired next.
liwords skips a round 0 with no opponent, so ``config.notes`` names the half a win."""

from __future__ import annotations

import json
from datetime import date

import pytest

from tests import factories
from tournaments.exports import tourney_js
from tournaments.models import Pairing, Round
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.selectors.exports import event_export

from . import liwords_reader as lw

pytestmark = pytest.mark.django_db


def test_a_half_bye_in_the_latest_round_lets_liwords_move_on():
    event = factories.tournament("Half Open", slug="half-open", start_date=date(2026, 3, 14))
    division = factories.division(event, name="A", rounds=4)
    one, two, three = factories.entries(division, 3)
    r1, r2, r3 = (Round.objects.create(division=division, number=n) for n in (1, 2, 3))
    add = Pairing.objects.create
    add(round=r1, table=1, first=one, second=two, first_score=400, second_score=300)
    add(round=r1, first=three, kind=Pairing.Kind.BYE)
    add(round=r2, table=1, first=one, second=three, first_score=380, second_score=390)
    add(round=r2, first=two, kind=Pairing.Kind.BYE, first_score=0)  # a half bye
    add(round=r3, table=1, first=two, second=three)  # paired, not played
    add(round=r3, first=one, kind=Pairing.Kind.BYE)
    text = tourney_js(event_export(event))
    [feed] = lw.read_feed(text)
    assert lw.misreads(feed) == []
    assert lw.current_round(feed) == 3
    assert all(p.id not in p.pairings for p in feed.players)  # no game "X v X"
    assert lw.games(feed, 2) == [(1, feed.by_id(1).name, feed.by_id(3).name, True)]
    site = {
        r["number"]: (float(r["wins"]), r["spread"])
        for r in standings_records(division_results(division))
    }
    read = {p.id: (w, s) for p in feed.players for n, w, s in lw.standings(feed) if n == p.name}
    assert read[2] == (site[2][0] - 0.5, site[2][1])  # the half a win the note names
    assert {n: read[n] for n in (1, 3)} == {n: site[n] for n in (1, 3)}
    name = feed.by_id(2).name
    assert json.loads(text[len("newt=") : -2])["config"]["notes"] == [
        f"A {name}: round(s) 2 half a win on the site, written 0 without an opponent as TSH "
        "writes a half bye; liwords counts nothing for such a round"
    ]
