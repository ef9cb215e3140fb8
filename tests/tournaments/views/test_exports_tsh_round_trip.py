"""A real TSH division imported and served back as tourney.js: the liwords rules read the same
pairings and standings as our standings (the Dallas Open 2023 file: byes, a withdrawal with
forfeits, 26 players, 23 rounds)."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests.tournaments.exports.liwords_reader import (
    current_round,
    games,
    misreads,
    read_feed,
    standings,
)
from tournaments.models import Pairing
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.services.tsh_import import tsh_import
from tournaments.tsh import read_t

pytestmark = pytest.mark.django_db

DALLAS = Path(__file__).parents[1] / "tsh" / "fixtures" / "dallas_open_2023_a.t"


@pytest.fixture
def imported(client):
    data = DALLAS.read_bytes()
    made = tsh_import(by=None, data=data, name="Dallas Open 2023")
    response = client.get(
        reverse("tournaments:tourney_js", kwargs={"tournament_slug": made.tournament.slug})
    )
    assert response.status_code == 200
    [division] = read_feed(response.content.decode())
    return made.division, read_t(data), division


def test_pairings_are_the_files_and_ours(imported):
    ours, tsh, read = imported
    by_id = sorted(read.players, key=lambda p: p.id)  # the file lists them in standings order
    # Keras withdrew and the site ranks her last: she is left out, and each game against her
    # is in her opponent's line without an opponent, scored with its spread (FORMATS.md (a)).
    [keras] = [p.number for p in tsh.players if p.withdrawn]
    active = [p for p in tsh.players if p.number != keras]
    assert [p.id for p in by_id] == [p.number for p in active]
    assert [p.pairings for p in by_id] == [
        [0 if o == keras else o for o in p.opponents] for p in active
    ]
    assert [p.scores for p in by_id] == [_scores(tsh, p, keras) for p in active]
    assert misreads(read) == []
    number = {e.pk: e.number for e in ours.entries.all()}
    stored = {
        (p.round.number, number[p.first_id], number[p.second_id])
        for p in Pairing.objects.filter(round__division=ours, second__isnull=False)
        .select_related("round")
        .exclude(kind=Pairing.Kind.FORFEIT)
    }
    listed = {
        (r, *sorted(_ids(read, g))) for r in range(1, read.rounds + 1) for g in games(read, r)
    }
    kept = {(r, *sorted((a, b))) for r, a, b in stored if keras not in (a, b)}
    assert kept == listed
    assert current_round(read) == 23


def _scores(tsh, player, keras) -> list[int]:
    keras_line = tsh.player(keras)
    return [
        s - keras_line.scores[r] if player.opponents[r] == keras else s
        for r, s in enumerate(player.scores)
    ]


def _ids(read, game) -> tuple[int, int]:
    by_name = {p.name: p.id for p in read.players}
    return by_name[game[1]], by_name[game[2]]


def test_standings_are_ours(imported):
    ours, tsh, read = imported
    names = {p.number: p.name for p in tsh.players}
    records = [r for r in standings_records(division_results(ours)) if not r["withdrawn"]]
    expected = {names[r["number"]]: (r["wins"], r["spread"]) for r in records}
    theirs = standings(read)
    assert {name: (wins, spread) for name, wins, spread in theirs} == expected
    # Same order: both rank by wins, then spread (no two players of this field tie on both).
    assert [name for name, _w, _s in theirs] == [names[r["number"]] for r in records]
