"""Browser tests: Playwright drives Debian's chromium (never a downloaded browser): its headless
shell where installed (as .ci/run does), else the full chromium.

CI sets REQUIRE_E2E=1, so a missing chromium fails there. On a developer machine without chromium
the browser tests are deselected with a notice rather than failing the whole run.
"""

import base64
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import fontpkg_noto_sans
import fontpkg_noto_sans_thai
import noto_cjk_sans_otc
import pytest
from django.core.signals import request_finished, request_started


def debian_chromium(path: str | None = None) -> str:
    """Debian's headless shell of chromium where it is installed, else Debian's chromium.

    The shell (package chromium-headless-shell, built from the same Debian source as chromium)
    is the same Blink and V8 without the desktop browser around them; it is what Playwright
    itself runs for headless tests. The browser tests' chromium took 211 s of CPU of a 890 s
    PostgreSQL run with the full browser and 119 s of 790 s with the shell (2 cores)."""
    search = path if path is not None else f"{os.environ.get('PATH', '')}:/usr/bin"
    for name in ("chromium-headless-shell", "chromium"):
        found = shutil.which(name, path=search)
        if found:
            return found
    return "/usr/bin/chromium"


CHROMIUM = debian_chromium()
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    e2e = [item for item in items if "e2e" in item.keywords]
    if not e2e:
        return
    if os.environ.get("REQUIRE_E2E"):
        raise pytest.UsageError(f"Browser tests need Debian's chromium at {CHROMIUM}.")
    config.hook.pytest_deselected(items=e2e)
    items[:] = [item for item in items if "e2e" not in item.keywords]
    print(
        f"\nNOTE: {len(e2e)} browser tests deselected: apt-get install chromium-headless-shell to run them."
    )


@pytest.fixture(scope="session", autouse=True)
def allow_orm_beside_playwright():
    """Playwright's sync API runs an event loop in the test thread; the test's own ORM calls are
    still synchronous, so allow them while browser tests run."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="session")
def playwright(playwright):
    """Close the database connections opened while Playwright ran, before it stops.

    While Playwright's sync API runs, the test thread has a running asyncio loop (Playwright
    marks its loop as running between calls), so Django keeps the thread's connections in a
    store of the async context instead of the thread's own (asgiref's Local, thread_critical).
    When Playwright stops, the thread's own store comes back and the connections of the other
    are out of reach, still open: PostgreSQL then refuses to drop the test database ("is being
    accessed by other users"). Django's TestCase closes its connections after each test; a
    connection opened outside one (a module's shared set-up) stayed open."""
    yield playwright
    from django.db import connections

    connections.close_all()


class RequestsInFlight:
    """Counts the live server's requests between Django's request_started and request_finished."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()

    def started(self, **_kwargs) -> None:
        with self.lock:
            self.count += 1

    def finished(self, **_kwargs) -> None:
        with self.lock:
            self.count -= 1

    def wait_idle(self, quiet: float = 0.2, limit: float = 15.0) -> None:
        """Return once no request has been in flight for `quiet` seconds (or after `limit`)."""
        deadline, idle_since = time.monotonic() + limit, None
        while time.monotonic() < deadline:
            now = time.monotonic()
            if self.count > 0:
                idle_since = None
            elif idle_since is None:
                idle_since = now
            elif now - idle_since >= quiet:
                return
            time.sleep(0.02)


@pytest.fixture(autouse=True)
def live_server_idle_before_flush():
    """After the page closes, wait for the live server's last requests before the database is
    flushed: on PostgreSQL a request still holding a row lock (a clock read polled every few
    seconds) deadlocks against the flush's TRUNCATE.

    Autouse fixtures are set up before `page`, so this teardown runs after the page has closed,
    and after pytest-django's own autouse database fixture was set up, so before its flush.
    """
    in_flight = RequestsInFlight()
    request_started.connect(in_flight.started)
    request_finished.connect(in_flight.finished)
    try:
        yield
    finally:
        in_flight.wait_idle()
        request_started.disconnect(in_flight.started)
        request_finished.disconnect(in_flight.finished)


def fontconfig_with_the_projects_fonts() -> Path:
    """A fontconfig file adding the Noto faces the PDFs use (installed from PyPI) to the system's.

    A phone has fonts for Thai, Chinese and Japanese; a bare Debian server may have none, and its
    chromium would draw every such character as a box. With this file the screenshots show the
    pages as a phone does, without asking for system font packages.
    """
    folders = {
        fontpkg_noto_sans.ROOT / "files",
        fontpkg_noto_sans_thai.ROOT / "files",
        Path(str(noto_cjk_sans_otc.FONT_PATH)).parent,
    }
    dirs = "".join(f"<dir>{folder}</dir>" for folder in sorted(map(str, folders)))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # one file each: workers write at once
    path = Path(tempfile.gettempdir()) / f"desk-e2e-fonts-{os.getuid()}-{worker}.conf"
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        f'<fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>{dirs}'
        "</fontconfig>"
    )
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "env": {**os.environ, "FONTCONFIG_FILE": str(fontconfig_with_the_projects_fonts())},
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def pictures_wanted() -> bool:
    """Whether the browser tests keep their pictures (artifacts/screenshots). They are records
    for a person to look at, asserted on nowhere, and the same whichever database serves the
    pages: .ci/run keeps them in its SQLite pass and sets DESK_PICTURES=0 for the PostgreSQL
    pass, where encoding about 300 of them cost about 30 s of CPU (2 cores) to no reader."""
    return os.environ.get("DESK_PICTURES", "1").strip() != "0"


def viewport_png(page, path) -> Path:
    """Save what the screen shows now as a PNG at ``path`` (when pictures are wanted)."""
    if pictures_wanted():
        page.screenshot(path=str(path))
    return Path(path)


def full_page_png(page, path) -> Path:
    """Save the whole page as a PNG at ``path``, as ``page.screenshot(full_page=True)`` would,
    but encoded for speed (DevTools' ``optimizeForSpeed``): the same pixels in a file about a
    quarter larger, in half the browser's time. PNG encoding was the browser's largest cost in
    the browser tests (the accessibility sweep at 1280 px: 15.8 s of the browser process's
    CPU with screenshots, 3.0 s without), and the tests keep about 300 pictures a run.
    Nothing is saved when pictures are not wanted (``pictures_wanted``)."""
    if not pictures_wanted():
        return Path(path)
    page.evaluate("document.fonts.ready.then(() => true)")  # as Playwright waits for fonts
    cdp = page.context.new_cdp_session(page)
    try:
        size = cdp.send("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        shot = cdp.send(
            "Page.captureScreenshot",
            {
                "format": "png",
                "optimizeForSpeed": True,
                "captureBeyondViewport": True,
                "clip": clip,
            },
        )
    finally:
        cdp.detach()
    path = Path(path)
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


@pytest.fixture
def screenshot(page):
    """Save a named screenshot under artifacts/screenshots and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        full_page_png(page, path)
        return path

    return take


@pytest.fixture
def published_site(tmp_path):
    """Debian's nginx serving an empty folder as a static host, as a venue serves published
    files: (its address, the folder)."""
    from tests.publishing.servers import Nginx

    root = tmp_path / "www"
    root.mkdir()
    server = Nginx(tmp_path, root)
    yield f"http://127.0.0.1:{server.port}", root
    server.stop()
