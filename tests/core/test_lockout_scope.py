"""Who sees and lifts which login lockout: staff every one, with its address; a director only the
accounts that help run their own events, by name, never an address and never a staff account."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.urls import reverse

from core.models import AuditEntry
from tests import factories

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT


def lock(client, username, address="10.0.0.1"):
    for _ in range(LIMIT):
        client.post(
            reverse("login"), {"username": username, "password": "wrong"}, REMOTE_ADDR=address
        )
    client.cookies.clear()
    return AccessAttempt.objects.get(username=username)


@pytest.fixture
def world(client):
    director = factories.user("dir")
    helper = factories.user("helper")
    other_helper = factories.user("otherhelper")
    admin = factories.user("admin", is_staff=True)
    factories.tournament(director=director, assistant=helper)
    factories.tournament(director=factories.user("otherdir"), assistant=other_helper)
    attempts = {
        "helper": lock(client, "helper", "10.0.0.11"),
        "otherhelper": lock(client, "otherhelper", "10.0.0.12"),
        "admin": lock(client, "admin", "10.0.0.13"),
    }
    return {"director": director, "admin": admin, "attempts": attempts}


def lift(client, attempt):
    return client.post(reverse("core:lockout_lift", args=[attempt.pk]))


def test_a_director_sees_only_their_events_helpers_and_no_address(client, world):
    client.force_login(world["director"])
    page = client.get(reverse("core:lockouts")).content.decode()
    assert "helper</td>" in page
    assert "otherhelper" not in page
    assert "admin" not in page
    assert "10.0.0." not in page
    assert "Address" not in page


def test_staff_see_every_lock_with_its_address(client, world):
    staff = factories.user("staffer", is_staff=True)
    client.force_login(staff)
    page = client.get(reverse("core:lockouts")).content.decode()
    for name, address in [("helper", "11"), ("otherhelper", "12"), ("admin", "13")]:
        assert f"<td>{name}</td>" in page
        assert f"<td>10.0.0.{address}</td>" in page


@pytest.mark.parametrize("who", ["otherhelper", "admin"])
def test_a_director_cannot_lift_a_lock_outside_their_events(client, world, who):
    client.force_login(world["director"])
    assert lift(client, world["attempts"][who]).status_code == 404
    assert AccessAttempt.objects.filter(username=who).exists()
    assert not AuditEntry.objects.filter(action="login.unlock").exists()


def test_a_director_lifts_their_helpers_account_lock_but_not_its_address(client, world):
    client.force_login(world["director"])
    assert lift(client, world["attempts"]["helper"]).status_code == 302
    assert not AccessAttempt.objects.filter(username="helper").exists()
    entry = AuditEntry.objects.get(action="login.unlock")
    assert entry.before == {"username": "helper"}


def test_a_staff_member_lifts_a_staff_accounts_lock_and_its_address(client, world):
    staff = factories.user("staffer", is_staff=True)
    client.force_login(staff)
    assert lift(client, world["attempts"]["admin"]).status_code == 302
    assert not AccessAttempt.objects.filter(username="admin").exists()
    assert not AccessAttempt.objects.filter(ip_address="10.0.0.13").exists()
    entry = AuditEntry.objects.get(action="login.unlock")
    assert entry.before == {"username": "admin", "ip_address": "10.0.0.13"}


def test_an_address_only_lock_is_for_staff(client):
    director = factories.user("dir")
    factories.tournament(director=director)
    for n in range(LIMIT):
        client.post(
            reverse("login"), {"username": f"nobody{n}", "password": "x"}, REMOTE_ADDR="10.6.6.6"
        )
    client.force_login(director)
    page = client.get(reverse("core:lockouts")).content.decode()
    assert "nobody" not in page
    assert "Nobody is locked out." in page


@pytest.mark.parametrize("lifter", ["staff", "director"])
def test_an_account_locked_by_failures_from_many_addresses_is_listed_and_lifted(client, lifter):
    """Ten wrong passwords for one account, each from another address: the account is locked
    though no address is; staff and the director of its event see it by name and lift it."""
    director, helper = factories.user("dir"), factories.user("spread")
    factories.tournament(director=director, assistant=helper)
    for n in range(LIMIT):
        client.post(
            reverse("login"), {"username": "spread", "password": "wrong"}, REMOTE_ADDR=f"10.9.0.{n}"
        )
    client.cookies.clear()
    assert not AccessAttempt.objects.filter(failures_since_start__gte=LIMIT).exists()
    boss = factories.user("boss", is_staff=True)
    for viewer in (boss, director) if lifter == "director" else (director, boss):
        client.force_login(viewer)
        page = client.get(reverse("core:lockouts")).content.decode()
        assert ">spread<" in page and "Nobody is locked out." not in page
    attempt = AccessAttempt.objects.filter(username="spread").first()
    assert lift(client, attempt).status_code == 302
    assert not AccessAttempt.objects.filter(username="spread").exists()
    client.logout()
    response = client.post(
        reverse("login"),
        {"username": "spread", "password": "pw-for-tests-1"},
        REMOTE_ADDR="10.9.1.1",
    )
    assert response.status_code == 302
