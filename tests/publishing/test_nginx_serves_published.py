"""A published folder served by a real nginx (Debian's package, on loopback): every link of
every page reaches a file nginx serves, pages and feeds have their types, and a reader polling
while a round is written never meets a file its manifest names missing, and once it sees the new
manifest, every file is the one the manifest names."""

import hashlib
import http.client
import json
import re
import threading
from urllib.parse import unquote, urljoin

import pytest

from publishing.pages import event_files
from publishing.plan import manifest
from publishing.services import event_publish
from tests.publishing.servers import Nginx, nginx_binary
from tests.publishing.world import second_result, small_event

pytestmark = [pytest.mark.slow, pytest.mark.django_db]
LINK = re.compile(r'(?:href|src|data-stamp)="([^"#]*)(?:#[^"]*)?"')


@pytest.fixture
def served(tmp_path):
    assert nginx_binary(), "nginx is missing: apt-get install nginx (.ci/run installs it)"
    root = tmp_path / "www"
    root.mkdir()
    server = Nginx(tmp_path, root)
    yield server, root
    server.stop()


def get(port: int, path: str) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()
    finally:
        conn.close()


def test_every_link_of_the_published_site_reaches_a_file(director, served):
    server, root = served
    event_publish(small_event(director), str(root))
    seen, queue, broken = set(), ["/index.html"], []
    while queue:
        path = queue.pop()
        status, kind, body = get(server.port, path)
        if status != 200:
            broken.append(path)
            continue
        if kind.startswith("text/html"):
            for link in LINK.findall(body.decode()):
                if link and not link.startswith(("http:", "https:", "mailto:")):
                    target = urljoin(path, link)
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
    assert broken == []
    assert {"/ja/live/index.html", "/A/standings/index.html", "/stamp.json"} <= {
        unquote(p) for p in seen
    }
    assert get(server.port, "/A/feed.json")[1] == "application/json"
    assert get(server.port, "/A/print/rules/index.pdf")[1] == "application/pdf"
    assert get(server.port, "/index.html")[1].startswith("text/html")


def test_a_reader_never_meets_half_a_round(director, served):
    server, root = served
    event = small_event(director)
    event_publish(event, str(root))
    problems, done, final = [], threading.Event(), {}

    def read_round():
        status, _, raw = get(server.port, "/manifest.json")
        listed = json.loads(raw)["files"]
        stamp = get(server.port, "/stamp.json")[2]
        bodies = {path: get(server.port, "/" + path) for path in listed}
        if get(server.port, "/stamp.json")[2] != stamp:
            return  # a newer round began meanwhile: this sample proves nothing
        newest = json.loads(stamp)["manifest"] == final["hash"]
        for path, (status, _, body) in bodies.items():
            if status != 200:
                problems.append(("missing", path))
            elif newest and hashlib.sha256(body).hexdigest() != listed[path]:
                problems.append(("stale", path))

    def reader():
        while not done.is_set():
            read_round()
        read_round()

    second_result(director, event)
    final["hash"] = manifest.manifest_hash(manifest.hashes(event_files(event)))
    thread = threading.Thread(target=reader)
    thread.start()
    try:
        report = event_publish(event, str(root))
    finally:
        done.set()
        thread.join(60)
    assert report.manifest_hash == final["hash"]
    assert problems == []
