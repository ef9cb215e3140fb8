"""Where a page of the site lands among an event's published files, and the links between them.

A site address below the event (``/t/<slug>/A/standings/``) becomes a path below the target's
root (``A/standings/index.html``); an address ending in ``/`` is a folder's ``index`` file, named
by its kind (``.html``, ``.pdf``, ``.json``), with the query, if any, in its name
(``A/print/pairings/index-round-3.pdf``). Every language but the root one has its own folder
(``ja/A/standings/index.html``). Links are written relative, with the file's name in full, so the
same files work from any host, under any prefix, behind any CDN, and from a disk (``file://``).
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import parse_qsl

EXTENSIONS = {"text/html": "html", "application/pdf": "pdf", "application/json": "json"}
INDEX = "index.html"
_UNSAFE = re.compile(r"[^a-z0-9]+")


def language_prefix(language: str, root_language: str) -> str:
    return "" if language == root_language else f"{language}/"


def _query_suffix(query: str) -> str:
    words = []
    for key, value in sorted(parse_qsl(query, keep_blank_values=True)):
        words += [
            _UNSAFE.sub("-", key.lower()).strip("-"),
            _UNSAFE.sub("-", value.lower()).strip("-"),
        ]
    return "-".join(word for word in words if word)


def file_path(relative_url: str, query: str, content_type: str) -> str:
    """The file of the site address ``relative_url`` (below the event, no leading ``/``) with
    ``query`` (may be empty), answered as ``content_type``."""
    kind = EXTENSIONS.get(content_type.split(";")[0].strip(), "html")
    suffix = _query_suffix(query)
    if relative_url == "" or relative_url.endswith("/"):
        name = "index" + (f"-{suffix}" if suffix else "") + f".{kind}"
        return relative_url + name
    if suffix:
        stem, dot, ext = relative_url.rpartition(".")
        return f"{stem}-{suffix}.{ext}" if dot else f"{relative_url}-{suffix}"
    return relative_url


def relative_link(from_file: str, to_file: str) -> str:
    """The path from the published file ``from_file`` to ``to_file`` (both below the root)."""
    return posixpath.relpath(to_file, posixpath.dirname(from_file) or ".")


def hashed_name(name: str, digest: str) -> str:
    """``css/site.css`` -> ``css/site.0123456789ab.css``, as Django's manifest storage names it."""
    folder, _, base = name.rpartition("/")
    stem, dot, ext = base.rpartition(".")
    hashed = f"{stem}.{digest[:12]}.{ext}" if dot else f"{base}.{digest[:12]}"
    return f"{folder}/{hashed}" if folder else hashed


def is_safe_path(path: str) -> bool:
    """A published path stays below the root: relative, no ``..``, no empty or hidden part."""
    parts = path.split("/")
    return (
        bool(path)
        and not path.startswith("/")
        and all(part and part not in {".", ".."} and not part.startswith(".") for part in parts)
    )
