"""The options the event commands share, each written once: its name, its help and the form
field that reads it, so ``--round`` means the same and refuses the same in every command (with
the message the pages give), and a director learns one vocabulary for them all."""

from django.utils.translation import gettext as _

from core.cli import whole_number
from core.forms import MAX_ROUND

# Read as the pages read a round number (``core.forms``): ASCII digits, within the bounds.
ROUND = whole_number(1, MAX_ROUND)
AFTER_ROUND = whole_number(0, MAX_ROUND)


def add_event(parser, *, dest: str = "slug") -> None:
    """The event, by its slug: the first argument of every event command."""
    parser.add_argument(dest, metavar="SLUG", help=_("The tournament's slug."))


def add_division(parser, *, help: str | None = None) -> None:
    """``--division``, read by ``_lookup.division_from`` (any case; optional with one division)."""
    parser.add_argument("--division", dest="division_name", help=help)


def add_round(parser, *, required: bool = False, help: str | None = None) -> None:
    parser.add_argument("--round", type=ROUND, required=required, help=help)


def add_user(parser) -> None:
    """``--user``, read by ``_acting.acting_user``: the account a change is made and audited as."""
    parser.add_argument("--user", help=_("Act as this account (default: the system)."))
