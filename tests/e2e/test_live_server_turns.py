"""The browser tests' live server queues requests only when its threads share one connection."""

import threading
import urllib.request

import pytest
from django.db import connection
from django.test.testcases import QuietWSGIRequestHandler

from tests.live_server import OneRequestAtATimeOnSharedSQLite


class SharedConnection:
    """Stands for the test's connection handed to the server's threads (closed after each)."""

    def close(self) -> None:
        pass


def _entered_together(connections_override: dict, second: str = "/second") -> bool:
    """Whether a second request enters the application while the first is still inside it."""
    first_inside, second_inside, release = threading.Event(), threading.Event(), threading.Event()

    def app(environ, start_response):
        if environ["PATH_INFO"] == "/first":
            first_inside.set()
            release.wait(timeout=10)
        else:
            second_inside.set()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    server = OneRequestAtATimeOnSharedSQLite(
        ("127.0.0.1", 0), QuietWSGIRequestHandler, connections_override=connections_override
    )
    server.set_app(app)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    calls = [
        threading.Thread(target=urllib.request.urlopen, args=(f"{url}{path}",), daemon=True)
        for path in ("/first", second)
    ]
    try:
        calls[0].start()
        assert first_inside.wait(timeout=10)
        calls[1].start()
        together = second_inside.wait(timeout=0.5)
    finally:
        release.set()
        for call in calls:
            call.join(timeout=10)
        server.shutdown()
        server.server_close()
    assert second_inside.is_set()  # queued or not, the second request is answered
    return together


def test_requests_are_queued_when_the_threads_share_the_tests_connection():
    assert _entered_together({"default": SharedConnection()}) is False


@pytest.mark.django_db
def test_with_a_connection_a_thread_requests_are_queued_only_on_in_memory_sqlite():
    # pytest-django's session live server shares no connection (it starts before the test
    # database exists); on in-memory SQLite each thread's own connection reaches the same shared
    # cache, where a write beside another connection's read fails at once, so it queues too.
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    assert _entered_together({}) is not in_memory


def test_a_static_file_is_served_beside_a_request_in_its_turn():
    assert _entered_together({"default": SharedConnection()}, "/static/desk/desk.js") is True


def test_the_runs_live_server_is_the_one_that_takes_turns(live_server):
    assert type(live_server.thread.httpd) is OneRequestAtATimeOnSharedSQLite
