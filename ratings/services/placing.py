"""Putting an event in its place on a rating list: the rule of where it goes is
``ratings.order`` (read by the projections too)."""

from ..models import RatingEvent, RatingList


def event_insert(rating_list: RatingList, order: int, **source) -> RatingEvent:
    """Make room at ``order`` (every event from there moves one place down) and put a new event
    there; its changes are written by the re-rating that follows."""
    for event in rating_list.events.filter(order__gte=order).order_by("-order"):
        event.order += 1
        event.save(update_fields=["order"])
    return RatingEvent.objects.create(rating_list=rating_list, order=order, **source)
