"""The simulations give the same answers for the same seed as the engine did before they were
rewritten: ``golden/sims_v1.json`` was captured from that engine (see ``golden/capture.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .golden.capture import REQUESTS, capture_plans, capture_request

GOLDEN = json.loads((Path(__file__).parent / "golden" / "sims_v1.json").read_text())


@pytest.mark.parametrize("index", range(len(REQUESTS)))
def test_a_seeded_request_gets_the_same_simulations_weights_and_pairings(index):
    assert capture_request(REQUESTS[index]) == GOLDEN["requests"][index]


@pytest.mark.parametrize("index", range(len(GOLDEN["plans"])))
def test_every_kind_of_simulated_plan_plays_the_same_games(index):
    assert capture_plans(REQUESTS[index]) == GOLDEN["plans"][str(index)]
