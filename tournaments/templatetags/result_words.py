"""Words for a pairing's record, for templates: the same functions the Python side calls."""

from django import template

from ..result_text import alone_word as _alone_word
from ..result_text import describe_pairing

register = template.Library()


@register.filter
def alone_word(kind: str) -> str:
    """``result_text.alone_word``: "bye" or "forfeit" where a pairing has no opponent."""
    return _alone_word(kind)


@register.filter
def result_in_words(pairing) -> str:
    """``result_text.describe_pairing``: who forfeited, the play-off word's winner, the scores."""
    return describe_pairing(pairing)
