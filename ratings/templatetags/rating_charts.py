"""``{% load rating_charts %}``: ``{% rating_chart history %}`` draws a ``RatingHistory`` (the
selectors read it, ``ratings/svg.py`` draws it)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from ratings.svg import history_svg

register = template.Library()


@register.simple_tag
def rating_chart(history) -> SafeString:
    return history_svg(history)
