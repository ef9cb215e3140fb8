"""A NUL character anywhere in a request is refused up front, on every database."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    ["/players/?q=%00", "/players/?q=Ann%00a", "/t/%00/", "/games/?%00=1", "/t/?page=%00"],
)
def test_a_nul_in_the_path_or_query_is_a_bad_request(client, url):
    response = client.get(url)
    assert response.status_code == 400
    assert b"NUL" in response.content


def test_a_nul_in_a_form_field_is_a_bad_request_and_nothing_is_written(client):
    from players.models import Player
    from tests import factories

    staff = factories.user(is_staff=True)
    client.force_login(staff)
    response = client.post("/players/new/", {"name": "Ann\x00", "country": "GB"})
    assert response.status_code == 400
    assert Player.objects.count() == 0


def test_the_same_search_without_a_nul_is_served(client):
    assert client.get("/players/?q=Ann").status_code == 200
