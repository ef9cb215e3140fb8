"""A result missing in one round while a later round is already scored (plan ``1-3 swiss lag
1``: round 3 is paired from round 1, so it can be played before round 2 is all in).

Scores are placed by round in both files, so a player's later score cannot be written past a
missing one: every player's scores stop at the first round with a result missing (its results
that are in are written, as during any round), the later rounds are pairings only, and:

- ``tourney.js`` read with liwords' rules gives the site's standings through that round, no
  silent mis-read, that round as the current one, and ``config.notes`` names the missing game;
- the ``.t`` export (``manage.py export_tsh``) is read by our own ``read_t`` and by a reader with
  tsh-parser's rules, which give the site's standings through that round; the ``later`` tag
  keeps the later rounds' scores, so ``import_tsh`` gives the site's whole standings back.
"""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.management import call_command

from tests import factories
from tournaments.exports import tourney_js
from tournaments.models import Division, Pairing
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.selectors.exports import event_export
from tournaments.selectors.tsh import division_as_tsh
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair
from tournaments.services.tsh_import import tsh_import
from tournaments.tsh import read_t, write_t

from . import liwords_reader as lw
from .consumer_readers import t_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def gap():
    """Four players; round 2's table 1 never entered; rounds 1 and 3 all in."""
    director = factories.user()
    event = factories.tournament(
        "Gap Open", director=director, slug="gap-open", start_date=date(2026, 3, 14)
    )
    division = factories.division(event, name="A", rounds=3, pairing_plan="1-3 swiss lag 1")
    factories.entries(division, 4)
    for number in (1, 2, 3):
        round_pair(by=director, division=division, round_number=number)
        games = Pairing.objects.filter(round__division=division, round__number=number)
        for pairing in games.order_by("table"):
            if number == 2 and pairing.table == 1:
                continue
            result_record(
                by=director,
                pairing_id=pairing.pk,
                first_score=400 + 7 * pairing.pk % 90,
                second_score=350,
                expected_version=None,
                confirm_unusual=True,
            )
    return Division.objects.get(pk=division.pk)


def site(division, through_round=None) -> dict[int, tuple[float, float, int]]:
    rows = standings_records(division_results(division), through_round=through_round)
    return {r["number"]: (float(r["wins"]), float(r["losses"]), r["spread"]) for r in rows}


def test_tourney_js_carries_the_rounds_up_to_the_missing_result(gap):
    text = tourney_js(event_export(gap.tournament))
    [feed] = lw.read_feed(text)
    assert lw.misreads(feed) == []
    assert lw.current_round(feed) == 2
    expected = site(gap, through_round=2)
    number = {p.name: p.id for p in feed.players}
    read = {number[name]: (wins, spread) for name, wins, spread in lw.standings(feed)}
    assert read == {n: (wins, spread) for n, (wins, _losses, spread) in expected.items()}
    missing = Pairing.objects.get(round__division=gap, round__number=2, table=1)
    first, second = sorted((missing.first.number, missing.second.number))
    names = {p.id: p.name for p in feed.players}
    assert json.loads(text[len("newt=") :].rstrip(";\n"))["config"]["notes"] == [
        f"A round 2: no result yet for {names[first]} v {names[second]}; the results of "
        "round(s) 3 are written as pairings only until it is in"
    ]


def test_the_t_export_reads_back_and_imports_the_whole_record(gap):
    text = write_t(division_as_tsh(gap))
    read_t(text.encode())
    expected = site(gap, through_round=2)
    assert {n: (w, lo, s) for n, w, lo, s in t_standings(text)} == expected
    out = io.StringIO()
    call_command("export_tsh", gap.tournament.slug, stdout=out)
    made = tsh_import(by=None, data=out.getvalue().encode(), name="Gap again")
    assert site(made.division) == site(gap)
