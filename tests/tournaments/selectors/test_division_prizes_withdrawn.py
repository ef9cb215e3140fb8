"""A division's prizes with ties by wins and a withdrawn player equal on wins with two active
ones: tied with them when the division ranks withdrawn players by their record, after them when
it ranks withdrawn players last.

Six entries, two rounds: #1 2–0 +210, #2 2–0 +110 (withdrawn after round 2), #3 2–0 +60; #4,
#5, #6 0–2. Places pay 300, 200, 100.
"""

from decimal import Decimal as D

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.selectors.test_division_prizes_playoff import SETTINGS, played
from tournaments.models import Division
from tournaments.selectors.divisions import division_results
from tournaments.selectors.prizes import division_prizes
from tournaments.services.entries import entry_withdraw
from tournaments.services.prizes import prize_band_create, prize_settings_update

pytestmark = pytest.mark.django_db


def division_with_withdrawn(director, *, withdrawn_last: bool) -> Division:
    event = factories.tournament(slug="cup", director=director, is_public=True)
    division = factories.division(event, name="A", rounds=4, withdrawn_last=withdrawn_last)
    entries = factories.entries(division, 6)
    played(division, 1, [(1, 4, 500, 300), (2, 5, 400, 300), (3, 6, 350, 300)])
    played(division, 2, [(1, 6, 400, 390), (2, 4, 400, 390), (3, 5, 400, 390)])
    entry_withdraw(by=director, entry=entries[1], after_round=2)
    prize_settings_update(by=None, division=division, settings=SETTINGS)
    prize_band_create(by=None, division=division, kind="rank", label="Place", places=3,
                      money="300 200 100")  # fmt: skip
    return Division.objects.select_related("tournament").get(pk=division.pk)


def holders(division) -> list[tuple[int, tuple[int, ...], tuple[D, ...]]]:
    return [(p.first, p.players, p.shares) for p in division_prizes(division).prizes]


def test_ranked_by_record_the_withdrawn_player_shares_with_those_equal_on_wins(client, director):
    division = division_with_withdrawn(director, withdrawn_last=False)
    rows = division_results(division).standings()
    assert [(r.player, r.wins, r.withdrawn) for r in rows[:3]] == [
        (1, 2, False),
        (2, 2, True),
        (3, 2, False),
    ]
    # (300 + 200 + 100) / 3 = 200 each.
    assert holders(division) == [(1, (1, 2, 3), (D(200), D(200), D(200)))]
    html = client.get(reverse("tournaments:prizes", args=["cup", "A"])).content.decode()
    assert "Tied for places 1–3" in html


def test_ranked_last_the_withdrawn_player_is_tied_with_no_active_player(director):
    division = division_with_withdrawn(director, withdrawn_last=True)
    # #1 and #3 share (300 + 200) / 2 = 250; #6, #5, #4 (0–2) share 100 / 3 -> 34, 33, 33.
    assert holders(division) == [
        (1, (1, 3), (D(250), D(250))),
        (3, (6, 5, 4), (D(34), D(33), D(33))),
    ]
