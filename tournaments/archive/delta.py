"""Restore points of changes: an archive holding only what changed since an earlier point.

A King's Cup's whole archive is seconds to read, and a pairing of every division, or one
division's round end, changes little of it. A point of changes (``DELTA_FORMAT``) holds the
event's own parts whole (settings, roles, users, players, each section) as a whole archive
does, but of the divisions only those changed since its base (``changes.changed_divisions``)
with their score reports, the order of all divisions, and of the audit log only the entries
after the base's newest. ``compose`` lays it over the base's archive: the result is, key for key
and byte for byte, the whole archive that would have been read at the same moment (the moment
of export aside), so restoring from it is restoring from that.

The ``manifest`` of a point (kept on its row) is what the next point needs of it without
reading its file: each division's marks, the audit log's newest entry and count, the site's
newest entry, the users it names (and a digest of their names), and how deep its chain is.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_noop

from core.refusal import Refusal

from . import shape
from .changes import changed_parts, part_marks, site_high
from .export import EventRead, event_read, whole_division

DELTA_FORMAT = "tournament-desk-event-changes"
DELTA_VERSION = 1
DELTA_BROKEN = gettext_noop("The changes do not fit the point they were taken after (%(what)s).")


class DeltaBroken(Refusal):
    """A point of changes that does not fit its base: nothing is restored from it."""


def names_digest(user_ids: Iterable[int], records: list[dict] | None = None) -> str:
    """A digest of the usernames of ``user_ids`` as they are now (a user renamed or deleted
    since changes it: the names a point holds in its audit entries and reports are old), read
    from the archive's ``records`` of users when they hold them all."""
    wanted = set(user_ids)
    known = {r["id"]: r["username"] for r in records or () if r["id"] in wanted}
    if len(known) != len(wanted):
        rows = get_user_model().objects.filter(pk__in=wanted).values_list("pk", "username")
        known = dict(rows)
    text = "\n".join(f"{pk} {known[pk]}" for pk in sorted(known))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def manifest_of(read: EventRead, marks, state, depth: int, before=None) -> dict:
    """The manifest of a point of ``read`` (see the module), ``marks`` the parts' marks
    (``part_marks``); ``before``: its base's manifest, whose users of unchanged rounds and audit
    entries this point names too."""
    heads, rounds = marks
    high, count, site = state
    reports = {str(pk): sorted(users) for pk, users in read.report_users.items() if users}
    audit_users = set(read.audit_users)
    if before is not None:
        read_rounds = {str(r["id"]) for d in read.archive["divisions"] for r in d.get("rounds", ())}
        for pk, users in before["report_users"].items():
            if int(pk) in rounds and pk not in read_rounds:
                reports[pk] = users
        audit_users |= set(before["audit_users"])
    named = audit_users | read.role_users
    named = named.union(*(set(users) for users in reports.values()))
    return {
        "depth": depth,
        "audit_high": high,
        "audit_count": count,
        "site_high": site,
        "heads": {str(pk): mark for pk, mark in heads.items()},
        "rounds": {str(pk): [division, mark] for pk, (division, mark) in rounds.items()},
        "audit_users": sorted(audit_users),
        "report_users": reports,
        "names": names_digest(named, read.archive["users"]),
        "named": sorted(named),
    }


def whole_read(tournament) -> tuple[dict, dict]:
    """A whole archive of the event and its manifest."""
    site, marks = site_high(), part_marks(tournament)  # before the rows they stand for
    read = event_read(tournament)
    ids = [entry["id"] for entry in read.archive["audit"]]
    state = (max(ids, default=0), len(ids), site)
    return read.archive, manifest_of(read, marks, state, depth=0)


def delta_read(tournament, before: dict) -> tuple[dict, dict] | None:
    """A point of changes since the point of manifest ``before`` and its manifest; None when
    the changes cannot be told from the audit log (a whole archive is needed then)."""
    site, (heads, rounds) = site_high(), part_marks(tournament)
    parts = changed_parts(tournament, before, heads, rounds)
    if parts is None:
        return None
    unchanged_reports = (
        set(users)
        for pk, users in before["report_users"].items()
        if int(pk) in rounds and int(pk) not in parts.rounds
    )
    read = event_read(
        tournament,
        parts,
        audit_after=before["audit_high"],
        more_users=set(before["audit_users"]).union(*unchanged_reports),
    )
    if names_digest(before["named"], read.archive["users"]) != before["names"]:
        return None  # a user renamed or deleted: the base names them as they were
    delta = {"format": DELTA_FORMAT, "version": DELTA_VERSION} | {
        key: value for key, value in read.archive.items() if key not in ("format", "version")
    }
    order: dict[int, list[int]] = {pk: [] for pk in heads}
    for pk, (division, _mark) in rounds.items():
        order[division].append(pk)
    delta["division_order"] = [[pk, found] for pk, found in order.items()]
    ids = [entry["id"] for entry in read.archive["audit"]]
    state = (max([before["audit_high"], *ids]), before["audit_count"] + len(ids), site)
    return delta, manifest_of(read, (heads, rounds), state, before["depth"] + 1, before)


def is_delta(archive) -> bool:
    return isinstance(archive, dict) and archive.get("format") == DELTA_FORMAT


def compose(base: dict, delta: dict) -> dict:
    """The whole archive of ``delta`` laid over its base's whole archive ``base``."""
    if delta.get("version") != DELTA_VERSION:
        raise DeltaBroken(DELTA_BROKEN, what="version")
    try:
        divisions, kept_games = _divisions(base["divisions"], delta)
        reports = [r for r in base["score_reports"] if r["pairing"] in kept_games]
        reports = sorted(reports + delta["score_reports"], key=lambda r: r["id"])
        audit = sorted(base["audit"] + delta["audit"], key=_audit_order)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise DeltaBroken(DELTA_BROKEN, what="divisions") from None
    whole = {"format": shape.FORMAT, "version": base.get("version")}
    for key, value in delta.items():
        if key not in ("format", "version", "division_order"):
            whole[key] = value
    whole["divisions"], whole["score_reports"], whole["audit"] = divisions, reports, audit
    return whole


def _divisions(before: list[dict], delta: dict) -> tuple[list[dict], set[int]]:
    """The divisions of ``delta`` over those of its base, and the games (ids) kept from the
    base (the score reports of those are kept too)."""
    old = {record["id"]: record for record in before}
    old_rounds = {r["id"]: r for record in before for r in record["rounds_paired"]}
    changed = {record["id"]: record for record in delta["divisions"]}
    divisions, kept_games = [], set()
    for pk, round_ids in delta["division_order"]:
        new = changed.get(pk, {})
        head = new.get("head") or old[pk]
        new_rounds = {r["id"]: r for r in new.get("rounds", ())}
        rounds = []
        for round_id in round_ids:
            if round_id in new_rounds:
                rounds.append(new_rounds[round_id])
            else:
                rounds.append(old_rounds[round_id])
                kept_games |= {game["id"] for game in old_rounds[round_id]["pairings"]}
        divisions.append(whole_division(head, rounds))
    return divisions, kept_games


def _audit_order(entry: dict):
    """The order of the audit log in an archive: by moment, then id (as the database sorts)."""
    return datetime.datetime.fromisoformat(entry["at"]), entry["id"]
