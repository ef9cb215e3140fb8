"""``{% load rating_words %}``: ``{{ point|point_label }}`` and ``{{ row|rating_change_text }}``
(``ratings.rating_text``)."""

from django import template

from ratings import rating_text

register = template.Library()

register.filter("point_label", rating_text.point_label)
register.filter("rating_change_text", rating_text.rating_change_text)
