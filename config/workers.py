"""Settings for tests run in parallel by pytest-xdist (read by config.settings, no Django)."""

from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default number of databases


def worker_location(url: str, worker: str) -> str:
    """The Redis URL a pytest-xdist worker (``gw0``, ``gw1``, ...) uses: the URL's database
    number plus the worker's, modulo 16, so a worker emptying its cache between tests never
    empties another's. Any other process (``worker`` empty) keeps the URL as it is."""
    if not url or not worker.startswith("gw") or not worker[2:].isdigit():
        return url
    parts = urlsplit(url)
    base = parts.path.strip("/")
    number = (int(base) if base.isdigit() else 0) + int(worker[2:])
    return urlunsplit(parts._replace(path=f"/{number % REDIS_DATABASES}"))
