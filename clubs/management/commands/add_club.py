"""`manage.py add_club NAME [--city] [--country]`"""

from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from clubs.services import club_create
from core.cli import BaseCommand, validation_text


class Command(BaseCommand):
    help = _("Add a club; its slug is made from the name.")

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--city", default="")
        parser.add_argument("--country", default="", help=_("ISO code, e.g. GB."))

    def handle(self, *args, name, city, country, **options):
        try:
            club = club_create(by=None, name=name, city=city, country=country)
        except ValidationError as err:
            raise CommandError(validation_text(err)) from err
        self.stdout.write(
            _("Added the club %(name)s (slug %(slug)s).") % {"name": club.name, "slug": club.slug}
        )
