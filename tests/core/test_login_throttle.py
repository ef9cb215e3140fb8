"""Wrong passwords lock an account (and an address); a director can lift the lock."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.urls import reverse

from core.models import AuditEntry
from tests import factories

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT


def login(client, username, password, address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def fail(client, username, times, address="10.0.0.1") -> list[int]:
    return [login(client, username, "wrong", address).status_code for _ in range(times)]


def test_the_limit_is_ten_wrong_passwords():
    assert LIMIT == 10


def test_one_wrong_password_short_of_the_limit_the_right_one_still_works(client):
    factories.user("anna")
    assert fail(client, "anna", LIMIT - 1) == [200] * (LIMIT - 1)
    assert login(client, "anna", "pw-for-tests-1").status_code == 302


def test_at_the_limit_even_the_right_password_is_refused_with_a_message(client):
    factories.user("anna")
    # The wrong password that reaches the limit is itself answered with the lockout page.
    assert fail(client, "anna", LIMIT) == [200] * (LIMIT - 1) + [429]
    response = login(client, "anna", "pw-for-tests-1")
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_account_is_locked_from_any_address(client):
    factories.user("anna")
    fail(client, "anna", LIMIT, address="10.0.0.1")
    assert login(client, "anna", "pw-for-tests-1", address="10.9.9.9").status_code == 429


def test_an_address_spraying_many_accounts_is_locked(client):
    factories.user("ben")
    for n in range(LIMIT):
        login(client, f"nobody{n}", "wrong", address="10.6.6.6")
    assert login(client, "ben", "pw-for-tests-1", address="10.6.6.6").status_code == 429
    assert login(client, "ben", "pw-for-tests-1", address="10.7.7.7").status_code == 302


def test_a_director_sees_and_lifts_the_lock_and_it_is_audited(client):
    anna = factories.user("anna")
    director = factories.user("dir")
    factories.tournament(director=director, assistant=anna)
    fail(client, "anna", LIMIT)
    client.force_login(director)
    page = client.get(reverse("core:lockouts")).content.decode()
    assert "anna" in page
    attempt = AccessAttempt.objects.get(username="anna")
    response = client.post(reverse("core:lockout_lift", args=[attempt.pk]))
    assert response.status_code == 302
    assert AuditEntry.objects.get(action="login.unlock").actor == director
    client.logout()
    assert login(client, "anna", "pw-for-tests-1").status_code == 302


@pytest.mark.parametrize("role", ["stranger", "assistant", "anonymous"])
def test_only_directors_and_staff_may_lift_a_lock(client, role):
    factories.user("anna")
    fail(client, "anna", LIMIT)
    attempt = AccessAttempt.objects.get(username="anna")
    if role != "anonymous":
        someone = factories.user(role)
        if role == "assistant":
            factories.tournament(assistant=someone)
        client.force_login(someone)
    response = client.post(reverse("core:lockout_lift", args=[attempt.pk]))
    assert response.status_code in (302, 403)
    if role == "anonymous":
        assert reverse("login") in response["Location"]
    else:
        assert response.status_code == 403
    assert AccessAttempt.objects.filter(username="anna").exists()
    assert not AuditEntry.objects.filter(action="login.unlock").exists()
