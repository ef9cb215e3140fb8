"""The public broadcast: a board, a division's grid of boards, the streamers' overlays, and the
JSON feeds their pages poll (``games.broadcast.cache``). Only public events' broadcast games are
found; anything else is 404. Every picture is taken at now less the event's delay."""

import hashlib

from csp.decorators import csp_exempt
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from games.engine.broadcast import POLL_MS
from games.models import Game
from games.services.clock import now_ms
from tournaments.models import Division
from tournaments.selectors.divisions import division_or_404

from ..boards import board_json
from ..cache import cached_feed, kept_data
from ..selectors import broadcast_board, division_boards, table_board

OVERLAY_FIELDS = ("names", "ratings", "scores", "records", "last", "clock", "unseen")


def overlay_labels() -> dict[str, str]:
    """Each overlay field's name for people (the URL keeps the English key)."""
    return {
        "names": _("Name"),
        "ratings": _("Ratings"),
        "scores": _("Scores"),
        "records": pgettext("won-lost record", "Record"),
        "last": _("Last move"),
        "clock": _("Clock"),
        "unseen": _("Tiles unseen"),
    }


_game_events: dict[int, int] = {}
_division_ids: dict[tuple[str, str], int] = {}


def forget_events() -> None:
    """Drop what this process remembers of games' and divisions' events (tests: a new world)."""
    _game_events.clear()
    _division_ids.clear()


def _event_of_game(game_id: int) -> int | None:
    """The event of a game at a table (kept per process: a game never changes its event)."""
    if game_id not in _game_events:
        if len(_game_events) > 100_000:
            _game_events.clear()
        found = Game.objects.filter(pk=game_id).values_list(
            "pairing__round__division__tournament_id", flat=True
        )
        event = found.first()
        if event is None:
            return None  # not kept: the game may be made, or given a table, later
        _game_events[game_id] = event
    return _game_events[game_id]


def _public_division(tournament_slug: str, division_name: str) -> Division:
    return division_or_404(
        tournament_slug, division_name, "broadcast", "tournament__broadcast", public=True
    )


def _division_event(tournament_slug: str, division_name: str) -> int | None:
    key = (tournament_slug, division_name)
    if key not in _division_ids:
        if len(_division_ids) > 10_000:
            _division_ids.clear()
        found = Division.objects.filter(
            tournament__slug=tournament_slug, name=division_name
        ).values_list("tournament_id", flat=True)
        event = found.first()
        if event is None:
            return None
        _division_ids[key] = event
    return _division_ids[key]


def _name_key(name: str) -> str:
    return hashlib.blake2b(name.encode("utf-8"), digest_size=8).hexdigest()


def overlay_json(board: dict) -> dict:
    """The overlay fields of a board: each also served on its own."""
    return {
        "names": board["names"],
        "ratings": board["ratings"],
        "scores": board["scores"],
        "records": board["records"],
        "last": board["last"],
        "clock": board["clock"],
        "unseen": {"tiles": board["unseen"], "count": board["unseen_count"]},
        "delay": board["delay"],
    }


def _board_or_404(data) -> dict:
    if data is None:
        raise Http404
    return board_json(data, now_ms())


@require_safe
def board_page(request, game_id: int):
    board = _board_or_404(broadcast_board(game_id))
    context = {"board": board, "poll_ms": POLL_MS, "game_id": game_id}
    return render(request, "games/broadcast/board.html", context)


@csp_exempt()  # JSON, never a document: no policy to build on every poll
@require_safe
def board_feed(request, game_id: int):
    def build(now):
        data = broadcast_board(game_id)
        return None if data is None else board_json(data, now)

    return cached_feed(
        request, key=f"g{game_id}", tournament_id=_event_of_game(game_id), build=build
    )


@require_safe
def division_page(request, tournament_slug: str, division_name: str):
    division = _public_division(tournament_slug, division_name)
    now = now_ms()
    boards = [board_json(data, now) for data in division_boards(division)]
    context = {"division": division, "boards": boards, "poll_ms": POLL_MS}
    return render(request, "games/broadcast/division.html", context)


@csp_exempt()  # JSON, never a document: no policy to build on every poll
@require_safe
def division_feed(request, tournament_slug: str, division_name: str):
    def build(now):
        division = _public_division(tournament_slug, division_name)
        boards = [board_json(data, now) for data in division_boards(division)]
        delay = boards[0]["delay"] if boards else 0
        return {"boards": boards, "delay": delay}

    event = _division_event(tournament_slug, division_name)
    key = f"d{event}:{_name_key(division_name)}"
    return cached_feed(request, key=key, tournament_id=event, build=build)


def _table_board(tournament_slug: str, division_name: str, table: int, now: int) -> dict | None:
    division = _public_division(tournament_slug, division_name)
    data = table_board(division, table)
    return None if data is None else board_json(data, now)


def _overlay_key(event: int | None, division_name: str, table: int, field: str = "") -> str:
    return f"o{event}:{_name_key(division_name)}:{table}:{field}"


def _overlay_build(tournament_slug: str, division_name: str, table: int):
    def build(now):
        board = _table_board(tournament_slug, division_name, table, now)
        return None if board is None else overlay_json(board)

    return build


def _field_build(tournament_slug: str, division_name: str, table: int, field: str):
    def build(_now):
        found = _whole_overlay(tournament_slug, division_name, table)
        return None if found is None else {field: found[field], "delay": found["delay"]}

    return build


def _whole_overlay(tournament_slug: str, division_name: str, table: int) -> dict | None:
    """Every overlay field of the table, from the kept copy of its whole overlay feed: the
    field pages and the field feeds read that one copy rather than the board again each."""
    event = _division_event(tournament_slug, division_name)
    return kept_data(
        key=_overlay_key(event, division_name, table),
        tournament_id=event,
        build=_overlay_build(tournament_slug, division_name, table),
    )


@require_safe
def overlay_page(request, tournament_slug: str, division_name: str, table: int, field: str):
    if field not in OVERLAY_FIELDS:
        raise Http404
    overlay = _whole_overlay(tournament_slug, division_name, table)
    if overlay is None:
        raise Http404
    context = {"overlay": overlay, "field": field, "poll_ms": POLL_MS,
               "label": overlay_labels()[field],
               "slug": tournament_slug, "division_name": division_name, "table": table}  # fmt: skip
    return render(request, "games/broadcast/overlay.html", context)


@csp_exempt()  # JSON, never a document: no policy to build on every poll
@require_safe
def overlay_feed(request, tournament_slug: str, division_name: str, table: int, field: str = ""):
    if field and field not in OVERLAY_FIELDS:
        raise Http404
    build = (
        _field_build(tournament_slug, division_name, table, field)
        if field
        else _overlay_build(tournament_slug, division_name, table)
    )
    event = _division_event(tournament_slug, division_name)
    key = _overlay_key(event, division_name, table, field)
    return cached_feed(request, key=key, tournament_id=event, build=build)
