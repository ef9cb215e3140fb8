"""Reading and validating requests: each problem gets its own error code, on both sides of
every limit."""

import pytest

from pairing.cop.messages import CopError
from pairing.cop.request import read_request
from pairing.cop.validate import MAX_PLAYERS, MAX_RESULT, MAX_ROUNDS, MAX_SIMS, validate

from .build import request_dict

ROUND = [{"pairings": [1, 0, 3, 2]}]
SCORES = [{"results": [450, 350, 400, 390]}]


def code_of(data) -> str:
    try:
        validate(read_request(data))
    except CopError as error:
        return error.code
    return "SUCCESS"


def names(count: int) -> list[str]:
    return [f"P{i}" for i in range(count)]


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"division_pairings": "no"}, "REQUEST_MALFORMED"),
        ({"rounds": 4.5}, "REQUEST_MALFORMED"),
        ({"top_down_byes": "yes"}, "REQUEST_MALFORMED"),
        ({"division_sims": True}, "REQUEST_MALFORMED"),
        ({"pair_method": "SWISS"}, "INVALID_PAIR_METHOD"),
        ({"player_names": [" ", "B", "C", "D"]}, "PLAYER_NAME_EMPTY"),
        ({"player_classes": ["A"]}, "INVALID_PLAYER_CLASSES"),
        ({"rounds": 1}, "ALL_ROUNDS_PAIRED"),
        (
            {"rounds": 0, "division_pairings": [], "division_results": []},
            "ROUND_COUNT_INSUFFICIENT",
        ),
        ({"rounds": MAX_ROUNDS + 1}, "ROUND_COUNT_TOO_LARGE"),
        ({"rounds": 1, "division_pairings": ROUND * 2}, "MORE_PAIRINGS_THAN_ROUNDS"),
        ({"division_results": SCORES * 2}, "MORE_RESULTS_THAN_PAIRINGS"),
        ({"division_pairings": ROUND * 4}, "ALL_ROUNDS_PAIRED"),
        (
            {"division_pairings": [*ROUND, {"pairings": [1, 0, -1, -1]}, *ROUND]},
            "INCOMPLETE_ROUND_PAIRINGS",
        ),
        ({"division_pairings": [{"pairings": [1, 0, 3]}]}, "INVALID_ROUND_PAIRINGS_COUNT"),
        ({"division_results": [{"results": [1, 2]}]}, "INVALID_ROUND_RESULTS_COUNT"),
        ({"division_pairings": [{"pairings": [1, 0, 4, 2]}]}, "PLAYER_INDEX_OUT_OF_BOUNDS"),
        ({"division_pairings": [{"pairings": [1, 0, -2, 2]}]}, "PLAYER_INDEX_OUT_OF_BOUNDS"),
        ({"division_pairings": [{"pairings": [1, 2, 3, 2]}]}, "INVALID_PAIRING"),
        ({"division_pairings": [{"pairings": [1, 0, -1, -1]}]}, "UNPAIRED_PLAYER_RESULT"),
        ({"division_results": [{"results": [MAX_RESULT + 1, 0, 0, 0]}]}, "RESULT_OUT_OF_RANGE"),
        ({"removed_players": [4]}, "INVALID_REMOVED_PLAYER"),
        ({"removed_players": [3, 3]}, "INVALID_REMOVED_PLAYER"),
        (
            {"removed_players": [3], "division_pairings": [*ROUND, {"pairings": [-1, -1, 3, 2]}]},
            "REMOVED_PLAYER_PAIRED",
        ),
        ({"player_classes": [0, 1, -1, 2]}, "INVALID_PLAYER_CLASS"),
        ({"seed": "12.5"}, "REQUEST_MALFORMED"),
        ({"rounds": 2**31}, "REQUEST_MALFORMED"),
        ({"pair_method": 1}, "INVALID_PAIR_METHOD"),
        ({"pair_method": "SWISS"}, "INVALID_PAIR_METHOD"),
        ({"hopefulness_threshold": "NaN"}, "INVALID_HOPEFULNESS_THRESHOLD"),
        ({"gibson_spread": MAX_RESULT + 1}, "INVALID_GIBSON_SPREAD"),
        ({"place_prizes": 0}, "INVALID_PLACE_PRIZES"),
        ({"place_prizes": 5}, "INVALID_PLACE_PRIZES"),
        ({"class_prizes": {"B": -1}}, "INVALID_CLASS_PRIZE"),
        ({"class_prizes": [0]}, "INVALID_CLASS_PRIZE"),
        ({"class_prizes": [1, -1]}, "INVALID_CLASS_PRIZE"),
        ({"class_prizes": [1], "player_classes": [0, 1, 2, 0]}, "INVALID_PLAYER_CLASS"),
        ({"player_classes": [0, 0, 0, 1]}, "INVALID_PLAYER_CLASS"),
        ({"gibson_spread": []}, "INVALID_GIBSON_SPREAD"),
        ({"gibson_spread": [250, -1]}, "INVALID_GIBSON_SPREAD"),
        ({"hopefulness_threshold": 0}, "INVALID_HOPEFULNESS_THRESHOLD"),
        ({"hopefulness_threshold": [0.1, 1.01]}, "INVALID_HOPEFULNESS_THRESHOLD"),
        ({"control_loss_threshold": -0.01}, "INVALID_CONTROL_LOSS_THRESHOLD"),
        ({"control_loss_threshold": 1.5}, "INVALID_CONTROL_LOSS_THRESHOLD"),
        ({"control_loss_activation_round": -1}, "INVALID_CONTROL_LOSS_ACTIVATION_ROUND"),
        ({"division_sims": 0}, "INVALID_DIVISION_SIMS"),
        ({"division_sims": MAX_SIMS + 1}, "INVALID_DIVISION_SIMS"),
        ({"control_loss_sims": 0}, "INVALID_CONTROL_LOSS_SIMS"),
        ({"control_loss_sims": MAX_SIMS + 1}, "INVALID_CONTROL_LOSS_SIMS"),
        ({"all_players": 5}, "INVALID_ALL_PLAYERS"),
        ({"valid_players": 3}, "INVALID_VALID_PLAYERS"),
    ],
)
def test_each_problem_has_its_own_error_code(changes, code):
    assert code_of(request_dict(**changes)) == code


@pytest.mark.parametrize(
    "changes",
    [
        {"rounds": MAX_ROUNDS},
        {"rounds": 2, "control_loss_activation_round": 2},
        {"division_results": [{"results": [MAX_RESULT, -MAX_RESULT, 0, 0]}]},
        {"place_prizes": 1},
        {"place_prizes": 4},
        {"class_prizes": {"B": 1}},
        {"class_prizes": [1, 2]},
        {"class_prizes": [1, 2], "player_classes": [0, 1, 2, 2]},
        {"gibson_spread": 0},
        {"hopefulness_threshold": 1},
        {"control_loss_threshold": 1},
        {"control_loss_activation_round": 0},
        {"control_loss_activation_round": 4},
        {"control_loss_activation_round": 5},
        {"control_loss_activation_round": 2**31 - 1},
        {"control_loss_threshold": 0},
        {"gibson_spread": MAX_RESULT},
        {"division_pairings": ROUND * 2},
        {"division_pairings": ROUND * 3},
        {"removed_players": [3]},
        {
            "removed_players": [3],
            "division_pairings": [{"pairings": [1, 0, 2, -1]}],
            "division_results": [{"results": [450, 350, 50, 12]}],
        },
        {"division_sims": 1},
        {"division_sims": MAX_SIMS},
        {"control_loss_sims": MAX_SIMS},
        {"all_players": 4, "valid_players": 4},
        {"division_pairings": [{"pairings": [1, 0, 3, 2]}, {"pairings": [-1, -1, 3, 2]}]},
    ],
)
def test_values_at_the_limits_are_accepted(changes):
    assert code_of(request_dict(**changes)) == "SUCCESS"


def test_the_player_count_limits():
    two = {"player_names": names(2), "division_pairings": [], "division_results": []}
    assert code_of(request_dict(**two, player_classes=[], place_prizes=1)) == "SUCCESS"
    one = {**two, "player_names": names(1)}
    assert code_of(request_dict(**one, player_classes=[])) == "PLAYER_COUNT_INSUFFICIENT"
    most = {**two, "player_names": names(MAX_PLAYERS)}
    assert code_of(request_dict(**most, player_classes=[])) == "SUCCESS"
    over = {**two, "player_names": names(MAX_PLAYERS + 1)}
    assert code_of(request_dict(**over, player_classes=[])) == "PLAYER_COUNT_TOO_LARGE"


def test_removing_all_but_one_player_leaves_too_few():
    data = request_dict(
        removed_players=[1, 2, 3],
        division_pairings=[{"pairings": [0, -1, -1, -1]}],
        division_results=[{"results": [50, 0, 0, 0]}],
    )
    assert code_of(data) == "PLAYER_COUNT_INSUFFICIENT"


def test_messages_name_the_round_and_players():
    data = request_dict(division_pairings=[{"pairings": [1, 2, 3, 2]}])
    with pytest.raises(CopError) as caught:
        validate(read_request(data))
    assert str(caught.value) == ("In round 1 player 0 is paired with 1, but 1 is paired with 2.")


def test_class_prizes_as_a_list_are_for_classes_1_2_and_so_on():
    read = read_request(request_dict(class_prizes=[1, 2], player_classes=[0, 1, 2, "2"]))
    assert dict(read.settings.class_prizes) == {"1": 1, "2": 2}
    assert read.classes == ("", "1", "2", "2")
