"""Finding a tournament and division from command-line arguments (shared by the commands)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.models import Division, Tournament


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
