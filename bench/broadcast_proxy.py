"""`bench broadcast --proxy` and `bench kingscup --proxy`: nginx on loopback caching in front of
the server.

The viewers poll through nginx (Debian's package; the CI installs it), which keeps each feed a
second (the feed says ``s-maxage=1``), lets one request at a time refresh it (``proxy_cache_lock``)
while the others get the kept copy (``proxy_cache_use_stale updating``), refreshes with the tag it
holds (``proxy_cache_revalidate``) and answers the viewers' own tags with 304 itself. The cache
key is the one docs/DEPLOY.md gives: the address, the language cookie, Accept-Language and
whether the client takes gzip. Each request is logged with whether it reached the app server, so
the app server's requests/s is counted, not guessed.

The public pages under ``/t/`` (the phones of `bench kingscup`) are kept as long as the app says
(``Cache-Control: public, max-age=10`` for an anonymous visitor; nothing private, nothing with a
cookie set, nothing asked with a session is kept), keyed as the feeds plus ``HX-Request`` (the
same address gives an htmx partial or a whole page), as docs/DEPLOY.md gives it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from .load import HOST

NGINX_CONF = r"""
worker_processes 1;
worker_rlimit_nofile 8192;
daemon off;
pid {tmp}/nginx.pid;
{user}
events {{ worker_connections 4096; }}
http {{
  log_format bench '$upstream_status $upstream_cache_status $status';
  access_log {tmp}/access.log bench buffer=64k flush=1s;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  proxy_cache_path {tmp}/cache levels=1:2 keys_zone=broadcast:1m max_size=16m inactive=1m;
  proxy_cache_path {tmp}/pages levels=1:2 keys_zone=pages:4m max_size=256m inactive=1m;
  map $http_accept_encoding $bench_gzip {{ default ""; ~*gzip gzip; }}
  server {{
    listen {host}:{port} backlog=4096;
    location / {{
      proxy_pass http://{host}:{app_port};
      proxy_set_header Host $http_host;
    }}
    location ~ ^/games/broadcast/.+\.json$ {{  # the feeds only: pages are never kept
      proxy_pass http://{host}:{app_port};
      proxy_set_header Host $http_host;
      proxy_cache broadcast;
      proxy_cache_key "$request_uri|$cookie_django_language|$http_accept_language|$bench_gzip";
      proxy_ignore_headers Vary;
      proxy_cache_valid 200 1s;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating;
      proxy_cache_revalidate on;
      add_header X-Cache $upstream_cache_status always;
    }}
    location /t/ {{  # the public pages, kept as long as their Cache-Control says
      proxy_pass http://{host}:{app_port};
      proxy_set_header Host $http_host;
      proxy_cache pages;
      proxy_cache_key "$request_uri|$http_hx_request|$cookie_django_language|$http_accept_language|$bench_gzip";
      proxy_ignore_headers Vary;
      proxy_cache_bypass $cookie_sessionid;
      proxy_no_cache $cookie_sessionid;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating;
      proxy_cache_revalidate on;
      add_header X-Cache $upstream_cache_status always;
    }}
  }}
}}
"""


def nginx_binary() -> str:
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    if not found:
        raise ValueError("nginx is missing: apt-get install nginx (.ci/run installs it)")
    return found


def start_proxy(port: int, app_port: int) -> subprocess.Popen:
    """nginx on ``HOST:port`` caching the broadcast feeds and the public pages of the app server
    on ``app_port``."""
    binary = nginx_binary()
    tmp = Path(tempfile.mkdtemp(prefix="bench-broadcast-nginx-"))
    user = "user root root;" if os.geteuid() == 0 else ""
    conf = NGINX_CONF.format(tmp=tmp, user=user, host=HOST, port=port, app_port=app_port)
    (tmp / "nginx.conf").write_text(conf)
    proxy = subprocess.Popen(
        [binary, "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-e", str(tmp / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    proxy.tmp = tmp
    proxy.log_path = str(tmp / "error.log")  # read back if nginx fails to start
    return proxy


def proxy_counts(proxy: subprocess.Popen) -> dict:
    """Requests the proxy answered, and those it passed to the app server, from its log."""
    time.sleep(1.5)  # the log is flushed every second
    answered = passed = 0
    log = proxy.tmp / "access.log"
    if log.exists():
        with log.open() as lines:
            for line in lines:
                answered += 1
                passed += not line.startswith("-")
    return {"answered": answered, "passed": passed}


def stop_proxy(proxy: subprocess.Popen) -> None:
    if proxy.poll() is None:
        os.killpg(proxy.pid, signal.SIGTERM)
        proxy.wait(timeout=30)
    shutil.rmtree(proxy.tmp, ignore_errors=True)
