"""python manage.py check_catalogues [--skip-makemessages]

Fails (exit status 1) when a catalogue under ``locale/`` has an untranslated or fuzzy entry or a
placeholder dropped or added, when ``makemessages`` would change its msgids, or when a ``.mo`` is
missing or out of date with its ``.po``. CI runs it; so can anyone before committing.
"""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.catalogues import catalogue_paths, catalogue_problems, stale_compiled, stale_messages
from core.cli import BaseCommand


class Command(BaseCommand):
    help = _("Check the translation catalogues: complete, faithful, fresh and compiled.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--skip-makemessages",
            action="store_true",
            help=_("Do not compare the msgids with the source (faster; needs no gettext tools)."),
        )

    def handle(self, *args, skip_makemessages, **options):
        locale_dir = Path(settings.LOCALE_PATHS[0])
        paths = catalogue_paths(locale_dir) if locale_dir.is_dir() else []
        if not paths:
            raise CommandError(
                _("No catalogues in %(dir)s: run `python manage.py makemessages --all`.")
                % {"dir": locale_dir}
            )
        problems = []
        for path in paths:
            name = path.relative_to(locale_dir)
            problems += [f"{name}: {p}" for p in catalogue_problems(polib.pofile(str(path)))]
        problems += stale_compiled(locale_dir)
        if not skip_makemessages:
            problems += stale_messages(Path(settings.BASE_DIR), locale_dir)
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(
                _("%(count)d problems in the translation catalogues.") % {"count": len(problems)}
            )
        self.stdout.write(_("%(count)d catalogues checked.") % {"count": len(paths)})
