"""``POST /api/pair_service.PairService/HandlePairRequest``: open, size- and rate-limited,
database-free."""

import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from tournaments.views.cop_api import MAX_BODY, RATE_LIMIT

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
