"""The static files the published pages use, under names that change with their content.

A page links ``/static/desk/desk.css`` (or, with the manifest storage of production, already
``/static/desk/desk.0123456789ab.css``); the published copy is ``static/desk/desk.<hash>.css``,
so a CDN or a browser may keep it for ever, and a new version is a new name. Files are read from
the collected static files when there are any, else from the apps' static folders (a laptop
running the site from source).
"""

from __future__ import annotations

import re

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage

from .plan import paths
from .plan.manifest import content_hash

_ALREADY_HASHED = re.compile(r"\.[0-9a-f]{12}\.[A-Za-z0-9]+$")
FOLDER = "static/"


def _read(name: str) -> bytes | None:
    try:
        if staticfiles_storage.exists(name):
            with staticfiles_storage.open(name) as handle:
                return handle.read()
    except (OSError, ValueError):
        pass
    found = finders.find(name)
    if not found:
        return None
    with open(found, "rb") as handle:
        return handle.read()


class StaticAssets:
    """The static files of one round: each read and named once, however many pages use it."""

    def __init__(self):
        self.files: dict[str, bytes] = {}
        self.names: dict[str, str | None] = {}

    def published(self, name: str) -> str | None:
        """The published path of the static file ``name`` (None when there is no such file)."""
        if name in self.names:
            return self.names[name]
        data = _read(name) if paths.is_safe_path(name) else None
        path = None
        if data is not None:
            hashed = name if _ALREADY_HASHED.search(name) else None
            path = FOLDER + (hashed or paths.hashed_name(name, content_hash(data)))
            self.files[path] = data
        self.names[name] = path
        return path
