"""Replay the second half of a real TSH event (Dallas Open 2023, division A) with COP.

Each of rounds 12 to 23 is paired by COP from the file's real pairings and results of the
rounds before it; the withdrawn player (Keras, "off" after round 19) is pre-paired with her
forfeit bye, as TSH does. Every answer must be a valid pairing.
"""

from pathlib import Path

import pytest

from pairing.cop.engine import pair_request
from pairing.cop.messages import SUCCESS, render
from pairing.cop.request import CopRequest
from pairing.cop.settings import CopSettings
from tournaments.tsh import read_t

from .build import check_valid_pairing

FIXTURE = Path(__file__).parents[2] / "tournaments" / "tsh" / "fixtures" / "dallas_open_2023_a.t"
SETTINGS = CopSettings(place_prizes=4, division_sims=2000, control_loss_sims=500)


@pytest.fixture(scope="module")
def division():
    return read_t(FIXTURE.read_bytes())


def request_for(division, round_number: int) -> CopRequest:
    """The request TSH would send to pair ``round_number`` from the file's earlier rounds."""
    players = division.players
    pairings, results = [], []
    for index in range(round_number - 1):
        pairings.append(
            tuple(
                p.opponents[index] - 1 if p.opponents[index] else i for i, p in enumerate(players)
            )
        )
        results.append(tuple(p.scores[index] for p in players))
    withdrawn = [
        i for i, p in enumerate(players) if p.withdrawn and not p.opponents[round_number - 1]
    ]
    if withdrawn:
        pairings.append(tuple(i if i in withdrawn else -1 for i in range(len(players))))
    return CopRequest(
        names=tuple(p.display_name for p in players),
        classes=tuple((p.tag("class") or ("A",))[0] for p in players),
        pairings=tuple(pairings),
        results=tuple(results),
        rounds=len(players[0].opponents),
        settings=SETTINGS,
        seed=round_number,
    )


def test_the_second_half_of_dallas_pairs_validly_round_by_round(division):
    logs = {}
    for round_number in range(12, 24):
        request = request_for(division, round_number)
        response = pair_request(request)
        assert response.error_code == SUCCESS, render(response.notes)
        check_valid_pairing(request, response.pairings)
        logs[round_number] = (request, response)
    keras = 15  # player 16 in the file, withdrawn after round 19
    assert logs[19][1].pairings[keras] not in (keras, -1)
    assert [logs[n][1].pairings[keras] for n in (20, 21, 22, 23)] == [keras] * 4
    # Final round: king of the hill puts Smylie (1st) against Sokol (2nd), as TSH did.
    request, response = logs[23]
    assert (request.names[0], request.names[response.pairings[0]]) == (
        "Jackson Smylie",
        "Joshua Sokol",
    )
    assert division.player(1).opponents[22] == 2
