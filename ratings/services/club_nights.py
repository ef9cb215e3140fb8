"""Club nights on a club's own list: an officer starts the list, rates a night (in its date's
place among the nights already rated), re-rates it, or takes it off (the undo of rating it)."""

from django.db import transaction
from django.utils.translation import gettext_noop

from clubs.models import ClubSession
from core.audit import audit_record, refuse_if_undone

from .. import systems as core
from ..games import session_games
from ..models import RatingEvent, RatingList
from ..order import first_played_after
from ..systems.types import player_ids
from .lists import (
    NO_CLUB_LIST,
    NOTHING_RATED,
    OTHER_CLUB,
    SESSION_RATED,
    RatingRefused,
    _rate_new_event,
    _rerate,
    rating_list_create,
    rating_list_recompute,
)
from .placing import event_insert
from .seeding import seed_newcomers

NIGHT_NOT_RATED = gettext_noop("This club night is not rated yet.")

SESSION_NOT_RATED = gettext_noop("This club night is not rated on %(list)s.")


def club_session_rate(
    *, by, session: ClubSession, rating_list: RatingList | None = None, undoes=None
):
    """Rate a club night's rated casual games into the club's list (the club variant).

    ``undoes``: the audit entry of the night's taking off the list this rating undoes."""
    with transaction.atomic():
        refuse_if_undone(undoes, RatingRefused)
        rating_list = _locked_list(session, rating_list)
        if rating_list.scope_club_id not in (None, session.club_id):
            raise RatingRefused(OTHER_CLUB)
        if rating_list.events.filter(club_session=session).exists():
            raise RatingRefused(SESSION_RATED, list=rating_list.name)
        games = session_games([session.pk])[session.pk]
        if not games:
            raise RatingRefused(NOTHING_RATED)
        seed_newcomers(rating_list, player_ids(games))
        club = core.SYSTEMS[rating_list.system].club_variant is not None
        later = first_played_after(rating_list, session.date, session_id=session.pk)
        if later is not None:
            # A night rated after later events goes in its date's place; they are re-rated.
            event = event_insert(rating_list, later.order, club=club, club_session=session)
            rating_list_recompute(by=by, rating_list=rating_list, from_event=event)
        else:
            event = _rate_new_event(
                rating_list, games, rounds=None, club=club, club_session=session
            )
        audit_record(
            by=by,
            action="club_session.rate",
            obj=session,
            scope=f"club:{session.club_id}",
            after={"rating_list": rating_list.slug, "event": event.pk, "order": event.order},
            undoes=undoes,
        )
    return event


def _locked_list(session: ClubSession, rating_list: RatingList | None) -> RatingList:
    """``rating_list`` (by default the club's own list) with its row locked."""
    rating_list = rating_list or RatingList.objects.filter(scope_club=session.club).first()
    if rating_list is None:
        raise RatingRefused(NO_CLUB_LIST)
    return RatingList.objects.select_for_update().get(pk=rating_list.pk)


def club_session_unrate(
    *, by, session: ClubSession, rating_list: RatingList | None = None, undoes=None
):
    """Take a rated club night off its club's list (the undo of rating it): every later event
    moves up one place and is re-rated, so the list is as if the night had never been rated."""
    with transaction.atomic():
        refuse_if_undone(undoes, RatingRefused)
        rating_list = _locked_list(session, rating_list)
        event = rating_list.events.filter(club_session=session).first()
        if event is None:
            raise RatingRefused(SESSION_NOT_RATED, list=rating_list.name)
        order = event.order
        event.delete()
        following = list(rating_list.events.filter(order__gt=order).order_by("order"))
        for moved in following:
            moved.order -= 1
            moved.save(update_fields=["order"])
        first = following[0] if following else None
        if first is not None:
            rating_list_recompute(by=by, rating_list=rating_list, from_event=first)
        else:
            rating_list_recompute(by=by, rating_list=rating_list)
        audit_record(
            by=by,
            action="club_session.unrate",
            obj=session,
            scope=f"club:{session.club_id}",
            before={"rating_list": rating_list.slug, "order": order},
            undoes=undoes,
        )


def club_session_rerate(*, by, session: ClubSession) -> list[RatingList]:
    """Rate a rated night again from its games as they stand (the same games give the same
    ratings, so pressing it twice changes nothing the second time)."""
    lists = _rerate(RatingEvent.objects.filter(club_session=session), by=by)
    if not lists:
        raise RatingRefused(NIGHT_NOT_RATED)
    return lists


CLUB_HAS_LIST = gettext_noop("%(club)s already has a rating list: %(list)s.")


def club_rating_list_start(*, by, club, name: str, system: str, **options) -> RatingList:
    """An officer starts their club's own list (one per club: its nights are rated there)."""
    with transaction.atomic():
        club = type(club).objects.select_for_update().get(pk=club.pk)
        existing = RatingList.objects.filter(scope_club=club).first()
        if existing is not None:
            raise RatingRefused(CLUB_HAS_LIST, club=club.name, list=existing.name)
        return rating_list_create(by=by, name=name, system=system, scope_club=club, **options)
