"""The records a broadcast board and overlay show (each side's wins and losses before the round)
are the division's standings through the round before: byes and forfeits the program paired
count, a Thai tie goes to the play-off word's winner."""

import json

import pytest
from django.urls import reverse

from games.broadcast import services as broadcast
from games.broadcast.selectors import division_boards
from tests import factories
from tournaments.models import Pairing
from tournaments.results.formatting import fmt_record
from tournaments.selectors.divisions import division_results
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def _result(director, pairing, first, second, **kw):
    result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=first,
        second_score=second,
        expected_version=None,
        confirm_unusual=True,
        **kw,
    )


@pytest.fixture
def event(director):
    """Round 1 of five players: 1–2 a 390–390 tie player 2 won on the play-off word, player 4
    forfeits to player 3, player 5 has the bye. Round 2 broadcast at tables 1 and 2."""
    event = factories.tournament(director=director, rules_preset="thai", is_public=True)
    division = factories.division(event, name="A")
    e = factories.entries(division, 5)
    first = factories.round_with_pairings(division, e)
    tie, forfeit = first.pairings.get(table=1), first.pairings.get(table=2)
    _result(director, tie, 390, 390, playoff_winner_id=e[1].pk)
    _result(director, forfeit, None, None, kind=Pairing.Kind.FORFEIT, forfeited_by_id=e[3].pk)
    second = factories.round_with_pairings(division, [e[0], e[2], e[1], e[4], e[3]], number=2)
    for pairing in second.pairings.exclude(second=None):
        game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
        broadcast.broadcast_mark(by=director, game=game, on=True)
    return event, division


def _standings_before_round_2(division) -> dict[int, tuple[float, float]]:
    rows = division_results(division).standings(through_round=1)
    return {row.player: (row.wins, row.losses) for row in rows}


def test_board_records_equal_the_standings_through_the_round_before(event):
    _, division = event
    standings = _standings_before_round_2(division)
    assert standings == {1: (0, 1), 2: (1, 0), 3: (1, 0), 4: (0, 1), 5: (1, 0)}
    shown = {}
    for board in division_boards(division):
        pairing = board.game.pairing
        for entry, record in zip((pairing.first, pairing.second), board.records, strict=True):
            shown[entry.number] = record
    assert shown == {n: standings[n] for n in (1, 2, 3, 5)}


def test_the_overlay_feed_shows_those_records(client, event):
    tournament, division = event
    standings = _standings_before_round_2(division)
    url = reverse("games:broadcast_overlay_feed", args=[tournament.slug, division.name, 1])
    overlay = json.loads(client.get(url).content)
    # table 1 of round 2: player 1 (lost the play-off word) against player 3 (won by forfeit)
    assert overlay["records"] == [fmt_record(*standings[1]), fmt_record(*standings[3])]
    assert overlay["records"] == ["0–1", "1–0"]  # an en dash, as every page writes a record
