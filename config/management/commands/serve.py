"""`manage.py serve`: the production start, in one command.

Collects the static files (the manifest storage needs them before any page can render), runs the
deploy checks, optionally migrates, prepares the printouts' fonts, then replaces itself with gunicorn serving config.wsgi.
Workers come from WEB_CONCURRENCY (default: 2 per core + 1), the address from BIND or PORT.
"""

import importlib.util
import os
import sys

from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from config.bytecode import compile_project
from core.cli import BaseCommand


def serve_argv(env: dict) -> list[str]:
    """The process to become: this interpreter running its own environment's gunicorn, so a
    virtual environment that is not activated (``venv/bin/python manage.py serve``) serves too,
    whatever PATH holds."""
    return [sys.executable, "-m", *gunicorn_argv(env)]


def gunicorn_argv(env: dict) -> list[str]:
    """The gunicorn command line for this environment."""
    workers = env.get("WEB_CONCURRENCY") or str(2 * (os.cpu_count() or 1) + 1)
    if not workers.isdigit() or not 1 <= int(workers) <= 64:
        raise CommandError(_("WEB_CONCURRENCY must be a whole number from 1 to 64."))
    threads = env.get("GUNICORN_THREADS") or "1"
    if not threads.isdigit() or not 1 <= int(threads) <= 64:
        raise CommandError(_("GUNICORN_THREADS must be a whole number from 1 to 64."))
    slots = env.get("COP_PUBLIC_SLOTS") or "1"
    if env.get("COP_PUBLIC", "open").strip().lower() != "off" and (
        not slots.isdigit() or int(slots) >= int(workers)
    ):
        raise CommandError(
            _(
                "COP_PUBLIC_SLOTS must be a whole number below WEB_CONCURRENCY, so anonymous "
                "COP requests can never hold every worker."
            )
        )
    timeout = env.get("GUNICORN_TIMEOUT", "30")
    try:
        cop_seconds, worker_seconds = float(env.get("COP_PUBLIC_SECONDS") or 20), float(timeout)
    except ValueError:
        raise CommandError(_("COP_PUBLIC_SECONDS and GUNICORN_TIMEOUT must be numbers.")) from None
    if cop_seconds >= worker_seconds:
        raise CommandError(
            _(
                "COP_PUBLIC_SECONDS must be below GUNICORN_TIMEOUT, or gunicorn kills the waiting worker."
            )
        )
    # Behind a proxy the app server answers only on loopback (the proxy on the same server)
    # unless BIND says otherwise: nobody else reaches it to name their own address.
    behind = env.get("BEHIND_PROXY", "").strip().lower() in {"1", "true", "yes", "on"}
    host = "127.0.0.1" if behind else "0.0.0.0"
    bind = env.get("BIND") or f"{host}:{env.get('PORT', '8000')}"
    return [
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        bind,
        "--workers",
        workers,
        "--threads",
        threads,
        "--access-logfile",
        "-",
        "--timeout",
        timeout,
    ]


class Command(BaseCommand):
    help = _("Collect static files, check the deployment and serve with gunicorn.")

    def add_arguments(self, parser):
        parser.add_argument("--migrate", action="store_true", help=_("Migrate the database first."))
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help=_("Prepare and print the command; serve nothing."),
        )

    def handle(self, *args, migrate: bool, dry_run: bool, **options):
        call_command("collectstatic", interactive=False, verbosity=0)
        if migrate:
            call_command("migrate", interactive=False, verbosity=0)
        call_command("check", deploy=True, fail_level="ERROR")
        compile_project()  # each gunicorn worker imports from bytecode (config/bytecode.py)
        # Before the workers start, so the first printout of the day does not wait for fonts.
        call_command("prepare_fonts", stdout=self.stdout)
        argv = gunicorn_argv(dict(os.environ))
        self.stdout.write(" ".join(argv))
        if dry_run:
            return
        if importlib.util.find_spec("gunicorn") is None:
            raise CommandError(_("gunicorn is not installed: pip install -e ."))
        command = serve_argv(dict(os.environ))
        os.execv(command[0], command)
