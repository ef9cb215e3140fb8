"""`manage.py upload_lexicon NAME FILE`: store a word list (one word per line) for the judge."""

from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from games.services.words import lexicon_upload


class Command(BaseCommand):
    help = _(
        "Store a word list for the word judge: one word per line, # comments and blank lines "
        "skipped. Refused, naming the line, if a line is not a word."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("The list's name, e.g. CSW24."))
        parser.add_argument("file", help=_("The word list file (UTF-8 or Latin-1)."))

    def handle(self, *args, name, file, **options):
        data = read_bytes(file)
        lexicon = lexicon_upload(by=None, name=name, data=data)
        self.stdout.write(
            _("Word list %(name)s stored: %(count)d words.")
            % {"name": lexicon.name, "count": lexicon.word_count}
        )
