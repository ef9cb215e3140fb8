"""An entry's state in words, for every page, printout and command that shows it."""

from django.utils.translation import gettext as _


def withdrawn_text(after_round: int) -> str:
    """A withdrawal: "withdrawn before the start" for round 0 (a no-show, as the check-in desk
    withdraws them), else "withdrawn after round N"."""
    if after_round == 0:
        return _("withdrawn before the start")
    return _("withdrawn after round %(round)d") % {"round": after_round}


def withdrawn_mark() -> str:
    """What follows a withdrawn player's name in a list written as text, as the live pairings
    tag it: the standings printout and command, the console's pairings."""
    return _("(withdrawn)")


def marked_name(name: str, withdrawn: bool) -> str:
    """``name``, with ``withdrawn_mark`` after it once the player has withdrawn."""
    return f"{name} {withdrawn_mark()}" if withdrawn else name
