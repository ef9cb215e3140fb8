"""`manage.py add_club NAME [--city] [--country]`"""

from django.utils.translation import gettext as _

from clubs.services import club_create
from core.cli import BaseCommand


class Command(BaseCommand):
    help = _("Add a club; its slug is made from the name.")

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--city", default="")
        parser.add_argument("--country", default="", help=_("ISO code, e.g. GB."))

    def handle(self, *args, name, city, country, **options):
        club = club_create(by=None, name=name, city=city, country=country)
        self.stdout.write(
            _("Added the club %(name)s (slug %(slug)s).") % {"name": club.name, "slug": club.slug}
        )
