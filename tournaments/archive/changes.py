"""What changed in an event since a restore point: which parts of its divisions (a division's
head: its settings, entries, prize bands and pins; each of its rounds with its games), and
whether the audit log still holds exactly what the point saw, so the next point may keep only
those parts.

Every write to an event is audited with its event (``tests/test_audited_writes.py`` holds every
write flow to it), so the entries written since a point name what changed: each entry's object
is followed to its part. Whatever cannot be placed (an object since deleted whose snapshots name
no part, a change of the whole event, a kind of object not known here) asks for a whole
archive, as does a sign that the log differs from what the point saw (an entry committed after
the point with an older id, an erasure). Each part's marks (counts and sums of its rows' ids and
of some columns, ``part_marks``) are compared too: a write that escaped the audit log shows in
them as a rule.
"""

from __future__ import annotations

from django.db.models import Count, Max, Sum

from core.models import AuditEntry

from ..models import Division, Entry, FixedPairing, Pairing, PrizeBand, Round, ScoreReport
from .export import Parts

HEAD, ROUND, DIVISION = "head", "round", "division"
# Each kind of object a division holds: the part it is in, and the path from it to that part
# (a division's id for a head, a round's id for a round).
PART_OF = {
    "tournaments.division": (Division, "pk", DIVISION),
    "tournaments.entry": (Entry, "division_id", HEAD),
    "tournaments.prizeband": (PrizeBand, "division_id", HEAD),
    "tournaments.fixedpairing": (FixedPairing, "division_id", HEAD),
    "tournaments.round": (Round, "pk", ROUND),
    "tournaments.pairing": (Pairing, "round_id", ROUND),
    "tournaments.scorereport": (ScoreReport, "pairing__round_id", ROUND),
}
# Kinds of object whose changes no division row holds: the archive reads them whole each time
# (the event's roles, players, scoresheets and clocks) or does not hold them (restore points).
OUTSIDE_DIVISIONS = ("tournaments.tournamentrole", "tournaments.restorepoint", "players.player", "games.")  # fmt: skip
# Changes of the event itself that write only its own row (read whole each time).
EVENT_ROW_ACTIONS = {"tournament.update", "tournament.role", "tournament.role_remove"}
ERASE = "player.erase"
EVERY_HEAD = -1  # a head changed that cannot be placed: all of them are read
# The columns each part's mark sums, besides counting the rows.
ENTRY_SUMS = ("pk", "player_id", "number", "rating")
PAIRING_SUMS = ("pk", "version", "table", "first_id", "second_id", "first_score", "second_score")


def _marks(rows, by: str, summed: tuple[str, ...]) -> dict[int, str]:
    sums = {f"s{n}": Sum(name) for n, name in enumerate(summed)}
    found = rows.order_by().values(by).annotate(n=Count("pk"), **sums)
    return {row.pop(by): ".".join(str(value) for value in row.values()) for row in found}


def part_marks(tournament) -> tuple[dict[int, str], dict[int, tuple[int, str]]]:
    """Each division's head mark (by division id, in the order of ids) and each round's
    division and mark (by round id), in 4 queries."""
    entries = _marks(
        Entry.objects.filter(division__tournament=tournament), "division_id", ENTRY_SUMS
    )
    divisions = Division.objects.filter(tournament=tournament).order_by("pk")
    heads = {pk: entries.get(pk, "0") for pk in divisions.values_list("pk", flat=True)}
    games = _marks(
        Pairing.objects.filter(round__division__tournament=tournament), "round_id", PAIRING_SUMS
    )
    rows = Round.objects.filter(division__tournament=tournament).order_by("division_id", "number")
    rounds = {
        pk: (division, f"{number}-{games.get(pk, '0')}")
        for pk, division, number in rows.values_list("pk", "division_id", "number")
    }
    return heads, rounds


def site_high() -> int:
    """The site's newest audit entry (an erasure after it rewrites names a point holds)."""
    return AuditEntry.objects.aggregate(top=Max("pk"))["top"] or 0


def changed_parts(tournament, manifest: dict, heads: dict, rounds: dict) -> Parts | None:
    """The parts changed since the point of ``manifest`` (``heads`` and ``rounds``: the marks
    now), or None when the changes cannot be placed in parts (a whole archive is needed)."""
    entries = AuditEntry.objects.filter(tournament=tournament)
    if entries.filter(pk__lte=manifest["audit_high"]).count() != manifest["audit_count"]:
        return None  # an entry the point did not see, older than its newest: placed nowhere
    if AuditEntry.objects.filter(action=ERASE, pk__gt=manifest["site_high"]).exists():
        return None  # an erasure rewrites names the point holds
    # Snapshots are read only for objects since deleted: a round's pairing holds every game.
    placed = _placed(
        entries.filter(pk__gt=manifest["audit_high"]).values(
            "pk", "object_type", "object_id", "action"
        )
    )
    if placed is None:
        return None
    changed_heads, changed_rounds, whole = placed
    if EVERY_HEAD in changed_heads:
        changed_heads |= set(heads)
    before_heads, before_rounds = manifest["heads"], manifest["rounds"]
    changed_heads |= whole | {pk for pk, m in heads.items() if before_heads.get(str(pk)) != m}
    for pk, (division, mark) in rounds.items():
        if division in whole or before_rounds.get(str(pk)) != [division, mark]:
            changed_rounds.add(pk)
    return Parts(frozenset(changed_heads & set(heads)), frozenset(changed_rounds & set(rounds)))


def _placed(entries) -> tuple[set[int], set[int], set[int]] | None:
    """The heads, rounds and whole divisions the audit ``entries`` changed; None if one of
    them cannot be placed."""
    wanted: dict[str, set[int]] = {}
    to_place = []
    for entry in entries:
        kind = entry["object_type"]
        if kind.startswith(OUTSIDE_DIVISIONS):
            continue
        if kind == "tournaments.tournament" and entry["action"] in EVENT_ROW_ACTIONS:
            continue
        if kind not in PART_OF or not entry["object_id"].isdigit():
            return None
        wanted.setdefault(kind, set()).add(int(entry["object_id"]))
        to_place.append(entry)
    found: dict[str, dict[int, int]] = {}
    for kind, ids in wanted.items():
        model, path, _part = PART_OF[kind]
        found[kind] = dict(model.objects.filter(pk__in=ids).values_list("pk", path))
    placed: dict[str, set[int]] = {HEAD: set(), ROUND: set(), DIVISION: set()}
    for entry in to_place:
        kind, pk = entry["object_type"], int(entry["object_id"])
        part = PART_OF[kind][2]
        where = found[kind].get(pk)
        if where is None:  # deleted since: its snapshots say where it was
            where = _named(kind, pk, entry["pk"])
        if where is None and part == HEAD:
            placed[HEAD].add(EVERY_HEAD)  # somewhere: every division's head is read again
        elif where is None:
            return None
        else:
            placed[part].add(where)
    return placed[HEAD], placed[ROUND], placed[DIVISION]


def _named(kind: str, pk: int, entry_id: int) -> int | None:
    """Where an object deleted since its entry was: a division or round is itself (its removal
    shows in the order of the rounds); an entry, prize band or pin may name its division, a
    game its round, in its snapshots."""
    if kind in ("tournaments.division", "tournaments.round"):
        return pk
    key = {"tournaments.pairing": "round", "tournaments.scorereport": None}.get(kind, "division")
    snapshots = AuditEntry.objects.values("before", "after").get(pk=entry_id)
    for snapshot in (snapshots["before"], snapshots["after"]):
        if key and isinstance(snapshot, dict) and isinstance(snapshot.get(key), int):
            return snapshot[key]
    return None
