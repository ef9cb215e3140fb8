"""Why this pairing? A game's stored reasons (``selectors.why``) as sentences in the reader's
language."""

from collections.abc import Iterable

from django.utils.translation import gettext


def reasons_text(reasons: Iterable) -> str:
    """A game's reasons (``cop_log`` notes) as one paragraph; "" without any."""
    return " ".join(reason.render(gettext) for reason in reasons)


def round_reasons_in_words(lines: list[dict]) -> list[dict]:
    """``selectors.why.round_reasons``'s lines with each game's reasons written out."""
    return [line | {"why": reasons_text(line["why"])} for line in lines]
