"""A late entry's starting result counts on the site share by share, each once its round is
paired, exactly as the files write it (``tournaments.results.records``): the standings the
pages read (``division_rows``; the PDFs and feed read ``division_results``) equal the ``.t``
export read by TSH's rules and ``tourney.js`` read by liwords' at every moment of the event.

The event: four players and Lee Late, who joins at round 3 with a starting 1-1 +30 (shared as
a win of +80 in round 1 and a loss of -50 in round 2, the bye and forfeit spreads being 50).
"""

from __future__ import annotations

import pytest

from tests import factories
from tests.tournaments.exports.consumer_readers import t_standings
from tests.tournaments.exports.liwords_reader import read_feed
from tests.tournaments.exports.liwords_reader import standings as liwords_standings
from tournaments.exports import tourney_js
from tournaments.models import Pairing, Round
from tournaments.selectors.divisions import division_results, division_rows, standings_records
from tournaments.selectors.exports import event_export
from tournaments.selectors.tsh import division_as_tsh
from tournaments.services.results import result_record
from tournaments.tsh import write_t

pytestmark = pytest.mark.django_db


def site(division, read=division_rows) -> list[tuple]:
    """(rank, number, wins, losses, spread) best first, as the pages show them."""
    rows = standings_records(read(division))
    return [(r["rank"], r["number"], r["wins"], r["losses"], r["spread"]) for r in rows]


def ranked(rows: list[tuple]) -> list[tuple]:
    """A reader's (number, wins, losses, spread) rows, best first, with the ranks the site
    gives: players level on wins and spread share a place (1, 2, 2, 4)."""
    found, rank = [], 0
    for index, (number, wins, losses, spread) in enumerate(rows, start=1):
        if not found or (wins, spread) != (found[-1][2], found[-1][4]):
            rank = index
        found.append((rank, number, wins, losses, spread))
    return found


def assert_site_reads_the_files(division, expected: list[tuple]) -> None:
    """The site's standings (both reads) are ``expected``, and so are the ``.t`` export as TSH
    reads it and ``tourney.js`` as liwords reads it (wins and spread, best first)."""
    assert site(division) == expected
    assert site(division, division_results) == expected
    assert ranked(t_standings(write_t(division_as_tsh(division)))) == expected
    export = event_export(division.tournament)
    names = {p.number: p.name for p in export.divisions[0].players}
    feed = read_feed(tourney_js(export))
    assert liwords_standings(feed[0]) == [(names[n], w, s) for _r, n, w, _l, s in expected]


def pair(division, number: int, games, byes=()) -> Round:
    rnd = Round.objects.create(division=division, number=number)
    entry = {e.number: e for e in division.entries.all()}
    for table, (one, two) in enumerate(games, start=1):
        Pairing.objects.create(round=rnd, table=table, first=entry[one], second=entry[two])
    for one in byes:
        Pairing.objects.create(round=rnd, first=entry[one], kind=Pairing.Kind.BYE)
    return rnd


def score(rnd: Round, results: dict[int, tuple[int, int]]) -> None:
    """Each game's result, entered as the desk enters it."""
    for game in rnd.pairings.filter(kind=Pairing.Kind.PLAYED):
        first, second = results[game.table]
        result_record(
            by=None,
            pairing_id=game.pk,
            first_score=first,
            second_score=second,
            expected_version=game.version,
        )


def test_a_late_entrys_starting_result_counts_share_by_share_as_the_files_write_it():
    division = factories.division(rounds=4)
    factories.entries(division, 4)
    late = factories.late_entry(division, "Lee Late", 3, wins=1, losses=1, spread=30)
    assert late.number == 5
    # Registered, nothing paired: no missed round is paired, nothing of the record counts yet.
    assert_site_reads_the_files(
        division,
        [(1, 1, 0, 0, 0), (1, 2, 0, 0, 0), (1, 3, 0, 0, 0), (1, 4, 0, 0, 0), (1, 5, 0, 0, 0)],
    )
    first = pair(division, 1, [(1, 2), (3, 4)])
    # Round 1 paired: its share (a win, +80) counts, at the top, as liwords and TSH show it.
    assert_site_reads_the_files(
        division,
        [(1, 5, 1, 0, 80), (2, 1, 0, 0, 0), (2, 2, 0, 0, 0), (2, 3, 0, 0, 0), (2, 4, 0, 0, 0)],
    )
    score(first, {1: (400, 350), 2: (420, 400)})
    assert_site_reads_the_files(
        division,
        [
            (1, 5, 1, 0, 80),
            (2, 1, 1, 0, 50),
            (3, 3, 1, 0, 20),
            (4, 4, 0, 1, -20),
            (5, 2, 0, 1, -50),
        ],
    )
    second = pair(division, 2, [(1, 3), (2, 4)])
    # Round 2 paired: the second share (a loss, -50) counts; the whole 1-1 +30 is in.
    assert_site_reads_the_files(
        division,
        [
            (1, 1, 1, 0, 50),
            (2, 5, 1, 1, 30),
            (3, 3, 1, 0, 20),
            (4, 4, 0, 1, -20),
            (5, 2, 0, 1, -50),
        ],
    )
    score(second, {1: (380, 400), 2: (410, 300)})
    third = pair(division, 3, [(3, 5), (1, 2)], byes=[4])
    score(third, {1: (390, 420), 2: (450, 440)})
    assert_site_reads_the_files(
        division,
        [(1, 5, 2, 1, 60), (2, 1, 2, 1, 40), (3, 3, 2, 1, 10), (4, 2, 1, 2, 50), (5, 4, 1, 2, -80)],
    )


def test_a_starting_spread_no_share_can_carry_is_left_out_on_the_site_as_in_the_files():
    """A starting 1-0 with spread 0: the win's share keeps its sign (+1, the least a win can
    carry), so the files write +1; the site counts the share the files write, +1, not the 0
    typed."""
    division = factories.division(rounds=3)
    factories.entries(division, 2)
    factories.late_entry(division, "Lee Late", 2, wins=1, losses=0, spread=0)
    score(pair(division, 1, [(1, 2)]), {1: (400, 399)})
    assert_site_reads_the_files(division, [(1, 1, 1, 0, 1), (1, 3, 1, 0, 1), (3, 2, 0, 1, -1)])
