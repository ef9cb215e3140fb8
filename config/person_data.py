"""A person's data on request: everything the site holds about one player, as JSON, and erasing
them. Read and written across every app, so it sits at the top with the site-wide commands.

Erasing replaces the player's name and personal fields with an anonymous label and empties their
account (``players.erasure``) and clears their entries' payment notes (``tournaments``), in one
transaction; results, pairings, scoresheets and ratings stay with the same row, so standings and
ratings read as before. docs/DEPLOY.md says what is kept and for how long.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from clubs.models import Attendance, CasualGame
from core.models import AuditEntry
from games.models import Game
from players.erasure import player_erase
from players.models import Player
from ratings.models import PlayerRating, RatingChange
from tournaments.models import Entry, Pairing
from tournaments.results.outcomes import side_outcome, won_playoff
from tournaments.services.entries import entries_personal_erase
from tournaments.services.restore_point_erasure import restore_points_erase

FORMAT = "tournament-desk-person"
VERSION = 1


def person_erase(*, by, player: Player) -> Player:
    with transaction.atomic():
        entries_personal_erase(by=by, player=player)
        erased = player_erase(by=by, player=player)
        restore_points_erase(player_id=player.pk)  # and the stored copies of their events
        return erased


def _iso(value):
    return value.isoformat() if value is not None else None


def person_export(player: Player) -> dict:
    """Everything about ``player``, for the person who asked (staff hand it over)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "player": {
            "id": player.pk,
            "name": player.name,
            "sort_name": player.sort_name,
            "country": player.country,
            "member_id": player.member_id,
            "rating": player.rating,
            "created_at": _iso(player.created_at),
        },
        "account": _account(player.user),
        "memberships": [
            {"club": m.club.name, "role": m.role, "since": _iso(m.since), "until": _iso(m.until)}
            for m in player.memberships.select_related("club").order_by("club__name", "pk")
        ],
        "club_nights": [
            {"club": a.session.club.name, "date": _iso(a.session.date)}
            for a in Attendance.objects.filter(player=player)
            .select_related("session__club")
            .order_by("session__date", "pk")
        ],
        "casual_games": _casual_games(player),
        "entries": _entries(player),
        "scoresheets": _scoresheets(player),
        **_ratings(player),
        "audit": [
            {"at": _iso(e.at), "action": e.action, "by": e.actor.username if e.actor else None}
            for e in AuditEntry.objects.filter(
                object_type="players.player", object_id=str(player.pk)
            )
            .select_related("actor")
            .order_by("at", "pk")
        ],
    }


def _account(account) -> dict | None:
    if account is None:
        return None
    return {
        "username": account.username,
        "first_name": account.first_name,
        "last_name": account.last_name,
        "email": account.email,
        "date_joined": _iso(account.date_joined),
        "last_login": _iso(account.last_login),
    }


def _scoresheets(player: Player) -> list[dict]:
    games = (
        Game.objects.filter(Q(first_player=player) | Q(second_player=player))
        .select_related("first_player", "second_player")
        .order_by("pk")
    )
    return [
        {
            "id": game.pk,
            "title": game.title,
            "first_player": game.first_player.name,
            "second_player": game.second_player.name,
            "first_score": game.first_score,
            "second_score": game.second_score,
            "created_at": _iso(game.created_at),
        }
        for game in games
    ]


def _ratings(player: Player) -> dict:
    """Ratings as the lists publish them (whole numbers, halves up; whether provisional), and
    beside each the raw value the rating system holds (``*_raw``, unrounded), as docs/DEPLOY.md
    says."""
    ratings = PlayerRating.objects.filter(player=player).select_related("rating_list")
    changes = RatingChange.objects.filter(player=player).select_related("event")
    return {
        "ratings": [
            {
                "list": r.rating_list.name,
                "rating": r.published,
                "provisional": r.provisional,
                "games": r.games,
                "rating_raw": r.rating,
            }
            for r in ratings.order_by("rating_list__name", "pk")
        ],
        "rating_changes": [
            {
                "event": str(change.event),
                "before": change.published_before,
                "after": change.published,
                "games": change.games,
                "wins": change.wins,
                "before_raw": change.before,
                "after_raw": change.after,
            }
            for change in changes.order_by("pk")
        ],
    }


def _casual_games(player: Player) -> list[dict]:
    games = (
        CasualGame.objects.filter(Q(player_a=player) | Q(player_b=player))
        .select_related("session__club", "player_a", "player_b")
        .order_by("session__date", "pk")
    )
    rows = []
    for game in games:
        mine_a = game.player_a_id == player.pk
        rows.append(
            {
                "club": game.session.club.name,
                "date": _iso(game.session.date),
                "opponent": (game.player_b if mine_a else game.player_a).name,
                "score": game.score_a if mine_a else game.score_b,
                "opponent_score": game.score_b if mine_a else game.score_a,
            }
        )
    return rows


def _entries(player: Player) -> list[dict]:
    entries = (
        Entry.objects.filter(player=player)
        .select_related("division__tournament")
        .order_by("division__tournament__start_date", "pk")
    )
    pairings = (
        Pairing.objects.filter(Q(first__player=player) | Q(second__player=player))
        .select_related("round", "first__player", "second__player")
        .order_by("round__number", "pk")
    )
    games: dict[int, list[dict]] = {}
    for pairing in pairings:
        first = pairing.first is not None and pairing.first.player_id == player.pk
        mine, theirs = (pairing.first, pairing.second) if first else (pairing.second, pairing.first)
        # What the game was for the person, read as the standings read it (results.outcomes):
        # a bye, a forfeit either way, a tie won on the play-off word; None while not in.
        side = side_outcome(pairing, mine.pk)
        games.setdefault(mine.pk, []).append(
            {
                "round": pairing.round.number,
                "opponent": theirs.player.name if theirs is not None else None,
                "score": pairing.first_score if first else pairing.second_score,
                "opponent_score": pairing.second_score if first else pairing.first_score,
                "result": side.outcome.value if side is not None else None,
                "won_playoff": won_playoff(side) if side is not None else None,
            }
        )
    return [
        {
            "event": entry.division.tournament.name,
            "event_slug": entry.division.tournament.slug,
            "division": entry.division.name,
            "number": entry.number,
            "rating": entry.rating,
            "status": entry.status,
            "payment_note": entry.payment_note,
            "games": games.get(entry.pk, []),
        }
        for entry in entries
    ]
