"""A player's personal link: an unguessable token naming their entry, signed with the site key.

The link is printed as a QR code on their scorecard and the result slips, and opens their own
page (``views/entry_links.py``): check in while the director has check-in open, find their table,
report their scores. Whoever holds the link acts as the player, as a phone at the table would;
the token names the entry and the time it was made, so a link older than
``ENTRY_LINK_MAX_AGE`` seconds, or of another event, is refused.

A director may revoke one player's link and issue a new one (``services.entry_links``): the
token also names the entry's link generation (left out for the first, generation 0), and a
token of an older generation opens a page saying the link is void. Each link's writes (check-in,
score reports) are limited to ``ENTRY_LINK_WRITES_PER_MINUTE`` a minute (``write_allowed``).
"""

from __future__ import annotations

import hashlib
import hmac
import time

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils.translation import gettext_noop

from core.refusal import Refusal

from ..models import Entry, Pairing, Round

SALT = "tournaments.entry-link"
# Long enough for registration weeks ahead and a multi-day event; printed links stop after it.
DEFAULT_MAX_AGE = 60 * 60 * 24 * 120
MAX_TOKEN = 200

BAD = gettext_noop("This link is not valid. Ask the director for your player card.")
EXPIRED = gettext_noop("This link has expired. Ask the director for a new player card.")
OTHER_EVENT = gettext_noop("This link belongs to another event.")
REVOKED = gettext_noop(
    "This link is void: the director replaced it. Ask the director for your new player card."
)
TOO_MANY = gettext_noop(
    "Too many changes from this link in a minute. Nothing was changed; wait a minute and try again."
)
DEFAULT_WRITES_PER_MINUTE = 10


class LinkRefused(Refusal):
    """A personal link that cannot be used: altered, expired or for another event."""

    def __init__(self, template: str, /, status: int = 404, **params) -> None:
        super().__init__(template, **params)
        self.status = status


def entry_token(entry_id: int, generation: int = 0) -> str:
    """The token of entry ``entry_id``'s personal link of generation ``generation``."""
    return signing.dumps(entry_id if generation == 0 else [entry_id, generation], salt=SALT)


def entry_link(tournament_slug: str, entry_id: int, generation: int = 0) -> str:
    """The path of entry ``entry_id``'s personal page."""
    token = entry_token(entry_id, generation)
    return reverse(
        "tournaments:entry_link", kwargs={"tournament_slug": tournament_slug, "token": token}
    )


def max_age() -> int:
    return int(getattr(settings, "ENTRY_LINK_MAX_AGE", DEFAULT_MAX_AGE))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_id_of(token: str) -> tuple[int, int]:
    """The entry and link generation a token names, or ``LinkRefused`` (no query)."""
    if len(token) > MAX_TOKEN:
        raise LinkRefused(BAD)
    try:
        value = signing.loads(token, salt=SALT, max_age=max_age())
    except signing.SignatureExpired:
        raise LinkRefused(EXPIRED, status=403) from None
    except signing.BadSignature:
        raise LinkRefused(BAD) from None
    if _whole(value):
        return value, 0
    if isinstance(value, list) and len(value) == 2 and all(map(_whole, value)):
        return value[0], value[1]
    raise LinkRefused(BAD)


def linked_entry(tournament_slug: str, token: str) -> Entry:
    """The entry of a personal link used under event ``tournament_slug`` (1 query)."""
    entry_id, generation = entry_id_of(token)
    entry = (
        Entry.objects.select_related("player", "division__tournament").filter(pk=entry_id).first()
    )
    if entry is None:
        raise LinkRefused(BAD)
    if entry.division.tournament.slug != tournament_slug:
        raise LinkRefused(OTHER_EVENT)
    if entry.link_generation != generation:
        raise LinkRefused(REVOKED, status=410)
    return entry


def writes_per_minute() -> int:
    return int(getattr(settings, "ENTRY_LINK_WRITES_PER_MINUTE", DEFAULT_WRITES_PER_MINUTE))


def current_minute() -> int:
    """The minute the write counts are kept by."""
    return int(time.time() // 60)


def write_allowed(entry: Entry) -> bool:
    """Count one write from ``entry``'s current link in this minute; False once over the
    limit (the cache holds the count; a new link starts its own count)."""
    key = f"entry-link-writes:{entry.pk}:{entry.link_generation}:{current_minute()}"
    cache.add(key, 0, timeout=120)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=120)
        count = 1
    return count <= writes_per_minute()


def current_pairing(entry: Entry) -> Pairing | None:
    """The entry's game (or bye) in the latest round of its division paired so far (1 query)."""
    return (
        Pairing.objects.filter(round__division=entry.division_id)
        .filter(Q(first=entry) | Q(second=entry))
        .select_related("round", "first__player", "second__player")
        .order_by("-round__number")
        .first()
    )


def missed_first_round(entry: Entry) -> int | None:
    """The number of the entry's first round when that round is paired without them, else None
    (1 query). Checking in cannot put them in it any more: the desk re-pairs the round or starts
    them in the next one."""
    theirs = Pairing.objects.filter(round=OuterRef("pk")).filter(Q(first=entry) | Q(second=entry))
    number = entry.joins_at_round
    missed = Round.objects.filter(division=entry.division_id, number=number).filter(~Exists(theirs))
    return number if missed.exists() else None


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


def _check(entry_id: int, generation: int = 0) -> str:
    # A reissued link (generation 1, 2, ...) gets another check, so the old code dies with it.
    message = str(entry_id) if generation == 0 else f"{entry_id}:{generation}"
    key = f"{settings.SECRET_KEY}:{SALT}:short".encode()
    mac = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return _base32(int.from_bytes(mac[:5], "big")).rjust(CHECK_CHARS, "0")


def short_code(entry_id: int, generation: int = 0) -> str:
    """Entry ``entry_id``'s short code (of link generation ``generation``), as printed beside its
    QR code."""
    check = _check(entry_id, generation)
    return f"{_base32(entry_id)}-{check[:4]}-{check[4:]}"


def short_path(entry_id: int, generation: int = 0) -> str:
    """The path a short code opens (``/p/<code>/``)."""
    return reverse("short_link", kwargs={"code": short_code(entry_id, generation)})


def read_short_code(code: str) -> tuple[int, str]:
    """The entry id and check a typed short code holds, or ``LinkRefused`` (no query)."""
    text = "".join(code.split()).replace("-", "").upper()
    text = text.translate(str.maketrans("OIL", "011"))
    if not (CHECK_CHARS < len(text) <= MAX_SHORT_CODE) or any(c not in CROCKFORD for c in text):
        raise LinkRefused(BAD)
    head, check = text[:-CHECK_CHARS], text[-CHECK_CHARS:]
    entry_id = 0
    for char in head:
        entry_id = entry_id * 32 + CROCKFORD.index(char)
    return entry_id, check


def short_code_entry(code: str) -> Entry:
    """The entry a typed short code opens (1 query): ``LinkRefused`` when there is no such
    entry or the check is wrong, and the void-link refusal when the code is of a link the
    director has since reissued."""
    entry_id, check = read_short_code(code)
    entry = Entry.objects.select_related("division__tournament").filter(pk=entry_id).first()
    if entry is None:
        raise LinkRefused(BAD)
    if hmac.compare_digest(check, _check(entry_id, entry.link_generation)):
        return entry
    if any(hmac.compare_digest(check, _check(entry_id, g)) for g in range(entry.link_generation)):
        raise LinkRefused(REVOKED, status=410)
    raise LinkRefused(BAD)
