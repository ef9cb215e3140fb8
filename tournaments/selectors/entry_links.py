"""A player's personal link: an unguessable token naming their entry, signed with the site key.

The link is printed as a QR code on their scorecard and the result slips, and opens their own
page (``views/entry_links.py``): check in while the director has check-in open, find their table,
report their scores. Whoever holds the link acts as the player, as a phone at the table would;
the token names the entry and the time it was made, so a link older than
``ENTRY_LINK_MAX_AGE`` seconds, or of another event, is refused.
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.core import signing
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_noop

from core.refusal import Refusal

from ..models import Entry, Pairing

SALT = "tournaments.entry-link"
# Long enough for registration weeks ahead and a multi-day event; printed links stop after it.
DEFAULT_MAX_AGE = 60 * 60 * 24 * 120
MAX_TOKEN = 200

BAD = gettext_noop("This link is not valid. Ask the director for your player card.")
EXPIRED = gettext_noop("This link has expired. Ask the director for a new player card.")
OTHER_EVENT = gettext_noop("This link belongs to another event.")


class LinkRefused(Refusal):
    """A personal link that cannot be used: altered, expired or for another event."""

    def __init__(self, template: str, /, status: int = 404, **params) -> None:
        super().__init__(template, **params)
        self.status = status


def entry_token(entry_id: int) -> str:
    """The token of entry ``entry_id``'s personal link."""
    return signing.dumps(entry_id, salt=SALT)


def entry_link(tournament_slug: str, entry_id: int) -> str:
    """The path of entry ``entry_id``'s personal page."""
    return reverse(
        "tournaments:entry_link",
        kwargs={"tournament_slug": tournament_slug, "token": entry_token(entry_id)},
    )


def max_age() -> int:
    return int(getattr(settings, "ENTRY_LINK_MAX_AGE", DEFAULT_MAX_AGE))


def entry_id_of(token: str) -> int:
    """The entry a token names, or ``LinkRefused`` (no query)."""
    if len(token) > MAX_TOKEN:
        raise LinkRefused(BAD)
    try:
        value = signing.loads(token, salt=SALT, max_age=max_age())
    except signing.SignatureExpired:
        raise LinkRefused(EXPIRED, status=403) from None
    except signing.BadSignature:
        raise LinkRefused(BAD) from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise LinkRefused(BAD)
    return value


def linked_entry(tournament_slug: str, token: str) -> Entry:
    """The entry of a personal link used under event ``tournament_slug`` (1 query)."""
    entry_id = entry_id_of(token)
    entry = (
        Entry.objects.select_related("player", "division__tournament").filter(pk=entry_id).first()
    )
    if entry is None:
        raise LinkRefused(BAD)
    if entry.division.tournament.slug != tournament_slug:
        raise LinkRefused(OTHER_EVENT)
    return entry


def current_pairing(entry: Entry) -> Pairing | None:
    """The entry's game (or bye) in the latest round of its division paired so far (1 query)."""
    return (
        Pairing.objects.filter(round__division=entry.division_id)
        .filter(Q(first=entry) | Q(second=entry))
        .select_related("round", "first__player", "second__player")
        .order_by("-round__number")
        .first()
    )


# A short code a person can type (issue 33): the entry's id and a 40-bit keyed check, in
# Crockford's base 32 (no I, L, O or U; read case-insensitively, dashes and spaces ignored),
# grouped in fours: "1B-7K3M-Q9XB". Guessing a code means guessing its check (1 in 2**40 per
# try), and ``/p/`` answers a limited number of lookups a minute per address.
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_CHARS = 8
MAX_SHORT_CODE = 40


def _base32(number: int) -> str:
    digits = ""
    while True:
        number, rest = divmod(number, 32)
        digits = CROCKFORD[rest] + digits
        if number == 0:
            return digits


def _check(entry_id: int) -> str:
    key = f"{settings.SECRET_KEY}:{SALT}:short".encode()
    mac = hmac.new(key, str(entry_id).encode(), hashlib.sha256).digest()
    return _base32(int.from_bytes(mac[:5], "big")).rjust(CHECK_CHARS, "0")


def short_code(entry_id: int) -> str:
    """Entry ``entry_id``'s short code, as printed beside its QR code."""
    check = _check(entry_id)
    return f"{_base32(entry_id)}-{check[:4]}-{check[4:]}"


def short_path(entry_id: int) -> str:
    """The path a short code opens (``/p/<code>/``)."""
    return reverse("short_link", kwargs={"code": short_code(entry_id)})


def entry_id_of_code(code: str) -> int:
    """The entry a typed short code names, or ``LinkRefused`` (no query)."""
    text = "".join(code.split()).replace("-", "").upper()
    text = text.translate(str.maketrans("OIL", "011"))
    if not (CHECK_CHARS < len(text) <= MAX_SHORT_CODE) or any(c not in CROCKFORD for c in text):
        raise LinkRefused(BAD)
    head, check = text[:-CHECK_CHARS], text[-CHECK_CHARS:]
    entry_id = 0
    for char in head:
        entry_id = entry_id * 32 + CROCKFORD.index(char)
    if not hmac.compare_digest(check, _check(entry_id)):
        raise LinkRefused(BAD)
    return entry_id
