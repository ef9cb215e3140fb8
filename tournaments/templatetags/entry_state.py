"""Where a player's entry stands, for their personal page (``public/entry_link.html``)."""

from django import template

from ..models import Entry
from ..selectors.entry_links import missed_first_round

register = template.Library()


@register.simple_tag
def first_round_missed(entry: Entry) -> int | None:
    """``selectors.entry_links.missed_first_round`` for a player neither checked in nor
    withdrawn (no query for the others): the round paired without them, whose "I'm here" would
    be refused."""
    if entry.status == Entry.Status.CHECKED_IN or entry.withdrawn_after_round is not None:
        return None
    return missed_first_round(entry)
