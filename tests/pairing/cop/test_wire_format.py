"""The request as protobuf-JSON encoders and TSH send it: both key spellings, integers as
strings, enums by name or number, proto3 omission, integer classes, removed players with a past,
unscored history and fully pre-paired rounds. Nothing a request holds gives a traceback."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.cop import messages as m
from pairing.cop.request import read_request
from pairing.cop.service import handle

from .build import check_valid_pairing, request_dict

CODES = {
    code
    for name in dir(m)
    if isinstance(getattr(m, name), tuple) and len(getattr(m, name)) == 2
    for code in [getattr(m, name)[0]]
    if isinstance(code, str) and code.isupper()
} | {m.SUCCESS, m.OVERCONSTRAINED}


def camel(key: str) -> str:
    head, *rest = key.split("_")
    return head + "".join(part.title() for part in rest)


def as_protobuf_json(data: dict) -> dict:
    """What a protobuf-JSON encoder writes: lowerCamelCase keys, every integer outside the
    lists as a string (int64 always is; int32 may be), the enum by number."""
    out = {}
    for key, value in data.items():
        if key == "pair_method":
            value = 0
        elif isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        elif key == "player_classes":
            value = [str(v) for v in value]
        out[camel(key)] = value
    return out


def tsh_request(rng: random.Random, size: int, played: int, left: int, removed_after: dict):
    """A request as TSH builds it: ``removed_after[p] = k``: p played rounds 1..k (games, or a
    forfeit bye now and then) and is -1 from round k+1 on; string seed, integer classes."""
    pairings, results = [], []
    for number in range(1, played + 1):
        active = [p for p in range(size) if removed_after.get(p, played + 1) >= number]
        rng.shuffle(active)
        rnd, scores = [-1] * size, [0] * size
        if len(active) % 2:
            bye = active.pop()
            rnd[bye], scores[bye] = bye, rng.choice([50, -50, 0])
        for a, b in zip(active[0::2], active[1::2], strict=True):
            rnd[a], rnd[b] = b, a
            scores[a], scores[b] = rng.randint(250, 550), rng.randint(250, 550)
        pairings.append({"pairings": rnd})
        results.append({"results": scores})
    return {
        "pair_method": "COP",
        "player_names": [f"Player {p}" for p in range(size)],
        "player_classes": [rng.choice([0, 0, 1, 2]) for _ in range(size)],
        "division_pairings": pairings,
        "division_results": results,
        "class_prizes": [1, 1],
        "gibson_spread": 250,
        "control_loss_threshold": 0.25,
        "hopefulness_threshold": 0.1,
        "all_players": size,
        "valid_players": size - len(removed_after),
        "rounds": played + left,
        "place_prizes": 2,
        "division_sims": 300,
        "control_loss_sims": 200,
        "control_loss_activation_round": rng.randint(0, played + left + 2),
        "allow_repeat_byes": False,
        "removed_players": sorted(removed_after),
        "seed": str(rng.randrange(2**63)),
        "top_down_byes": rng.random() < 0.3,
    }


def answer_of(data: dict) -> dict:
    return handle(json.dumps(data))


def test_the_answer_carries_both_key_spellings():
    answer = answer_of(request_dict())
    assert answer == {
        "pairings": [2, 3, 0, 1],
        "error_code": "SUCCESS",
        "errorCode": "SUCCESS",
        "error_message": "",
        "errorMessage": "",
        "log": answer["log"],
    }
    refused = answer_of(request_dict(rounds=0))
    assert refused["errorCode"] == refused["error_code"] == "ROUND_COUNT_INSUFFICIENT"
    assert refused["errorMessage"] == refused["error_message"] != ""


def test_a_protobuf_encoding_with_string_seed_and_enum_number_gets_the_same_answer():
    snake = request_dict(seed="7")
    encoded = as_protobuf_json(request_dict())
    assert encoded["seed"] == "7" and encoded["pairMethod"] == 0
    assert answer_of(encoded) == answer_of(snake) == answer_of(request_dict())


@pytest.mark.parametrize("method", ["COP", "cop", 0, "0", 0.0])
def test_the_pair_method_enum_is_read_by_name_or_number(method):
    assert answer_of(request_dict(pair_method=method))["error_code"] == "SUCCESS"


@pytest.mark.parametrize("method", [1, "1", "SWISS", True, [], {}])
def test_an_unknown_pair_method_is_refused_by_name(method):
    assert answer_of(request_dict(pair_method=method))["error_code"] == "INVALID_PAIR_METHOD"


def test_a_64_bit_seed_as_a_string_is_read_whole():
    assert read_request(request_dict(seed="-4266123456789012345")).seed == -4266123456789012345
    assert read_request(request_dict(seed=str(2**63 - 1))).seed == 2**63 - 1
    assert answer_of(request_dict(seed=str(2**63)))["error_code"] == "REQUEST_MALFORMED"


@pytest.mark.parametrize(
    ("missing", "code"),
    [
        ("place_prizes", "INVALID_PLACE_PRIZES"),
        ("division_sims", "INVALID_DIVISION_SIMS"),
        ("control_loss_sims", "INVALID_CONTROL_LOSS_SIMS"),
        ("hopefulness_threshold", "INVALID_HOPEFULNESS_THRESHOLD"),
        ("rounds", "ROUND_COUNT_INSUFFICIENT"),
    ],
)
def test_an_omitted_field_is_zero_and_refused_naming_it(missing, code):
    data = request_dict()
    del data[missing]
    assert answer_of(data)["error_code"] == code
    assert answer_of({**data, missing: None})["error_code"] == code


def test_omitted_activation_threshold_and_spread_are_zero_and_accepted():
    data = request_dict()
    for key in ("control_loss_activation_round", "control_loss_threshold", "gibson_spread"):
        del data[key]
    read = read_request(data)
    assert (
        read.settings.control_loss_activation_round,
        read.settings.control_loss_threshold,
        read.settings.gibson_spread,
    ) == (0, 0.0, (0,))
    assert answer_of(data)["error_code"] == "SUCCESS"


def test_an_activation_round_above_the_rounds_is_accepted_and_control_loss_never_starts():
    answer = answer_of(request_dict(control_loss_activation_round=99))
    assert answer["error_code"] == "SUCCESS"
    assert "Control loss does not apply: it starts after 99 completed rounds." in answer["log"]


def final_round_with_classes(classes, class_prizes):
    """Six players before the last of 3 rounds: 0 and 1 on 2-0, the rest 1-1 or 0-2, so
    only classes decide who must meet."""
    pairings = [{"pairings": [5, 4, 3, 2, 1, 0]}, {"pairings": [3, 2, 1, 0, 5, 4]}]
    results = [
        {"results": [400, 400, 400, 300, 300, 300]},
        {"results": [400, 300, 400, 300, 400, 300]},
    ]
    return request_dict(
        player_names=[f"P{i}" for i in range(6)],
        player_classes=classes,
        class_prizes=class_prizes,
        division_pairings=pairings,
        division_results=results,
        rounds=3,
        place_prizes=1,
    )


def test_a_field_of_class_0_has_no_class_prizes_whatever_class_prizes_holds():
    answer = answer_of(final_round_with_classes([0] * 6, [3, 3]))
    assert answer["error_code"] == "SUCCESS"
    assert "class" not in answer["log"].lower()


def test_class_k_competes_for_the_kth_class_prize():
    # Class 2 (players 3 and 5, both on 0-2 and 1-1 in the bottom) has a prize: they meet.
    answer = answer_of(final_round_with_classes([0, 0, 1, 2, 0, 2], [1, 1]))
    assert answer["error_code"] == "SUCCESS"
    assert "Final round, class 2 prize king of the hill" in answer["log"]
    assert answer["pairings"][3] == 5


def test_a_removed_player_with_games_and_a_forfeit_counts_in_the_meetings():
    # Player 3 played 2 in round 1, took a forfeit bye in round 2, withdrew before round 3.
    data = request_dict(
        rounds=4,
        player_names=["A", "B", "C", "D", "E"],
        player_classes=[],
        division_pairings=[
            {"pairings": [1, 0, 3, 2, 4]},
            {"pairings": [4, 2, 1, 3, 0]},
        ],
        division_results=[
            {"results": [450, 350, 400, 390, 50]},
            {"results": [400, 380, 300, -50, 410]},
        ],
        removed_players=[3],
    )
    answer = answer_of(data)
    assert answer["error_code"] == "SUCCESS", answer["log"]
    assert answer["pairings"][3] == -1
    assert "Removed, not paired: D." in answer["log"]
    check_valid_pairing(read_request(data), tuple(answer["pairings"]))


def test_a_paired_but_unscored_round_is_history_for_repeats():
    # Round 2 is paired (A v C, B v D) but has no results yet: pairing round 3 must not
    # repeat it, and with round 1's A v B, B v D the only fresh games are A v D, B v C.
    data = request_dict(
        division_pairings=[{"pairings": [1, 0, 3, 2]}, {"pairings": [2, 3, 0, 1]}],
    )
    answer = answer_of(data)
    assert answer["error_code"] == "SUCCESS"
    assert answer["pairings"] == [3, 2, 1, 0]
    assert answer["log"].startswith("COP pairing of round 3 of 4 (3 left)")


def test_a_last_round_that_already_pairs_everybody_is_returned():
    data = request_dict(
        removed_players=[3],
        division_pairings=[{"pairings": [1, 0, 3, 2]}, {"pairings": [2, 1, 0, -1]}],
    )
    answer = answer_of(data)
    assert (answer["error_code"], answer["pairings"]) == ("SUCCESS", [2, 1, 0, -1])
    assert "Everybody was already paired" in answer["log"]


def test_a_last_round_already_complete_leaves_the_next_one_to_pair_or_none():
    full = request_dict(division_pairings=[{"pairings": [1, 0, 3, 2]}] * 2)
    assert answer_of(full)["error_code"] == "SUCCESS"
    done = request_dict(rounds=2, division_pairings=[{"pairings": [1, 0, 3, 2]}] * 2)
    assert answer_of(done)["error_code"] == "ALL_ROUNDS_PAIRED"


def mixed_encoding(data: dict, rng: random.Random) -> dict:
    """Each key in either spelling, each integer or double as a number or a string, the enum
    by name or number, chosen field by field (and number by number inside the lists)."""

    def number(value):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return value
        return str(value) if rng.random() < 0.5 else value

    def inner(value):
        if isinstance(value, list):
            return [inner(v) for v in value]
        if isinstance(value, dict):
            return {(camel(k) if rng.random() < 0.5 else k): inner(v) for k, v in value.items()}
        return number(value)

    out = {}
    for key, value in data.items():
        if key == "pair_method":
            value = rng.choice(["COP", 0, "0"])
        out[camel(key) if rng.random() < 0.5 else key] = inner(value)
    return out


@given(st.data())
@settings(max_examples=25, derandomize=True, deadline=None)
def test_the_same_request_encoded_either_way_gets_the_same_answer(data):
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    size = data.draw(st.integers(2, 9))
    played, left = data.draw(st.integers(0, 4)), data.draw(st.integers(1, 3))
    removed = data.draw(st.sets(st.integers(0, size - 1), max_size=max(0, size - 2)))
    request = tsh_request(rng, size, played, left, {p: rng.randint(0, played) for p in removed})
    snake = answer_of(request)
    assert answer_of(as_protobuf_json(request)) == snake
    assert answer_of(mixed_encoding(request, rng)) == snake
    assert snake["error_code"] in (m.SUCCESS, m.OVERCONSTRAINED), snake["log"]


@given(st.data())
@settings(max_examples=30, derandomize=True, deadline=None)
def test_a_removed_player_with_any_history_never_crashes(data):
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    size = data.draw(st.integers(3, 10))
    played, left = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 3))
    removed = data.draw(st.sets(st.integers(0, size - 1), min_size=1, max_size=size - 2))
    request = tsh_request(rng, size, played, left, {p: rng.randint(1, played) for p in removed})
    answer = answer_of(request)
    assert answer["error_code"] in (m.SUCCESS, m.OVERCONSTRAINED), answer["log"]
    if answer["error_code"] == m.SUCCESS:
        check_valid_pairing(read_request(request), tuple(answer["pairings"]))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = list(request_dict()) + ["removed_players", "all_players", "valid_players", "class_prizes"]


@given(st.dictionaries(st.sampled_from(KEYS + [camel(k) for k in KEYS]), JSON, max_size=5))
@settings(
    max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
def test_nothing_a_request_holds_gives_a_traceback_only_a_named_code(changes):
    answer = answer_of({**request_dict(), **changes})
    assert answer["error_code"] in CODES - {"INTERNAL_ERROR"}, answer["log"]


@pytest.mark.parametrize(
    "body",
    [b"[" * 100_000, b'{"rounds": 1e999}', b'{"rounds": ' + b"9" * 5000 + b"}", b"\xff\xfe"],
)
def test_hostile_bodies_are_refused_by_name(body):
    assert handle(body)["error_code"] in ("REQUEST_NOT_JSON", "REQUEST_MALFORMED")
