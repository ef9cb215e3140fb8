"""Words for a pairing's record, for templates: the same functions the Python side calls."""

from django import template

from ..result_text import alone_word as _alone_word

register = template.Library()


@register.filter
def alone_word(kind: str) -> str:
    """``result_text.alone_word``: "bye" or "forfeit" where a pairing has no opponent."""
    return _alone_word(kind)
