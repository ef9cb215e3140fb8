"""Writes for rating lists: rating a tournament or a club night into a list, and re-rating.

Each service locks the list row first, so two ratings of one list are applied one after the
other in a definite order. The pure core (`ratings.systems`) does the arithmetic; this module
translates between its dataclasses and the list's rows. Refusals, the core's among them, are
``RatingRefused``.
"""

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_noop

from clubs.models import ClubSession
from core.audit import audit_record, snapshot
from core.refusal import Refusal
from core.slugs import free_slug
from players.models import Player
from tournaments.models import Pairing, Tournament

from .. import systems as core
from ..games import (
    core_rating,
    division_games,
    event_games,
    initial_rating,
    replay,
    rounds_of,
)
from ..models import PlayerRating, RatingChange, RatingEvent, RatingList
from ..order import first_played_after, tournament_day
from ..systems.messages import UNKNOWN_SYSTEM
from ..systems.types import player_ids
from .placing import event_insert
from .seeding import _seed_from_players, seed_newcomers

PLAYER_RATED = gettext_noop("%(name)s has already been rated on this list.")
EVENT_RATED = gettext_noop("%(event)s is already rated on %(list)s.")
SESSION_RATED = gettext_noop("This session is already rated on %(list)s.")
OTHER_CLUB = gettext_noop("This rating list is for another club's events.")
NO_CLUB_LIST = gettext_noop("This club has no rating list yet.")
UNREPORTED = gettext_noop("%(count)d games have no result yet; enter them before rating.")
NOTHING_PLAYED = gettext_noop("There is no played game to rate.")
NOTHING_RATED = gettext_noop("There is no rated game to rate.")
SEED_NOT_NATIONAL = gettext_noop("A first rating can only come from a national list.")


class RatingRefused(Refusal):
    """A rating list change refused: the list, the event or the core's arithmetic says no."""


def rating_list_create(
    *,
    by,
    name: str,
    system: str = "naspa",
    scope_country: str = "",
    scope_club=None,
    seed_from_players: bool = False,
    seed_list: RatingList | None = None,
    provisional_games: int | None = None,
    count_tournaments: bool = False,
) -> RatingList:
    """A new list; with `seed_from_players`, players' current ratings (in scope) are its start.

    `seed_list` names a (national) list a newcomer's first rating is taken from when they are
    on it; `provisional_games` (by default the system's own count) is how many rated games a
    newcomer plays before their rating stops being marked provisional; `count_tournaments`
    rates the club's own tournaments on the list too."""
    if system not in core.SYSTEMS:
        raise RatingRefused(UNKNOWN_SYSTEM, system=system)
    if seed_list is not None and seed_list.scope_club_id is not None:
        raise RatingRefused(SEED_NOT_NATIONAL)
    if provisional_games is None:
        provisional_games = core.provisional_games(system)
    with transaction.atomic():
        rating_list = RatingList(
            name=name.strip(),
            slug=free_slug(RatingList, name, "ratings"),
            system=system,
            scope_country=scope_country.strip().upper(),
            scope_club=scope_club,
            seed_list=seed_list,
            provisional_games=provisional_games,
            count_tournaments=count_tournaments,
        )
        rating_list.full_clean()
        rating_list.save()
        seeded = _seed_from_players(rating_list) if seed_from_players else 0
        audit_record(
            by=by,
            action="rating_list.create",
            obj=rating_list,
            scope=f"club:{scope_club.pk}" if scope_club else f"rating_list:{rating_list.pk}",
            after=snapshot(rating_list, LIST_FIELDS) | {"seeded": seeded},
        )
    return rating_list


LIST_FIELDS = [
    "name",
    "system",
    "scope_country",
    "scope_club",
    "seed_list",
    "provisional_games",
    "count_tournaments",
]


def rating_seed(
    *, by, rating_list: RatingList, player: Player, rating: float | None, games: int = 0
) -> PlayerRating:
    """Set the rating a player brings to a list, before the list has rated them."""
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().get(pk=rating_list.pk)
        if RatingChange.objects.filter(event__rating_list=rating_list, player=player).exists():
            raise RatingRefused(PLAYER_RATED, name=player.name)
        row, _created = PlayerRating.objects.update_or_create(
            rating_list=rating_list,
            player=player,
            defaults={
                "rating": rating,
                "games": games,
                "initial_rating": rating,
                "initial_games": games,
            },
        )
        audit_record(
            by=by,
            action="rating_list.seed",
            obj=row,
            scope=f"rating_list:{rating_list.pk}",
            after={"player": player.pk, "rating": rating, "games": games},
        )
    return row


def tournament_rate(*, by, tournament, rating_list: RatingList) -> list[RatingEvent]:
    """Finalize `tournament` and rate each division's played games into `rating_list`.

    Refused when the tournament is already on the list, a played game is unreported, the
    list belongs to another club, or there is no rated game at all.
    """
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().get(pk=rating_list.pk)
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _check_tournament_can_be_rated(tournament, rating_list)
        events = _rate_divisions(tournament, rating_list, by=by)
        events += _rate_on_club_lists(tournament, rating_list, by=by)
        if tournament.finalized_at is None:
            tournament.finalized_at = timezone.now()
            tournament.save(update_fields=["finalized_at"])
        audit_record(
            by=by,
            action="tournament.rate",
            obj=tournament,
            tournament_id=tournament.pk,
            after={
                "rating_list": rating_list.slug,
                "events": [event.pk for event in events],
                "finalized_at": tournament.finalized_at.isoformat(),
            },
        )
    return events


def _rate_on_club_lists(tournament, rated_on: RatingList, *, by) -> list[RatingEvent]:
    """A club's tournament rated anywhere is rated too on the club's lists that count the
    club's tournaments (once per list)."""
    if tournament.club_id is None:
        return []
    lists = RatingList.objects.select_for_update().filter(
        scope_club_id=tournament.club_id, count_tournaments=True
    )
    events = []
    for club_list in lists.exclude(pk=rated_on.pk).exclude(events__tournament=tournament):
        divisions = list(tournament.divisions.order_by("name"))
        games = division_games(d.pk for d in divisions)
        seed_newcomers(club_list, {pk for found in games.values() for pk in player_ids(found)})
        events += _rate_divisions(tournament, club_list, by=by)
    return events


def _check_tournament_can_be_rated(tournament, rating_list: RatingList) -> None:
    """Raise ``RatingRefused`` when the event is on the list already, for another club's
    list, or has an unreported game."""
    if rating_list.events.filter(tournament=tournament).exists():
        raise RatingRefused(EVENT_RATED, event=tournament.name, list=rating_list.name)
    if rating_list.scope_club_id and rating_list.scope_club_id != tournament.club_id:
        raise RatingRefused(OTHER_CLUB)
    missing = (
        Pairing.objects.filter(round__division__tournament=tournament, second__isnull=False)
        .unreported()
        .count()
    )
    if missing:
        raise RatingRefused(UNREPORTED, count=missing)


def _rate_divisions(tournament, rating_list: RatingList, *, by) -> list[RatingEvent]:
    """One rating event per division with a played game; refused when no division has one.
    A tournament rated after events played later than it goes in its day's place before them,
    and they are re-rated (``placing``); otherwise its events go on top of the list."""
    divisions = list(tournament.divisions.order_by("name"))
    games = division_games(d.pk for d in divisions)
    played = [(division, games[division.pk]) for division in divisions if games[division.pk]]
    if not played:
        raise RatingRefused(NOTHING_PLAYED)
    later = first_played_after(rating_list, tournament_day(tournament))
    if later is not None:
        return _rate_in_place(tournament, rating_list, played, later.order, by=by)
    return [
        _rate_new_event(rating_list, found, **_division_source(tournament, division, found))
        for division, found in played
    ]


def _division_source(tournament, division, found) -> dict:
    rounds = max(division.rounds, rounds_of(found))
    return {"rounds": rounds, "club": False, "tournament": tournament, "division": division}


def _rate_in_place(tournament, rating_list, played, order: int, *, by) -> list[RatingEvent]:
    seed_newcomers(rating_list, {pk for _, found in played for pk in player_ids(found)})
    events = [
        event_insert(rating_list, order + i, **_division_source(tournament, division, found))
        for i, (division, found) in enumerate(played)
    ]
    rating_list_recompute(by=by, rating_list=rating_list, from_event=events[0])
    return events


def _rate_new_event(rating_list, games, *, rounds, club, **source) -> RatingEvent:
    """Rate one event on top of the list as it stands and store it as the list's last event.
    A newcomer on the list's seed list starts from their rating there."""
    players = player_ids(games)
    seed_newcomers(rating_list, players)
    rows = {
        row.player_id: row
        for row in PlayerRating.objects.filter(rating_list=rating_list, player_id__in=players)
    }
    current = {pk: core_rating(row) for pk, row in rows.items()}
    try:
        changes = core.rate_event(
            current, games, system=rating_list.system, club=club, rounds=rounds
        )
    except core.RatingError as error:
        raise RatingRefused(error.template, **error.params) from error
    last = rating_list.events.aggregate(last=Max("order"))["last"] or 0
    event = RatingEvent.objects.create(
        rating_list=rating_list, order=last + 1, rounds=rounds, club=club, **source
    )
    RatingChange.objects.bulk_create(_change_rows(event, changes))
    _store_state(rating_list, rows, {pk: change.updated for pk, change in changes.items()})
    return event


# What a stored change keeps of the core's change, under the same names.
CHANGE_COLUMNS = ("before", "after", "games", "wins", "expected", "bonus", "feedback", "deviation")


def _change_rows(event: RatingEvent, changes: Mapping[int, core.RatingChange]):
    return [
        RatingChange(
            event=event,
            player_id=player,
            **{column: getattr(change, column) for column in CHANGE_COLUMNS},
        )
        for player, change in changes.items()
    ]


def _store_state(
    rating_list: RatingList,
    rows: dict[int, PlayerRating],
    state: Mapping[int, core.PlayerRating | None],
    *,
    whole_list: bool = False,
) -> None:
    """Write the players' new list entries, keeping where each started.

    With `whole_list`, `state` is the entire list and every other row goes.

    Rows are replaced (delete and insert in bulk) rather than updated: a bulk UPDATE of
    hundreds of rows is one CASE per column and costs far more than two plain statements.
    """
    fresh = []
    for player, rating in state.items():
        assert rating is not None
        old = rows.get(player)
        fresh.append(
            PlayerRating(
                rating_list=rating_list,
                player_id=player,
                rating=rating.rating,
                games=rating.career_games,
                deviation=rating.deviation,
                volatility=rating.volatility,
                history=list(rating.history),
                initial_rating=old.initial_rating if old else None,
                initial_games=old.initial_games if old else 0,
            )
        )
    if whole_list:
        PlayerRating.objects.filter(rating_list=rating_list).delete()
    else:
        stale = [rows[player].pk for player in state if player in rows]
        PlayerRating.objects.filter(pk__in=stale).delete()
    PlayerRating.objects.bulk_create(fresh, batch_size=1000)


def rating_list_recompute(*, by, rating_list: RatingList, from_event: RatingEvent | None = None):
    """Replay the list's events in order from the players' starting ratings.

    Every event's games are read afresh (so corrected results count); the stored changes of
    `from_event` and every later event are rewritten (earlier events replay identically), and
    the players' list entries are set to the final ratings. Returns the events rewritten.
    """
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().get(pk=rating_list.pk)
        events = list(rating_list.events.order_by("order"))
        if from_event is not None:
            from_event.refresh_from_db(fields=["order"])
        start = from_event.order if from_event is not None else 0
        games = event_games(events)
        seed_newcomers(rating_list, {pk for found in games.values() for pk in player_ids(found)})
        rows = {row.player_id: row for row in rating_list.ratings.all()}
        state = {pk: rating for pk, row in rows.items() if (rating := initial_rating(row))}
        rewritten, new_changes = [], []
        try:
            for event, changes in replay(state, events, games, system=rating_list.system):
                if event.order >= start:
                    rewritten.append(event)
                    new_changes.extend(_change_rows(event, changes))
        except core.RatingError as error:
            raise RatingRefused(error.template, **error.params) from error
        RatingChange.objects.filter(
            event__rating_list=rating_list, event__order__gte=start
        ).delete()
        RatingChange.objects.bulk_create(new_changes, batch_size=2000)
        _store_state(rating_list, rows, state, whole_list=True)
        audit_record(
            by=by,
            action="rating_list.recompute",
            obj=rating_list,
            scope=f"rating_list:{rating_list.pk}",
            after={"from_order": start, "events": len(rewritten), "changes": len(new_changes)},
        )
    return rewritten


def rerate_after_result_change(tournament, *, by=None) -> list[RatingList]:
    """Re-rate every list the tournament is on, from its first event there onwards.

    The result-entry services call this after a result of a rated tournament was corrected.
    Does nothing (returns []) for a tournament not yet rated.
    """
    return _rerate(RatingEvent.objects.filter(tournament=tournament), by=by)


def rerate_after_session_change(session: ClubSession, *, by=None) -> list[RatingList]:
    """Re-rate the lists a club night is on after one of its games was added or corrected."""
    return _rerate(RatingEvent.objects.filter(club_session=session), by=by)


def _rerate(events, *, by) -> list[RatingList]:
    first_by_list: dict[int, RatingEvent] = {}
    for event in events.select_related("rating_list").order_by("order"):
        first_by_list.setdefault(event.rating_list_id, event)
    for event in first_by_list.values():
        rating_list_recompute(by=by, rating_list=event.rating_list, from_event=event)
    return [event.rating_list for event in first_by_list.values()]
