"""A small keep-alive HTTP client for the load benchmark: cookies, CSRF and a login, loopback only."""

from __future__ import annotations

import http.client
import re
import time
import urllib.parse
from http.cookies import SimpleCookie
from pathlib import Path

_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)"')
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Session:
    """One client: a kept-alive connection to the server and its cookies."""

    def __init__(self, base: str) -> None:
        parts = urllib.parse.urlsplit(base)
        if parts.hostname not in LOOPBACK:
            raise ValueError(f"the load benchmark only talks to loopback, not {parts.hostname}")
        self.host, self.port = parts.hostname, parts.port
        self.cookies: dict[str, str] = {}
        self.connection = self._connect()

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def request(
        self, method: str, path: str, body: str | None = None, headers=None, anonymous=False
    ):
        headers = dict(headers or {})
        if self.cookies and not anonymous:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):  # a worker may close a kept-alive connection between requests
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = self._connect()
                if attempt:
                    return 0, ""
        if not anonymous:
            for value in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
        return response.status, text

    def get(self, path: str, anonymous: bool = False) -> tuple[int, str]:
        return self.request("GET", path, anonymous=anonymous)

    def post_form(self, path: str, fields: dict[str, str]) -> int:
        return self.post_form_page(path, fields)[0]

    def post_form_page(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        _, page = self.get(path)
        found = _TOKEN.search(page)
        token = found.group(1) if found else self.cookies.get("csrftoken", "")
        body = urllib.parse.urlencode(fields | {"csrfmiddlewaretoken": token})
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": token,
            "Referer": f"http://{self.host}:{self.port}{path}",
            "HX-Request": "true",
        }
        return self.request("POST", path, body, headers)

    def enter_result(self, path: str, line: str) -> int:
        """Type a result line as a director does: the page shows the game, Enter saves it."""
        status, shown = self.post_form_page(path, {"line": line})
        if status != 200:
            return status
        confirm = {
            name: value for name, value in _HIDDEN.findall(shown) if name != "csrfmiddlewaretoken"
        }
        return self.post_form(path, {"line": line} | confirm)

    def login(self, username: str, password: str) -> None:
        status = self.post_form("/login/", {"username": username, "password": password})
        if status != 302:
            raise RuntimeError(f"the load benchmark could not log in (HTTP {status})")


def wait_until_up(url: str, server, seconds: float = 60) -> None:
    """Wait for the server to answer ``url`` with 200; fail early if it exited."""
    parts = urllib.parse.urlsplit(url)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            log_path = getattr(server, "log_path", None)
            log = Path(log_path).read_text() if log_path else ""
            raise RuntimeError(f"the server exited while starting:\n{log[-2000:]}")
        try:
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=2)
            connection.request("GET", parts.path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError("the server did not answer in time")
