"""Named reads for rating lists, rating histories, projections and club life."""

import datetime
from dataclasses import dataclass, field

from django.db.models import (
    Count,
    Exists,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Value,
    Window,
)
from django.db.models.functions import Coalesce, Floor, Rank
from django.urls import reverse
from django.utils import timezone

from clubs.models import CasualGame, Club, ClubSession
from players.models import Player
from players.visibility import visible_players
from tournaments.models import Tournament
from tournaments.results.formatting import fmt_spread, fmt_wins, rating_value
from tournaments.results.outcomes import played_worth

from . import systems as core
from .games import core_rating, division_games, event_games, initial_rating, replay, rounds_of
from .models import PlayerRating, RatingChange, RatingEvent, RatingList
from .order import first_played_after, tournament_day
from .seeds import newcomer_rows


def lists_visible_to(user) -> QuerySet[RatingList]:
    """National lists, and the lists of the clubs ``user`` may see (a members-only club's list
    is its members')."""
    clubs = Club.objects.visible_to(user)
    return RatingList.objects.filter(Q(scope_club__isnull=True) | Q(scope_club__in=clubs))


def rating_lists(user) -> QuerySet[RatingList]:
    """Every list with how many players on it ``user`` may see (as ``rating_list_rows``)."""
    shown = Q(ratings__player__in=visible_players(user))
    return (
        lists_visible_to(user)
        .select_related("scope_club")
        .annotate(player_count=Count("ratings", filter=shown, distinct=True))
    )


# A rating as lists publish it, in SQL (``rating_value``: a whole number, halves rounded up).
PUBLISHED_RATING = Floor(F("rating") + 0.5)


def rating_list_rows(
    rating_list: RatingList, user=None, *, everyone: bool = False
) -> QuerySet[PlayerRating]:
    """The list as published: rated players, best first. Without ``everyone`` (which the
    command line asks for), the players ``user`` knows only through private events are left
    out and the rest ranked among themselves.

    Ranked and ordered on the whole number the list publishes (``published_rating``: halves
    up, as ``rating_value``), then by name: 1500.4 and 1499.6 both read 1500 and share a rank."""
    rows = rating_list.ratings.filter(rating__isnull=False)
    if not everyone:
        rows = rows.filter(player__in=visible_players(user))
    return (
        rows.select_related("player", "rating_list")
        .annotate(published_rating=PUBLISHED_RATING)
        .annotate(rank=Window(Rank(), order_by=F("published_rating").desc()))
        .order_by("-published_rating", "player__sort_name")
    )


@dataclass
class HistoryPoint:
    when: datetime.date
    rating: int
    label: str | None  # None: an event the viewer may not see (``rating_text.point_label``)


@dataclass
class RatingHistory:
    """One player's ratings on one list, oldest first."""

    rating_list: RatingList
    points: list[HistoryPoint] = field(default_factory=list)
    provisional: bool = False  # ``PlayerRating.provisional``, as the list's page marks it
    starting: int | None = None  # the published rating the list started them with

    @property
    def current(self) -> int | None:
        return self.points[-1].rating if self.points else self.starting


def rated_events(rating_list: RatingList, user) -> QuerySet[RatingEvent]:
    """The list's events ``user`` may see, latest first."""
    return (
        rating_list.events.visible_to(user)
        .select_related("tournament", "division", "club_session__club")
        .order_by("-order")
    )


def player_rating_history(player: Player, user) -> list[RatingHistory]:
    """The player's rating after every rated event, per list, in one query.

    An event ``user`` may not see keeps its point (the line still ends at the current rating)
    but neither its name nor its date: its label is None (``rating_text.point_label`` reads "a
    private event") at the rating date."""
    seen = Tournament.objects.visible_to(user).filter(pk=OuterRef("event__tournament_id"))
    changes = (
        RatingChange.objects.filter(player=player, event__rating_list__in=lists_visible_to(user))
        .select_related("event__rating_list", "event__tournament", "event__club_session__club")
        .annotate(seen=Exists(seen))
        .order_by("event__rating_list__name", "event__rating_list_id", "event__order")
    )
    histories: dict[int, RatingHistory] = {}
    for change in changes:
        event = change.event
        history = histories.setdefault(event.rating_list_id, RatingHistory(event.rating_list))
        if event.tournament_id and not change.seen:
            when, label = event.rated_at.date(), None
        elif event.tournament_id:
            when = event.tournament.end_date or event.tournament.start_date
            label = event.tournament.name
        else:
            when = event.club_session.date
            label = str(event.club_session)
        history.points.append(HistoryPoint(when or event.rated_at.date(), change.published, label))
    # A list that ranks the player with no rated event yet (a starting rating, seeded or kept
    # when their events were taken off it) is a list they are rated on: shown, as it ranks them.
    rows = PlayerRating.objects.filter(
        player=player, rating_list__in=lists_visible_to(user), rating__isnull=False
    )
    for row in rows.select_related("rating_list"):
        history = histories.setdefault(row.rating_list_id, RatingHistory(row.rating_list))
        history.provisional = row.provisional
        history.starting = row.published
    return sorted(histories.values(), key=lambda h: (h.rating_list.name, h.rating_list.pk))


def list_as_of(rating_list: RatingList):
    """When ``rating_list`` last changed: its latest rated event, else its creation (a date)."""
    latest = rating_list.events.order_by("-rated_at").values_list("rated_at", flat=True).first()
    return timezone.localdate(latest or rating_list.created_at)


def projected_ratings(
    division, rating_list: RatingList
) -> dict[int, tuple[int | None, int | None]]:
    """Each entry's (rating before, rating if the event ended now); not binding.

    A division already rated on the list shows its stored changes instead. An entry who
    has played no rated game yet projects to their current rating (None for a newcomer).
    """
    entries = dict(division.entries.values_list("pk", "player_id"))
    rated = RatingChange.objects.filter(event__rating_list=rating_list, event__division=division)
    if rated.exists():
        stored = {c.player_id: (rating_value(c.before), c.published) for c in rated}
        return {entry: stored.get(player, (None, None)) for entry, player in entries.items()}
    current = _ratings_at_place(division, rating_list, set(entries.values()))
    # A newcomer starts where rating the event will start them (``seeds``), not unrated.
    current |= {
        row.player_id: core_rating(row) for row in newcomer_rows(rating_list, entries.values())
    }
    games = division_games([division.pk])[division.pk]
    rounds = max(division.rounds, rounds_of(games))
    changes = core.project_ratings(current, games, system=rating_list.system, rounds=rounds)
    projected = {}
    for entry, player in entries.items():
        before = current[player].rating if player in current else None
        change = changes.get(player)
        after = change.published if change is not None else rating_value(before)
        projected[entry] = (rating_value(before), after)
    return projected


def _ratings_at_place(division, rating_list: RatingList, players: set[int]) -> dict:
    """The core ratings of ``players`` on the list where rating ``division`` will place it
    (``order``): today's, unless the list holds events played after it, when the events before
    its place are replayed from the players' starting ratings, as the re-rating that placing it
    runs (``services.lists.rating_list_recompute``), reading only (four or five queries)."""
    later = first_played_after(rating_list, tournament_day(division.tournament))
    if later is None:
        rows = PlayerRating.objects.filter(rating_list=rating_list, player_id__in=players)
        return {row.player_id: core_rating(row) for row in rows}
    rows = rating_list.ratings.all()
    state = {row.player_id: found for row in rows if (found := initial_rating(row))}
    events = list(rating_list.events.filter(order__lt=later.order).order_by("order"))
    for _rated in replay(state, events, event_games(events), system=rating_list.system):
        pass
    return {pk: rating for pk, rating in state.items() if pk in players}


@dataclass
class LadderRow:
    """One player's season at a club."""

    player_id: int
    name: str
    games: int = 0
    wins: float = 0.0
    spread: int = 0
    rating_change: float = 0.0
    # The player's first rating on the list, when the period gave it (issue 33: shown as such,
    # not as a change of 0).
    first_rating: float | None = None
    rank: int = 0  # the place in the ladder's order, which sorting or paging a table keeps

    @property
    def losses(self) -> float:
        return self.games - self.wins

    @property
    def wins_text(self) -> str:
        return fmt_wins(self.wins)

    @property
    def spread_text(self) -> str:
        return fmt_spread(self.spread)

    @property
    def rating_change_shown(self) -> int:
        return rating_value(self.rating_change)

    def get_absolute_url(self) -> str:
        return reverse("players:detail", kwargs={"player_id": self.player_id})


def club_ladder(
    club: Club,
    season: int | None = None,
    *,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
    basis: str = "wins",
) -> list[LadderRow]:
    """The club's season from its casual games and rated nights; one query.

    The period is ``start``..``end`` (either may be open) when given, else the calendar year
    ``season``. Ordered by wins (a tie half), then spread, then name; with ``basis="rating"`` by
    the rating change first; each row's ``rank`` is its place in that order. The rating change is
    the player's on the club's list over the period, as their history there shows it: its nights
    and, when the list counts them, the club's tournaments (a newcomer's first rating counts as
    no change). The rows are the players of the period's casual games.
    """
    period = (season, start, end)
    games = CasualGame.objects.filter(
        session__in=ClubSession.objects.filter(_period("date", *period), club=club).values("pk")
    )
    zero = Value(0.0, output_field=FloatField())
    sides = [
        games.annotate(p=F(f"player_{me}_id"), n=F(f"player_{me}__name"), sf=F(f"score_{me}"))
        .annotate(sa=F(f"score_{them}"), d=zero)
        .annotate(f=zero)
        .values_list("p", "n", "sf", "sa", "d", "f")
        .order_by()
        for me, them in (("a", "b"), ("b", "a"))
    ]
    changes = _club_list_changes(club, games, _period("day", *period))
    rows = _ladder_rows(sides[0].union(sides[1], changes, all=True))
    if basis == "rating":
        ordered = sorted(
            rows.values(), key=lambda r: (-r.rating_change, -r.wins, -r.spread, r.name)
        )
    else:
        ordered = sorted(rows.values(), key=lambda r: (-r.wins, -r.spread, r.name))
    for rank, row in enumerate(ordered, start=1):
        row.rank = rank
    return ordered


def _ladder_rows(found) -> dict[int, LadderRow]:
    """The ladder's rows from the union of game sides (scores) and rating changes (no scores;
    the rating after and before, before ``None`` for a newcomer's first rating). An event's
    change is the difference of the published ratings, as the player's history shows them."""
    rows: dict[int, LadderRow] = {}
    for player, name, score_for, score_against, after, before in found:
        row = rows.setdefault(player, LadderRow(player, name))
        if score_for is None:
            if before is None:
                row.first_rating = after
            else:
                row.rating_change += rating_value(after) - rating_value(before)
            continue
        row.games += 1
        row.spread += score_for - score_against
        row.wins += played_worth(score_for, score_against)
    return rows


def _club_list_changes(club: Club, games: QuerySet, period: Q) -> QuerySet:
    """The rating changes on the club's list in ``period`` (of ``day``) of the players of
    ``games``, as ``_ladder_rows`` reads them: each event on the day it was played, a night on
    its date and a tournament on its last day (``order.tournament_day``)."""
    day = Coalesce(
        "event__club_session__date", "event__tournament__end_date", "event__tournament__start_date"
    )
    players = Q(player__in=games.values("player_a")) | Q(player__in=games.values("player_b"))
    none = Value(None, output_field=IntegerField())
    return (
        RatingChange.objects.alias(day=day)
        .filter(period, players, event__rating_list__scope_club=club)
        .annotate(p=F("player_id"), n=F("player__name"), sf=none, sa=none)
        .annotate(d=F("after"), f=F("before"))
        .values_list("p", "n", "sf", "sa", "d", "f")
        .order_by()
    )


def _period(day: str, season, start, end) -> Q:
    """``day`` in ``start``..``end`` (either open) when either is given, else in year ``season``."""
    period = Q(**{f"{day}__year": season}) if start is None and end is None else Q()
    if start is not None:
        period &= Q(**{f"{day}__gte": start})
    if end is not None:
        period &= Q(**{f"{day}__lte": end})
    return period
