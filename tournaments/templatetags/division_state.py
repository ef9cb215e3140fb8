"""Where a division stands, for the templates that say what to do next."""

from django import template

from ..models import Division
from ..selectors.rounds import division_complete

register = template.Library()


@register.simple_tag
def is_division_complete(division: Division) -> bool:
    """``selectors.rounds.division_complete``: the last round paired and every game in."""
    return division_complete(division)
