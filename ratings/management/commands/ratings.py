"""`manage.py ratings NAME --format json|text|csv`: print a rating list, best first.
`manage.py ratings create NAME --system naspa|absp|glicko2 [--club CLUB]`: start a list."""

import json

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from clubs.models import Club
from core.cli import BaseCommand, field_argument
from core.csv_export import dict_rows, write_csv
from core.forms import WholeNumberField
from ratings.models import MAX_PROVISIONAL_GAMES
from ratings.selectors import rating_list_rows
from ratings.services import club_rating_list_start, rating_list_create
from tournaments.results.formatting import display_width, pad_display

from .rate import find_rating_list

CREATE = "create"


class Command(BaseCommand):
    help = _(
        "Print a rating list (name, rating, games), best first; or, as "
        "'ratings create NAME --system SYSTEM [--club CLUB]', start a list."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("The list's slug or name (or 'create')."))
        parser.add_argument("new_name", nargs="?", help=_("With 'create': the new list's name."))
        parser.add_argument("--format", choices=["json", "text", "csv"], default="text")
        parser.add_argument("--system", choices=["naspa", "absp", "glicko2"], default=None)
        parser.add_argument("--club", help=_("With 'create': the club's slug (its own list)."))
        parser.add_argument(
            "--seed-list", help=_("With 'create': the national list newcomers start from.")
        )
        parser.add_argument(
            "--provisional-games",
            type=field_argument(WholeNumberField(min_value=0, max_value=MAX_PROVISIONAL_GAMES)),
            help=_("With 'create': rated games before a newcomer's rating is settled."),
        )
        parser.add_argument(
            "--count-tournaments",
            action="store_true",
            help=_("With 'create' and --club: the club's tournaments are rated on it too."),
        )

    def handle(self, *args, name: str, new_name: str | None, format: str, **options):
        if name == CREATE and new_name is not None:
            return self.create(new_name, **options)
        listed = list(rating_list_rows(find_rating_list(name), everyone=True))
        ranks = [row.rank for row in listed]  # the list's rank, ties shared as its page shows them
        rows = [
            {
                "name": row.player.name,
                "rating": row.published,
                "games": row.games,
                "provisional": row.provisional,
            }
            for row in listed
        ]
        if format == "json":
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2))
        elif format == "csv":
            fields = ["name", "rating", "games", "provisional"]
            write_csv(self.stdout, dict_rows(rows, fields), lineterminator="\n")
        else:
            # Padded by display width: a Thai or Chinese name keeps the columns (``pad_display``).
            width = max((display_width(row["name"]) for row in rows), default=4)
            for rank, row in zip(ranks, rows, strict=True):
                mark = f"  {_('provisional')}" if row["provisional"] else ""
                name = pad_display(row["name"], width)
                self.stdout.write(f"{rank:>4}  {name}  {row['rating']:>5}  {row['games']:>5}{mark}")

    def create(self, new_name: str, *, system, club, seed_list, provisional_games, **options):
        if system is None:
            raise CommandError(_("Name the rating system with --system naspa|absp|glicko2."))
        settings = {
            "system": system,
            "provisional_games": provisional_games,
            "seed_list": find_rating_list(seed_list) if seed_list else None,
        }
        if club:
            found = Club.objects.filter(slug=club).first()
            if found is None:
                raise CommandError(_("No club with slug %(slug)s.") % {"slug": club})
            created = club_rating_list_start(
                by=None,
                club=found,
                name=new_name,
                count_tournaments=options["count_tournaments"],
                **settings,
            )
        else:
            created = rating_list_create(by=None, name=new_name, **settings)
        self.stdout.write(
            _("Started %(list)s (%(system)s), slug %(slug)s.")
            % {"list": created.name, "system": created.get_system_display(), "slug": created.slug}
        )
