"""The live server every test of the run shares (pytest-django's session ``live_server``).

tests/conftest.py makes it this class for the whole run: a session fixture is built once per
worker, by whichever test asks first (a browser test or the page-proxy bench), so the class is
set before any of them.
"""

import threading

from django.conf import settings
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connection


class OneRequestAtATimeOnSharedSQLite(ThreadedWSGIServer):
    """The live server, answering one request at a time on an in-memory SQLite test database.

    Its threads reach one in-memory database either through the test's own connection (Django's
    ``connections_override``) or, as with pytest-django's session live server, through a
    connection a thread to the same shared cache: that server starts before the test database
    exists, so it shares none. Either way SQLite answers a write beside another thread's
    unfinished read with "database table is locked" at once, with no busy wait (the page's live
    preview read a table while a typed result or a turn was saved). A real server has a
    connection a thread to a file or a server, as on PostgreSQL, where the suite runs again with
    real concurrency and nothing is queued. Connections stay open side by side (keep-alive);
    only the application's work is queued, and static files (no database) are served at once.
    """

    def set_app(self, application):
        turn = threading.Lock()
        static = settings.STATIC_URL  # files served beside Django, with no database to share

        def one_at_a_time(environ, start_response):
            if environ.get("PATH_INFO", "").startswith(static) or not self.takes_turns():
                return application(environ, start_response)
            with turn:
                return application(environ, start_response)

        return super().set_app(one_at_a_time)

    def takes_turns(self) -> bool:
        """Whether the threads' connections reach one in-memory SQLite database: the test's own
        connection shared with them, or (pytest-django starts its session live server before
        the test database exists, so it shares none) a connection a thread to the same shared
        cache, where a write beside another connection's read fails at once just the same."""
        if self.connections_override:
            return True
        return connection.vendor == "sqlite" and connection.is_in_memory_db()
