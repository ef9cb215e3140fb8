"""Finding a tournament, a division and a round from command-line arguments (shared by the
commands)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.models import Division, Round, Tournament


def tournament_from(slug: str) -> Tournament:
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise CommandError(_("No tournament has the slug “%(slug)s”.") % {"slug": slug})
    return tournament


def division_from(tournament: Tournament, name: str | None) -> Division:
    """The named division, or the only one when no name is given."""
    divisions = list(tournament.divisions.order_by("name"))
    if name is None and len(divisions) == 1:
        return divisions[0]
    for division in divisions:
        if name is not None and division.name.lower() == name.lower():
            return division
    names = ", ".join(d.name for d in divisions) or "—"
    raise CommandError(
        _("Choose a division with --division (this tournament has: %(names)s).") % {"names": names}
    )


def round_from(division: Division, number: int) -> Round:
    """Round ``number`` of ``division``, once it has been paired."""
    found = division.round_set.filter(number=number).first()
    if found is None:
        raise CommandError(
            _("Round %(round)d of division %(division)s has not been paired.")
            % {"round": number, "division": division.name}
        )
    return found
