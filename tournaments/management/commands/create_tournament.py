"""python manage.py create_tournament NAME [--slug] [--start] [--end] [--venue] [--rules PRESET]
[--director USERNAME] [--private] [--country CC] [--paper a4|letter] [--time-zone ZONE]"""

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from games.engine.rules import PRESETS
from tournaments.regions import PAPER_SIZES
from tournaments.services.events import tournament_create

from ._acting import user_named
from ._new_event import add_new_event_arguments, check_days


class Command(BaseCommand):
    help = _("Create a tournament (then add divisions with add_division).")

    def add_arguments(self, parser):
        parser.add_argument("name")
        add_new_event_arguments(parser)
        parser.add_argument("--venue", default="")
        parser.add_argument("--rules", choices=sorted(PRESETS), default="naspa")
        parser.add_argument(
            "--private", action="store_true", help=_("Hide it from the public pages.")
        )
        parser.add_argument(
            "--country",
            default="",
            help=_("Two-letter country code: sets the paper size and time zone unless given."),
        )
        parser.add_argument(
            "--paper",
            choices=PAPER_SIZES,
            help=_("Paper every printout is laid out for (default: from the country)."),
        )
        parser.add_argument(
            "--time-zone",
            dest="time_zone",
            default="",
            help=_("IANA time zone, such as Africa/Nairobi (default: from the country)."),
        )

    def handle(
        self,
        *args,
        name,
        slug,
        start,
        end,
        venue,
        rules,
        director,
        private,
        country,
        paper,
        time_zone,
        **options,
    ):
        check_days(start, end)
        director_user = user_named(director) if director else None
        tournament = tournament_create(
            by=None,
            name=name,
            director=director_user,
            slug=slug,
            start_date=start,
            end_date=end,
            venue=venue,
            rules_preset=rules,
            is_public=not private,
            country=country.strip().upper(),
            paper_size=paper or "",
            time_zone=time_zone.strip(),
        )
        self.stdout.write(
            _("Created %(name)s (slug %(slug)s).")
            % {"name": tournament.name, "slug": tournament.slug}
        )
        self.stdout.write(
            _("Printouts on %(paper)s; times in %(zone)s.")
            % {"paper": tournament.get_paper_size_display(), "zone": tournament.zone.key}
        )
