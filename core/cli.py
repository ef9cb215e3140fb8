"""Reading command-line input shared by the commands of every app: days, form fields, files and
refusals; and the base of every command (``BaseCommand``), whose output takes any text."""

import argparse
import datetime
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.management import base
from django.core.management.base import CommandError, OutputWrapper
from django.utils.translation import gettext as _

from .forms import MAX_ID, WholeNumberField
from .messages import translated
from .refusal import Refusal


def iso_date(text: str) -> datetime.date:
    """An argparse ``type`` for a day written YYYY-MM-DD."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("“%(text)s” is not a day (write it YYYY-MM-DD).") % {"text": text}
        ) from None


def field_argument(field: forms.Field) -> Callable[[str], Any]:
    """An argparse ``type`` that reads an argument as the form ``field`` reads typed input, so a
    command takes exactly what the page takes and refuses the rest with the form's message."""

    def read(text: str):
        try:
            return field.clean(text)
        except ValidationError as err:
            raise argparse.ArgumentTypeError(" ".join(err.messages)) from None

    return read


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``, read as the pages read one
    (``core.forms.WholeNumberField``: ASCII digits, the bounds named when refused)."""
    return field_argument(WholeNumberField(min_value=low, max_value=high))


# A row's id as a command takes it: what an id column can hold, read as the pages read a number.
ROW_ID = whole_number(1, MAX_ID)


def read_bytes(path: str) -> bytes:
    """The file's bytes, or a ``CommandError`` saying why it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise CommandError(
            _("Cannot read %(file)s: %(reason)s") % {"file": path, "reason": err.strerror}
        ) from err


def write_bytes(path: str, data: bytes) -> None:
    """Write the file, or raise a ``CommandError`` saying why it cannot be written."""
    try:
        Path(path).write_bytes(data)
    except OSError as err:
        raise CommandError(
            _("Cannot write %(file)s: %(reason)s") % {"file": path, "reason": err.strerror}
        ) from err


def add_output(parser, *, required: bool = False) -> None:
    """``--output FILE``, written by ``BaseCommand.write_file_or_print`` (or ``write_bytes``)."""
    if required:
        parser.add_argument("--output", required=True, help=_("File to write."))
    else:
        parser.add_argument("--output", help=_("File to write (default: standard output)."))


def write_file(path: str, data: bytes) -> str:
    """Write ``data`` to the file ``path`` (``write_bytes``); the line that says so, with the size
    in KB rounded up (a file of a few bytes is 1 KB, not 0)."""
    write_bytes(path, data)
    return _("Wrote %(file)s (%(kb)d KB).") % {"file": path, "kb": math.ceil(len(data) / 1024)}


def validation_text(err: ValidationError) -> str:
    """A service's ``ValidationError`` as lines; field errors are named by their field."""
    if hasattr(err, "error_dict"):
        lines = []
        for field, messages in err.message_dict.items():
            prefix = "" if field == "__all__" else f"{field}: "
            lines.extend(prefix + message for message in messages)
        return "\n".join(lines)
    return "\n".join(err.messages)


class TextOutput(OutputWrapper):
    """A command's output that writes any text its stream's encoding cannot (a lone surrogate
    of a name read from JSON, a character past ASCII on an ASCII terminal) as a backslash
    escape instead of failing with UnicodeEncodeError after the work was done."""

    def write(self, msg="", style_func=None, ending=None) -> None:
        encoding = getattr(self._out, "encoding", None) or "utf-8"
        text = str(msg).encode(encoding, "backslashreplace").decode(encoding)
        super().write(text, style_func, ending)


def _text_output(wrapper: OutputWrapper) -> TextOutput:
    if isinstance(wrapper, TextOutput):
        return wrapper
    output = TextOutput(wrapper._out, wrapper.ending)
    output._style_func = wrapper._style_func
    return output


def _text_stream(name: str) -> property:
    """A command's stream (stdout, stderr) kept in attribute ``name``: whatever Django sets it to
    (at start, or ``call_command(stdout=...)``) is wrapped to write any text."""

    def get(command) -> TextOutput:
        return getattr(command, name)

    def set_(command, wrapper: OutputWrapper) -> None:
        setattr(command, name, _text_output(wrapper))

    return property(get, set_)


def shown(text: str) -> str:
    """``text`` with what is not text (a lone surrogate) written as a backslash escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _unstorable(value) -> str | None:
    """The first text of ``value`` no database stores: a NUL or a lone surrogate."""
    values = value if isinstance(value, list | tuple) else [value]
    for item in values:
        if isinstance(item, str) and ("\x00" in item or shown(item) != item):
            return item
    return None


class BaseCommand(base.BaseCommand):
    """Every command of the project: its output writes any text (``TextOutput``), and an
    argument no database can store (a NUL; bytes the terminal could not decode, which Python
    hands over as lone surrogates) is refused with a message before anything is done, as
    ``core.middleware`` refuses a NUL in a request. A service's refusal (a ``Refusal``, or the
    ``ValidationError`` of a model's fields) that the command does not say otherwise ends it with
    its message and exit status 1, as a page says it, and nothing done.

    A director's command runs no system checks before it starts: they read every URL pattern and
    so import every view (the PDF builders and their fonts among them), about a second a command,
    and they guard a server's configuration, not a command's work. The server's own starts run
    them: ``serve`` runs ``check --deploy``, ``quickstart`` starts ``runserver`` (which checks),
    and ``manage.py check`` runs them on demand."""

    requires_system_checks = []

    stdout = _text_stream("_text_stdout")
    stderr = _text_stream("_text_stderr")

    def execute(self, *args, **options):
        for value in (*args, *options.values()):
            bad = _unstorable(value)
            if bad is not None:
                raise CommandError(
                    _(
                        "“%(text)s” holds characters no database can store (NUL, or bytes "
                        "that are not text); nothing was done."
                    )
                    % {"text": shown(bad).replace("\x00", "\\x00")}
                )
        try:
            return super().execute(*args, **options)
        except Refusal as err:
            raise CommandError(translated(err)) from err
        except ValidationError as err:
            raise CommandError(validation_text(err)) from err

    def write_file_or_print(self, text: str, output: str | None, *, encoding="utf-8") -> None:
        """An export's ``text`` written to the file ``output`` (encoded in ``encoding``), saying
        so, or printed as it is when no file is named (``--output``)."""
        if output:
            self.stdout.write(write_file(output, text.encode(encoding)))
        else:
            self.stdout.write(text, ending="")
