"""Why an event cannot be written in a format."""

from core.refusal import Refusal, gettext_noop

SCORE_DOES_NOT_FIT = gettext_noop(
    "A .tou file holds scores from 0 to 999 only: %(name)s has %(score)s in round %(round)s."
)


class ExportRefused(Refusal):
    """The event holds something the file format cannot carry."""
