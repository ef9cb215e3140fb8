"""`manage.py ratings NAME --format json|text|csv`: print a rating list, best first."""

import json

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from core.csv_export import dict_rows, write_csv
from ratings.selectors import rating_list_rows

from .rate import find_rating_list


class Command(BaseCommand):
    help = _("Print a rating list (name, rating, games), best first.")

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("The list's slug or name."))
        parser.add_argument("--format", choices=["json", "text", "csv"], default="text")

    def handle(self, *args, name: str, format: str, **options):
        rows = [
            {"name": row.player.name, "rating": row.published, "games": row.games}
            for row in rating_list_rows(find_rating_list(name), everyone=True)
        ]
        if format == "json":
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2))
        elif format == "csv":
            fields = ["name", "rating", "games"]
            write_csv(self.stdout, dict_rows(rows, fields), lineterminator="\n")
        else:
            width = max((len(row["name"]) for row in rows), default=4)
            for rank, row in enumerate(rows, start=1):
                self.stdout.write(
                    f"{rank:>4}  {row['name']:<{width}}  {row['rating']:>5}  {row['games']:>5}"
                )
