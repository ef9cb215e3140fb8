"""Reading command-line input shared by the commands of every app: days, form fields, files and
refusals."""

import argparse
import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError
from django.utils.translation import gettext as _


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


def validation_text(err: ValidationError) -> str:
    """A service's ``ValidationError`` as lines; field errors are named by their field."""
    if hasattr(err, "error_dict"):
        lines = []
        for field, messages in err.message_dict.items():
            prefix = "" if field == "__all__" else f"{field}: "
            lines.extend(prefix + message for message in messages)
        return "\n".join(lines)
    return "\n".join(err.messages)
