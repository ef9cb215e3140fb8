"""The production path behind a real reverse proxy: nginx (Debian's package) terminates TLS on
loopback in front of `manage.py serve` (gunicorn, DEBUG off, BEHIND_PROXY=1), setting
X-Forwarded-For from each client's own loopback address and X-Forwarded-Proto from its scheme.

Shown here: a client that typed wrong passwords is locked out and the client beside it behind the
same proxy is not; a client that reaches gunicorn itself (not through nginx, the one trusted
proxy: TRUSTED_PROXIES defaults to loopback's own 127.0.0.1) is counted by its own address
whatever X-Forwarded-For it sends, and cannot lock out the client it names; /healthz answers 200 over plain HTTP while pages redirect to HTTPS; HSTS is sent
on HTTPS only, and a client claiming HTTPS in its own header over plain HTTP gets none.
"""

import http.client
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
CLIENT_A = "127.0.0.2"
CLIENT_B = "127.0.0.3"
DIRECT = "127.0.0.4"  # reaches gunicorn without nginx
VICTIM = "127.0.0.5"  # the address DIRECT names as its own
LIMIT = 10
PASSWORD = "proxy-test-pw-" + "x" * 12

# django_db: the server's own database is a copy of the migrated test database (PostgreSQL), so
# the run must make one. Each test's own transaction holds nothing: the server writes elsewhere.
pytestmark = [pytest.mark.slow, pytest.mark.django_db]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, deadline: float) -> None:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(process.stdout.read().decode(errors="replace")[-4000:])
        with socket.socket() as probe:
            probe.settimeout(0.5)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise AssertionError(f"nothing listened on {port} in time")


NGINX_CONF = """
worker_processes 1;
daemon off;
pid {tmp}/nginx.pid;
{user}
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  server {{
    listen 127.0.0.1:{http_port};
    listen 127.0.0.1:{https_port} ssl;
    ssl_certificate {tmp}/cert.pem;
    ssl_certificate_key {tmp}/key.pem;
    location / {{
      proxy_pass http://127.0.0.1:{app_port};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }}
  }}
}}
"""


class Site:
    def __init__(self, tmp: Path, http_port: int, https_port: int, app_port: int):
        self.http_port = http_port
        self.https_port = https_port
        self.app_port = app_port
        self.tls = ssl.create_default_context(cafile=str(tmp / "cert.pem"))

    def request(self, source, method, path, *, https=True, body=None, headers=None, direct=False):
        if direct:  # to gunicorn itself, claiming HTTPS as a proxy would
            conn = http.client.HTTPConnection(
                "127.0.0.1", self.app_port, source_address=(source, 0), timeout=20
            )
            headers = {"X-Forwarded-Proto": "https", **(headers or {})}
        elif https:
            conn = http.client.HTTPSConnection(
                "127.0.0.1",
                self.https_port,
                context=self.tls,
                source_address=(source, 0),
                timeout=20,
            )
        else:
            conn = http.client.HTTPConnection(
                "127.0.0.1", self.http_port, source_address=(source, 0), timeout=20
            )
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read().decode()
        finally:
            conn.close()


class Browser:
    """One client behind the proxy, from its own loopback address, over HTTPS."""

    def __init__(self, site: Site, source: str, *, direct: bool = False):
        self.site = site
        self.source = source
        self.direct = direct

    def login(self, username: str, password: str, forwarded_for: str | None = None) -> int:
        get = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
        status, headers, page = self._request("GET", "/login/", headers=get)
        assert status == 200
        cookie = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        form = f"csrfmiddlewaretoken={token}&username={username}&password={password}"
        port = self.site.app_port if self.direct else self.site.https_port
        extra = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie}",
            "Origin": f"https://127.0.0.1:{port}",
        }
        if forwarded_for:
            extra["X-Forwarded-For"] = forwarded_for
        return self._request("POST", "/login/", body=form, headers=extra)[0]

    def _request(self, method, path, **kwargs):
        return self.site.request(self.source, method, path, direct=self.direct, **kwargs)


def own_database(tmp: Path, migrated_sqlite, migrated_postgres):
    """A database of the test's own, migrated: a copy of the run's migrated file on SQLite, a
    copy of the migrated template database on PostgreSQL (the drop function is not None)."""
    if migrated_postgres is None:
        return migrated_sqlite(tmp / "proxy.sqlite3"), None
    return migrated_postgres(f"{settings.DATABASES['default']['NAME']}_proxy"[:60])


@pytest.fixture(scope="module")
def site(tmp_path_factory, migrated_sqlite, migrated_postgres):
    nginx = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    assert nginx, "nginx is missing: apt-get install nginx (.ci/run installs it)"
    tmp = tmp_path_factory.mktemp("proxy")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
        check=True,
        capture_output=True,
    )
    app_port, http_port, https_port = free_port(), free_port(), free_port()
    database_url, drop_database = own_database(tmp, migrated_sqlite, migrated_postgres)
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CACHE_URL"}}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env |= {
        "DEBUG": "0",
        "SECRET_KEY": "proxy-test-" + "k" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "BEHIND_PROXY": "1",
        "DATABASE_URL": database_url,
        "BIND": f"127.0.0.1:{app_port}",
        "WEB_CONCURRENCY": "2",
        "LOGIN_FAILURE_LIMIT": str(LIMIT),
        "STATIC_ROOT": str(tmp / "static"),  # never the folder another test collects into
        "DJANGO_SETTINGS_MODULE": "tests.server_settings",  # the tests' fast password hasher
        # No interpreter directory on PATH: serve finds gunicorn beside its own interpreter.
        "PATH": "/usr/bin:/bin",
    }
    user = "user root root;" if os.geteuid() == 0 else ""
    (tmp / "nginx.conf").write_text(
        NGINX_CONF.format(
            tmp=tmp, user=user, http_port=http_port, https_port=https_port, app_port=app_port
        )
    )
    server = proxy = None
    try:
        manage = [sys.executable, "manage.py"]
        server = subprocess.Popen(
            [*manage, "serve"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        proxy = subprocess.Popen(
            [nginx, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-e", str(tmp / "error.log")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        # The account is made while the server starts (its start reads no account): two
        # interpreters' start-up side by side rather than one after the other.
        subprocess.run(
            [*manage, "createsuperuser", "--noinput", "--username", "ada", "--email", "a@x.org"],
            cwd=ROOT,
            env=env | {"DJANGO_SUPERUSER_PASSWORD": PASSWORD},
            check=True,
            capture_output=True,
            timeout=120,
        )
        deadline = time.monotonic() + 120
        wait_for_port(app_port, server, deadline)
        wait_for_port(https_port, proxy, deadline)
        yield Site(tmp, http_port, https_port, app_port)
    finally:
        for process in (proxy, server):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
        if drop_database is not None:
            drop_database()


def test_a_client_locked_out_behind_the_proxy_leaves_the_client_beside_it_free(site):
    a, b = Browser(site, CLIENT_A), Browser(site, CLIENT_B)
    # Ten wrong passwords from A, each for a different account: A's address is locked.
    tries = [a.login(f"nobody{n}", "wrong") for n in range(LIMIT)]
    assert tries == [200] * (LIMIT - 1) + [429]
    assert a.login("ada", PASSWORD) == 429
    # A header A writes itself does not move it: nginx appends A's real address after it.
    assert a.login("ada", PASSWORD, forwarded_for=CLIENT_B) == 429
    # B, behind the same proxy, logs in.
    assert b.login("ada", PASSWORD) == 302


def test_a_client_reaching_gunicorn_directly_cannot_choose_the_address_it_is_counted_by(site):
    direct = Browser(site, DIRECT, direct=True)
    # Ten wrong passwords, each naming another address: all count against DIRECT's own.
    tries = [direct.login(f"other{n}", "wrong", forwarded_for=f"192.0.2.{n}") for n in range(LIMIT)]
    assert tries == [200] * (LIMIT - 1) + [429]
    # Naming VICTIM's address did not lock VICTIM out: through nginx it logs in.
    assert direct.login("ada", PASSWORD, forwarded_for=VICTIM) == 429
    assert Browser(site, VICTIM).login("ada", PASSWORD) == 302


def test_health_answers_200_over_plain_http_while_pages_redirect_to_https(site):
    status, _headers, body = site.request(CLIENT_A, "GET", "/healthz", https=False)
    assert status == 200
    assert '"status": "ok"' in body
    status, headers, _body = site.request(CLIENT_A, "GET", "/", https=False)
    assert status == 301
    assert headers["Location"] == f"https://127.0.0.1:{site.http_port}/"


def test_hsts_is_sent_on_proxied_https_only(site):
    status, headers, _body = site.request(CLIENT_B, "GET", "/healthz")
    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    status, headers, _body = site.request(CLIENT_B, "GET", "/healthz", https=False)
    assert status == 200
    assert "Strict-Transport-Security" not in headers
    # Claiming HTTPS in the client's own header over plain HTTP: nginx sets the real scheme.
    status, headers, _body = site.request(
        CLIENT_B, "GET", "/", https=False, headers={"X-Forwarded-Proto": "https"}
    )
    assert status == 301
    assert "Strict-Transport-Security" not in headers
