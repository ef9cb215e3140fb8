"""A TSH-like event paired by COP through the HTTP endpoint from the middle on, the request
built the way TSH builds it: snake_case keys, the seed as a string, integer classes (0 none,
1 and 2 with a prize each), and a player who withdrew after round 7 with games and a forfeit
behind them. Each round's answer must keep every invariant; then the round is played."""

import json
import random

import pytest

from pairing.cop.request import read_request

from .build import check_valid_pairing

URL = "/api/pair_service.PairService/HandlePairRequest"
PLAYERS = 14
ROUNDS = 12
WITHDRAWN = 5  # plays rounds 1-7 (a forfeit loss in round 3), then withdraws
WITHDRAWS_AFTER = 7
CLASSES = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 0, 1, 2]
NAMES = [f"Player {chr(65 + p)}" for p in range(PLAYERS)]


@pytest.fixture(autouse=True)
def own_cop_slots(settings, tmp_path):
    settings.COP_PUBLIC_SLOT_DIR = str(tmp_path / "cop-slots")


class Event:
    """The event as TSH holds it: per round, everyone's opponent (self: a bye, -1: not
    paired) and score (a bye's spread)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.strength = [self.rng.gauss(0, 40) for _ in range(PLAYERS)]
        self.pairings: list[list[int]] = []
        self.results: list[list[int]] = []

    def active(self, number: int) -> list[int]:
        """Players still in the event in round ``number``."""
        return [p for p in range(PLAYERS) if p != WITHDRAWN or number <= WITHDRAWS_AFTER]

    def record(self, p: int) -> tuple[int, int]:
        wins, spread = 0, 0
        for pairings, results in zip(self.pairings, self.results, strict=True):
            q = pairings[p]
            if q == -1:
                continue
            margin = results[p] if q == p else results[p] - results[q]
            wins += (margin > 0) - (margin < 0)
            spread += margin
        return wins, spread

    def swiss(self, number: int) -> list[int]:
        """The first half: 1v2, 3v4 by record (TSH's plain pairing, repeats allowed)."""
        order = sorted(self.active(number), key=lambda p: tuple(-x for x in self.record(p)))
        pairings = [-1] * PLAYERS
        for a, b in zip(order[0::2], order[1::2], strict=True):
            pairings[a], pairings[b] = b, a
        return pairings

    def play(self, pairings: list[int], number: int) -> None:
        results = [0] * PLAYERS
        for p, q in enumerate(pairings):
            if q == p:
                results[p] = 50
            elif q > p:
                results[p] = round(400 + self.strength[p] + self.rng.gauss(0, 60))
                results[q] = round(400 + self.strength[q] + self.rng.gauss(0, 60))
        if number == 3:  # the withdrawn player forfeits round 3: a -50 bye, their opponent +50
            opponent = pairings[WITHDRAWN]
            pairings[WITHDRAWN], pairings[opponent] = WITHDRAWN, opponent
            results[WITHDRAWN], results[opponent] = -50, 50
        self.pairings.append(pairings)
        self.results.append(results)

    def request(self, number: int, prepaired: list[tuple[int, int]] = ()) -> dict:
        """What TSH sends to pair round ``number`` (``prepaired``: games it already made)."""
        pairings = [{"pairings": list(p)} for p in self.pairings]
        if prepaired:
            current = [-1] * PLAYERS
            for a, b in prepaired:
                current[a], current[b] = b, a
            pairings.append({"pairings": current})
        removed = [WITHDRAWN] if number > WITHDRAWS_AFTER else []
        return {
            "pair_method": "COP",
            "player_names": NAMES,
            "player_classes": CLASSES,
            "division_pairings": pairings,
            "division_results": [{"results": list(r)} for r in self.results],
            "class_prizes": [1, 1],
            "gibson_spread": 250 if ROUNDS - number + 1 == 1 else 200,
            "control_loss_threshold": 0.25,
            "hopefulness_threshold": 0.1 if ROUNDS - number < 2 else 0.05,
            "all_players": PLAYERS,
            "valid_players": PLAYERS - len(removed),
            "rounds": ROUNDS,
            "place_prizes": 3,
            "division_sims": 2000,
            "control_loss_sims": 500,
            "control_loss_activation_round": 8,
            "allow_repeat_byes": False,
            "removed_players": removed,
            "seed": str(1000 + number),
            "top_down_byes": False,
        }


def check_round(event: Event, number: int, data: dict, answer: dict) -> None:
    assert answer["error_code"] == answer["errorCode"] == "SUCCESS", answer["log"]
    pairings = answer["pairings"]
    check_valid_pairing(read_request(data), tuple(pairings))
    if number > WITHDRAWS_AFTER:
        assert pairings[WITHDRAWN] == -1
    byes = [p for p, q in enumerate(pairings) if q == p]
    assert len(byes) == len(event.active(number)) % 2
    earlier_byes = {p: sum(r[p] == p for r in event.pairings) for p in event.active(number)}
    if number < ROUNDS and min(earlier_byes.values()) == 0:
        # Before the final round (king of the hill), nobody gets a second bye while someone
        # still active has none.
        assert all(earlier_byes[p] == 0 for p in byes)


def test_a_tsh_event_with_a_withdrawal_and_class_prizes_pairs_round_by_round(client):
    event = Event(seed=20)
    for number in range(1, 7):
        event.play(event.swiss(number), number)
    logs = {}
    for number in range(7, ROUNDS + 1):
        prepaired = [(0, 1)] if number == 10 else []
        data = event.request(number, prepaired)
        response = client.post(URL, data=json.dumps(data), content_type="application/json")
        assert response.status_code == 200
        answer = response.json()
        check_round(event, number, data, answer)
        if prepaired:
            assert (answer["pairings"][0], answer["pairings"][1]) == (1, 0)
        logs[number] = answer["log"]
        event.play(list(answer["pairings"]), number)
    assert logs[7].startswith("COP pairing of round 7 of 12 (6 left) for 14 players")
    assert logs[8].startswith("COP pairing of round 8 of 12 (5 left) for 13 players")
    assert "Removed, not paired: Player F." in logs[8]
    assert "Kept as paired before COP: " in logs[10]
    assert "Control loss does not apply: it starts after 8 completed rounds." in logs[8]
    assert "Final round, king of the hill among the cash contenders" in logs[12]
    # The withdrawn player forfeited round 3 (a -50 bye) and their opponent had a +50 bye;
    # both stay in the history every later request sends.
    assert event.pairings[2][WITHDRAWN] == WITHDRAWN and event.results[2][WITHDRAWN] == -50
