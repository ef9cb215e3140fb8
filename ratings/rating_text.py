"""Ratings in words: a history point's event and a season's rating change, in the reader's
language, from the values ``ratings.selectors`` reads."""

from django.utils.translation import gettext as _

from tournaments.results.formatting import fmt_spread, rating_value

from .selectors import HistoryPoint, LadderRow


def point_label(point: HistoryPoint) -> str:
    """The event of a history point; one the viewer may not see reads "a private event"."""
    return _("a private event") if point.label is None else point.label


def rating_change_text(row: LadderRow) -> str:
    """The season's change, ``+12``; a first rating reads as such (issue 33)."""
    if row.first_rating is None:
        return fmt_spread(row.rating_change_shown)
    first = _("first rating %(rating)s") % {"rating": rating_value(row.first_rating)}
    if row.rating_change_shown:
        return f"{first}, {fmt_spread(row.rating_change_shown)}"
    return first
