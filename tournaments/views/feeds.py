"""JSON feed of a division for scoreboards and broadcasts: pairings, results and standings.

``/t/<slug>/<division>/feed.json`` (``?round=N`` for another round than the latest). The shape is
stable and documented here because broadcast overlays are written against it:

``{"tournament": {"name", "slug"}, "division": {"name", "rounds"}, "round": N | null,
"rounds_paired": [..], "round_complete": bool, "changed_at": ISO 8601 | null,
"pairings": [{"table", "first": {"number", "name"}, "second": {...} | null, "sides_known",
"kind", "first_score", "second_score", "forfeited_by": number | null,
"playoff_winner": number | null}],
"standings": [{"rank", "number", "name", "wins", "losses", "spread", "games", "rating",
"withdrawn"}]}``

``playoff_winner`` names who won a tied game on the play-off word (docs/RULES.md): the standings
count it as that player's win, so an overlay must too. ``round_complete`` is true once the round
is paired and every game of it is in (``results.outcomes.awaits_result``); false before it is
paired. ``withdrawn`` marks a player the standings rank as withdrawn.
"""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.views.decorators.http import require_safe

from tournaments.public_cache.http import page_snapshot

from ..models import Entry, Pairing
from ..results.outcomes import awaits_result
from ..selectors.divisions import EntryRow, PairingRow, division_results, standings_records
from ..selectors.public_pages import round_numbers
from ..selectors.snapshot import DivisionSnapshot
from ..selectors.stamps import division_stamp
from .divisions import visible_division
from .public import cached_division_page


def _player(entry: Entry | EntryRow | None) -> dict | None:
    if entry is None:
        return None
    name = entry.name if isinstance(entry, EntryRow) else entry.player.name
    return {"number": entry.number, "name": name}


def _pairing(p: Pairing | PairingRow, entries: dict[int, Entry | EntryRow]) -> dict:
    forfeited = entries.get(p.forfeited_by_id) if p.forfeited_by_id else None
    won = entries.get(p.playoff_winner_id) if p.playoff_winner_id else None
    return {
        "table": p.table,
        "first": _player(entries[p.first_id]),
        "second": _player(entries.get(p.second_id)) if p.second_id else None,
        "sides_known": p.sides_known,
        "kind": p.kind,
        "first_score": p.first_score,
        "second_score": p.second_score,
        "forfeited_by": forfeited.number if forfeited else None,
        "playoff_winner": won.number if won else None,
    }


# What the feed keeps of a row of ``standings_records``.
_STANDING_KEYS = (
    "rank",
    "number",
    "name",
    "wins",
    "losses",
    "spread",
    "games",
    "rating",
    "withdrawn",
)


def _standings(records: list[dict]) -> list[dict]:
    return [{key: record[key] for key in _STANDING_KEYS} for record in records]


def event_moment(value, tournament) -> str | None:
    """A moment for machines: ISO 8601 with the offset of the event's time zone."""
    return value.astimezone(tournament.zone).isoformat() if value else None


def division_feed(division, number: int | None = None) -> dict:
    """The feed's data for ``division`` (round ``number``, default the latest paired), read
    from the database: the reference ``snapshot_feed`` must equal."""
    found = division_results(division)
    rounds = round_numbers(found)
    number = number if number is not None else (rounds[-1] if rounds else None)
    entries = {e.pk: e for e in found.entries}
    pairings = [p for p in found.pairings if p.round.number == number]
    stamp = division_stamp(division.pk)
    return {
        "tournament": {"name": division.tournament.name, "slug": division.tournament.slug},
        "division": {"name": division.name, "rounds": division.rounds},
        "round": number,
        "rounds_paired": rounds,
        "round_complete": _complete(pairings),
        "changed_at": event_moment(stamp.changed_at, division.tournament),
        "pairings": [_pairing(p, entries) for p in pairings],
        "standings": _standings(standings_records(found)),
    }


def _complete(pairings: list[Pairing] | list[PairingRow]) -> bool:
    """A round is complete once it is paired and no game of it awaits its result."""
    return bool(pairings) and not any(
        awaits_result(p.kind, p.first_score, p.second_score) for p in pairings
    )


def snapshot_feed(division, snapshot: DivisionSnapshot, number: int | None = None) -> dict:
    """The feed's data for ``division`` from its snapshot."""
    rounds = snapshot.rounds
    number = number if number is not None else (rounds[-1] if rounds else None)
    entries = {e.pk: e for e in snapshot.entry_rows()}
    pairings = snapshot.round_pairings(number)
    changed = snapshot.rounds_changed_at
    return {
        "tournament": {"name": division.tournament.name, "slug": division.tournament.slug},
        "division": {"name": division.name, "rounds": division.rounds},
        "round": number,
        "rounds_paired": list(rounds),
        "round_complete": _complete(pairings),
        "changed_at": event_moment(changed, division.tournament),
        "pairings": [_pairing(p, entries) for p in pairings],
        "standings": _standings(snapshot.records),
    }


@require_safe
@cached_division_page
def feed(request, tournament_slug: str, division_name: str):
    division = visible_division(request, tournament_slug, division_name)
    try:
        number = int(request.GET["round"]) if request.GET.get("round") else None
    except ValueError:
        raise Http404 from None
    data = snapshot_feed(division, page_snapshot(request, division), number)
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    # Scoreboards on other sites read the feed from the browser.
    response["Access-Control-Allow-Origin"] = "*"
    return response
