import re

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.management.commands.runserver import naiveip_re
from django.utils.translation import gettext as _

from config import demo
from config.bytecode import compile_project
from core.cli import BaseCommand

DEFAULT_ADDRPORT = "127.0.0.1:8000"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def parse_addrport(value: str) -> tuple[str, int]:
    """The address and port ``--addrport`` names ("8080", "0.0.0.0:8080", "[::1]:8000", a host
    name), as runserver reads them; raises ``CommandError`` naming the value otherwise."""
    match = re.match(naiveip_re, value.strip())
    port = match and match["port"]
    if not match or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise CommandError(
            _(
                "“%(value)s” is not an address and port: write PORT or ADDRESS:PORT "
                "(e.g. 8080 or 0.0.0.0:8080), the port from 1 to 65535."
            )
            % {"value": value}
        )
    address = match["addr"] or "127.0.0.1"
    if match["ipv6"]:
        address = match["ipv6"].strip("[]")
    return address, int(port)


class Command(BaseCommand):
    help = _("Migrate, load the demo (once), create the director account and serve the site.")

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true", help=_("Do everything but serve."))
        parser.add_argument(
            "--addrport",
            default=DEFAULT_ADDRPORT,
            help=_(
                "Where to serve: PORT or ADDRESS:PORT (default 127.0.0.1:8000; 0.0.0.0:8000 "
                "serves the other machines of the network too)."
            ),
        )

    def handle(self, *args, no_serve: bool, addrport: str, **options):
        address, port = parse_addrport(addrport)  # refused before anything is done
        call_command("migrate", interactive=False, verbosity=0)
        compile_project()  # every later command starts from bytecode (config/bytecode.py)
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
        shown = f"[{address}]" if ":" in address else address
        self.stdout.write(
            _("Serving on http://%(addr)s/ (Ctrl-C to stop)") % {"addr": f"{shown}:{port}"}
        )
        if address not in LOOPBACK and "*" not in settings.ALLOWED_HOSTS:
            self.stdout.write(
                _(
                    "Other machines reach it by this machine's name or address: list it in "
                    "ALLOWED_HOSTS (now %(hosts)s)."
                )
                % {"hosts": ", ".join(settings.ALLOWED_HOSTS)}
            )
        call_command("runserver", f"{shown}:{port}", use_reloader=False)
