"""The login lockout keys on the client's address: behind a proxy (BEHIND_PROXY=1) the address the
trusted proxies (TRUSTED_PROXIES, their networks) wrote into X-Forwarded-For, without one, or
for a connection from outside those networks, the connecting address, whatever headers say."""

import json
import os
import subprocess
import sys
from ipaddress import ip_network
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent.parent
LIMIT = settings.AXES_FAILURE_LIMIT
NAMES = ["AXES_CLIENT_IP_CALLABLE", "BEHIND_PROXY", "TRUSTED_PROXIES", "SECURE_PROXY_SSL_HEADER"]
PROXY = "10.1.1.1"  # the load balancer, as the app server sees it
PROXIES = (ip_network("10.0.0.0/8"),)


def settings_under(**env) -> dict:
    """The address settings config.settings makes of this environment, read in a fresh process."""
    probe = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {NAMES!r}}}))"
    )
    clean = {k: v for k, v in os.environ.items() if k not in {"BEHIND_PROXY", "TRUSTED_PROXIES"}}
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    return {name: tuple(v) if isinstance(v, list) else v for name, v in found.items()}


def login(client, username, password, forwarded=None, remote=PROXY):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def spray(client, forwarded, remote=PROXY, accounts=True):
    """Wrong passwords from one client (for LIMIT different accounts, or one): locks its address."""
    return [
        login(
            client, f"nobody{n}" if accounts else "nobody", "wrong", forwarded, remote
        ).status_code
        for n in range(LIMIT)
    ]


@pytest.fixture
def behind_proxy():
    with override_settings(BEHIND_PROXY=True, TRUSTED_PROXY_NETWORKS=PROXIES):
        yield


@pytest.fixture
def no_proxy():
    with override_settings(BEHIND_PROXY=False, TRUSTED_PROXY_NETWORKS=PROXIES):
        yield


def test_behind_a_proxy_the_lockout_keys_on_the_client_the_proxy_names(client, behind_proxy):
    factories.user("ben")
    assert spray(client, "203.0.113.5") == [200] * (LIMIT - 1) + [429]
    assert login(client, "ben", "pw-for-tests-1", "203.0.113.5").status_code == 429
    # Another client behind the same proxy is not locked out with the first.
    assert login(client, "ben", "pw-for-tests-1", "198.51.100.7").status_code == 302


def test_behind_a_proxy_a_forged_header_entry_does_not_escape_the_lock(client, behind_proxy):
    factories.user("ben")
    spray(client, "203.0.113.5")
    # The client writes its own X-Forwarded-For; the proxy appends the real address after it.
    forged = "198.51.100.7, 203.0.113.5"
    assert login(client, "ben", "pw-for-tests-1", forged).status_code == 429


def test_behind_two_proxies_the_client_is_the_first_untrusted_from_the_right(client):
    with override_settings(BEHIND_PROXY=True, TRUSTED_PROXY_NETWORKS=PROXIES):
        factories.user("ben")
        spray(client, "1.2.3.4, 203.0.113.5, 10.2.2.2")
        assert login(client, "ben", "pw-for-tests-1", "203.0.113.5, 10.2.2.2").status_code == 429
        assert login(client, "ben", "pw-for-tests-1", "198.51.100.7, 10.2.2.2").status_code == 302


def test_a_client_reaching_the_app_server_directly_cannot_choose_its_address(client, behind_proxy):
    """From outside the proxies' networks, a header is the client's own words: each wrong
    password counts against the connecting address, whatever address the header names."""
    factories.user("ben")
    codes = [
        login(client, f"nobody{n}", "wrong", f"192.0.2.{n}", remote="203.0.113.9").status_code
        for n in range(LIMIT)
    ]
    assert codes == [200] * (LIMIT - 1) + [429]
    # ... and it cannot lock out the client it names: that one, through the proxy, logs in.
    spray(client, "198.51.100.7", remote="203.0.113.9")
    assert login(client, "ben", "pw-for-tests-1", "198.51.100.7").status_code == 302


def test_without_a_proxy_the_header_is_ignored_and_the_connecting_address_counts(client, no_proxy):
    factories.user("ben")
    spray(client, "203.0.113.5")
    # Every request came from PROXY's address: a header a client writes changes nothing.
    assert login(client, "ben", "pw-for-tests-1", "198.51.100.7").status_code == 429
    assert login(client, "ben", "pw-for-tests-1").status_code == 429


def test_without_a_proxy_a_client_cannot_frame_another_address(client, no_proxy):
    factories.user("ben")
    # Ten wrong passwords claiming to come from 198.51.100.7 lock only the real address.
    spray(client, "198.51.100.7")
    response = client.post(
        reverse("login"),
        {"username": "ben", "password": "pw-for-tests-1"},
        REMOTE_ADDR="198.51.100.7",
    )
    assert response.status_code == 302


def test_the_settings_trust_loopback_by_default_and_the_networks_listed():
    assert settings_under(BEHIND_PROXY="1")["TRUSTED_PROXIES"] == ("127.0.0.1/32", "::1/128")
    listed = settings_under(BEHIND_PROXY="1", TRUSTED_PROXIES="10.0.0.0/8, 192.168.1.0/24")
    assert listed["TRUSTED_PROXIES"] == ("10.0.0.0/8", "192.168.1.0/24")
    assert listed["AXES_CLIENT_IP_CALLABLE"] == "core.client_address.client_ip"


@pytest.mark.parametrize("networks", ["1", "two", "10.0.0.0/33", "10.0.0.0/8, x"])
def test_a_trusted_proxy_list_that_is_no_networks_stops_the_start(networks):
    clean = dict(os.environ, BEHIND_PROXY="1", TRUSTED_PROXIES=networks)
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0
    assert "TRUSTED_PROXIES must list the proxies' networks" in out.stderr
