"""``POST /api/pair_service.PairService/HandlePairRequest``: open, size- and rate-limited,
database-free."""

import json
import threading

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.tournaments.cop_slots import busy_slots
from tournaments import cop_pool
from tournaments.views.cop_api import MAX_BODY, RATE_LIMIT, RETRY_AFTER

from .build import request_dict

URL = "/api/pair_service.PairService/HandlePairRequest"


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def post(client, body, address="10.0.0.1"):
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(URL, data=data, content_type="application/json", REMOTE_ADDR=address)


def test_the_route_is_the_one_tsh_calls():
    assert reverse("cop_pair_request") == URL


@pytest.mark.django_db
def test_a_valid_request_is_paired_without_touching_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = post(client, request_dict())
    assert response.status_code == 200
    answer = response.json()
    assert (answer["pairings"], answer["error_code"], answer["error_message"]) == (
        [2, 3, 0, 1],
        "SUCCESS",
        "",
    )


def test_no_csrf_token_is_needed():
    from django.test import Client

    response = post(Client(enforce_csrf_checks=True), request_dict())
    assert response.status_code == 200


def test_a_body_that_is_not_json_gets_400(client):
    response = post(client, b"{nope")
    assert response.status_code == 400
    assert response.json()["error_code"] == "REQUEST_NOT_JSON"


def test_a_validation_error_comes_back_in_the_answer(client):
    response = post(client, request_dict(division_pairings=[{"pairings": [1, 2, 3, 2]}]))
    assert (response.status_code, response.json()["error_code"]) == (200, "INVALID_PAIRING")


def test_a_body_over_the_limit_gets_413(client):
    response = post(client, b" " * (MAX_BODY + 1))
    assert response.status_code == 413
    assert response.json()["error_code"] == "REQUEST_TOO_LARGE"


def test_a_body_at_the_limit_is_read(client):
    body = json.dumps(request_dict()).encode()
    response = post(client, body + b" " * (MAX_BODY - len(body)))
    assert response.status_code == 200
    assert response.json()["pairings"] == [2, 3, 0, 1]


def test_the_rate_limit_allows_its_count_then_refuses_that_address_only(client):
    cheap = {"player_names": ["A"]}  # refused by validation at once: cheap to repeat
    statuses = [post(client, cheap).status_code for _ in range(RATE_LIMIT)]
    assert statuses == [200] * RATE_LIMIT
    refused = post(client, cheap)
    assert refused.status_code == 429
    assert refused.json()["error_code"] == "RATE_LIMITED"
    assert post(client, cheap, address="10.0.0.2").status_code == 200


def test_get_is_not_allowed(client):
    assert client.get(URL).status_code == 405


@pytest.fixture(autouse=True)
def own_cop_slots(settings, tmp_path):
    """Slots of this test's own, so parallel runs never share them."""
    settings.COP_PUBLIC_SLOT_DIR = str(tmp_path / "cop-slots")


def test_both_key_spellings_come_back(client):
    answer = post(client, request_dict()).json()
    assert (answer["errorCode"], answer["errorMessage"]) == ("SUCCESS", "")


def test_when_every_slot_is_taken_the_request_gets_503_with_retry_after_at_once(client):
    with cop_pool.slot():
        assert busy_slots() == 1
        response = post(client, request_dict())
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER)
    answer = response.json()
    assert answer["error_code"] == answer["errorCode"] == "SERVICE_BUSY"
    assert busy_slots() == 0
    assert post(client, request_dict()).status_code == 200


def test_two_slots_take_two_requests(client, settings):
    settings.COP_PUBLIC_SLOTS = 2
    with cop_pool.slot() as first:
        assert first == 0
        assert post(client, request_dict()).status_code == 200
        with cop_pool.slot():
            assert post(client, request_dict()).status_code == 503


def test_an_invalid_request_is_refused_without_taking_a_slot(client):
    with cop_pool.slot():
        response = post(client, request_dict(rounds=0))
    assert (response.status_code, response.json()["error_code"]) == (
        200,
        "ROUND_COUNT_INSUFFICIENT",
    )


def sleep_instead(request):
    threading.Event().wait()  # work that never ends: only the cap stops it


def test_work_past_the_wall_clock_cap_is_stopped_and_refused(client, settings, monkeypatch):
    settings.COP_PUBLIC_SECONDS = 0.5
    monkeypatch.setattr(cop_pool, "pair_safely", sleep_instead)
    response = post(client, request_dict())
    assert response.status_code == 503
    assert response.json()["error_code"] == "TIME_LIMIT_EXCEEDED"
    assert "more than 0.5 seconds" in response.json()["error_message"]
    assert busy_slots() == 0  # the child was killed and its slot freed


def test_switched_off_the_service_answers_403(client, settings):
    settings.COP_PUBLIC = "off"
    response = post(client, request_dict())
    assert (response.status_code, response.json()["errorCode"]) == (403, "SERVICE_DISABLED")


def test_behind_a_key_only_a_listed_key_is_served(client, settings):
    settings.COP_PUBLIC = "key"
    settings.COP_PUBLIC_KEYS = ["k-123456", "k-abcdef"]
    body = json.dumps(request_dict())

    def call(**headers):
        return client.post(URL, data=body, content_type="application/json", **headers)

    assert call().status_code == 401
    assert call().json()["error_code"] == "API_KEY_REQUIRED"
    assert call(HTTP_AUTHORIZATION="Bearer k-wrong").status_code == 401
    assert call(HTTP_AUTHORIZATION="Bearer k-abcdef").status_code == 200
    assert call(HTTP_X_API_KEY="k-123456").status_code == 200
