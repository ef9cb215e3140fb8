"""No script runs unless it is a file of this site; proxies are trusted only when declared."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["home", "tournaments:list", "players:list", "login"])
def test_pages_forbid_inline_script_and_eval(client, name):
    policy = client.get(reverse(name))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_templates_carry_no_inline_script(path):
    text = path.read_text(encoding="utf-8")
    inline_scripts = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text)
    handlers = re.findall(r"\s(on[a-z]+|hx-on[:\w-]*)\s*=", text)
    assert (inline_scripts, handlers, "|safe" in text, "javascript:" in text) == (
        [],
        [],
        False,
        False,
    )


def proxy_header(**env) -> str:
    probe = "import django; from django.conf import settings; django.setup(); " + (
        "print(getattr(settings, 'SECURE_PROXY_SSL_HEADER', None))"
    )
    base = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings"}
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=base | {"DEBUG": "0", "SECRET_KEY": "s" * 50} | env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_forwarded_proto_is_ignored_unless_the_deployment_declares_a_proxy():
    assert proxy_header() == "None"
    assert proxy_header(BEHIND_PROXY="0") == "None"
    assert proxy_header(BEHIND_PROXY="1") == "('HTTP_X_FORWARDED_PROTO', 'https')"
