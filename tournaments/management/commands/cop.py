"""`manage.py cop REQUEST.json|-`: pair a round with COP from a TSH COP request, print the answer.

The request is the JSON TSH's COP plugin sends (snake_case or camelCase keys); the answer is
the service's JSON (``pairings``, ``error_code``, ``error_message``, ``log``). Any error code
other than SUCCESS ends the command with a non-zero exit status.
"""

import json
import sys

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, read_bytes
from pairing.cop.service import handle, is_error


class Command(BaseCommand):
    help = _("Pair a round with COP from a TSH COP request (JSON) and print the response.")

    def add_arguments(self, parser):
        parser.add_argument("request", help=_("The request file, or - to read standard input."))

    def handle(self, *args, request: str, **options):
        body = sys.stdin.buffer.read() if request == "-" else read_bytes(request)
        answer = handle(body, _)
        self.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2))
        if is_error(answer):
            raise CommandError(f"{answer['error_code']}: {answer['error_message']}", returncode=2)
