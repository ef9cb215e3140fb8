from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from config import demo


class Command(BaseCommand):
    help = _("Migrate, load the demo (once), create the director account and serve the site.")

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true", help=_("Do everything but serve."))
        parser.add_argument("--addrport", default="127.0.0.1:8000")

    def handle(self, *args, no_serve: bool, addrport: str, **options):
        call_command("migrate", interactive=False, verbosity=0)
        call_command("prepare_fonts", stdout=self.stdout)
        outcome = demo.load_demo()
        if outcome["created"]:
            self.stdout.write(_("Demo data loaded."))
        else:
            self.stdout.write(_("Demo data already present; nothing changed."))
        self.stdout.write(
            _("Director login: %(user)s / %(password)s")
            % {"user": demo.DIRECTOR_USERNAME, "password": demo.DIRECTOR_PASSWORD}
        )
        if no_serve:
            return
        self.stdout.write(_("Serving on http://%(addr)s/ (Ctrl-C to stop)") % {"addr": addrport})
        call_command("runserver", addrport, use_reloader=False)
