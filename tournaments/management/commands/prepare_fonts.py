"""python manage.py prepare_fonts: build the printouts' fonts now rather than at the first PDF.

quickstart and serve run it, so the ~10-20 s of first-time font work (the bold instances of the
variable Noto faces) happens at install or start-up, never while a director waits at the printer.
"""

import time

from django.utils.translation import gettext as _

from core.cli import BaseCommand
from printouts.fonts import CACHE_DIR, prepare_fonts


class Command(BaseCommand):
    help = _("Prepare the fonts of the printed reports (run once after install; quick after that).")

    def handle(self, *args, **options):
        began = time.perf_counter()
        prepared = prepare_fonts()
        self.stdout.write(
            _("Fonts for the printouts are ready in %(dir)s (%(count)d faces, %(seconds).1f s).")
            % {"dir": CACHE_DIR, "count": len(prepared), "seconds": time.perf_counter() - began}
        )
