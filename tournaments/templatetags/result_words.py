"""Words for the event's record, for templates: the same functions the Python side calls."""

from django import template

from ..entry_text import withdrawn_text as _withdrawn_text
from ..result_text import alone_word as _alone_word
from ..result_text import describe_pairing

register = template.Library()


@register.filter
def alone_word(kind: str) -> str:
    """``result_text.alone_word``: "bye" or "forfeit" where a pairing has no opponent."""
    return _alone_word(kind)


@register.filter
def withdrawn_text(after_round: int) -> str:
    """``entry_text.withdrawn_text``: before the start (round 0), or after round N."""
    return _withdrawn_text(after_round)


@register.filter
def result_in_words(pairing) -> str:
    """``result_text.describe_pairing``: who forfeited, the play-off word's winner, the scores."""
    return describe_pairing(pairing)
