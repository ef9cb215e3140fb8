"""Running management commands in tests, and a picture of the database to prove a refusal
changed nothing."""

import io
import sys

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from core.models import AuditEntry

# Every table a command in this project may write to.
WRITTEN_MODELS = (
    "players.Player",
    "clubs.Club",
    "clubs.Membership",
    "core.AuditEntry",
    "tournaments.Tournament",
    "tournaments.TournamentRole",
    "tournaments.Division",
    "tournaments.Entry",
    "tournaments.Round",
    "tournaments.Pairing",
    "tournaments.RestorePoint",
    "games.Game",
    "games.Turn",
    "games.GameClock",
    "games.Lexicon",
)


def run(name: str, *args: str) -> str:
    """Run a command; its standard output."""
    out = io.StringIO()
    call_command(name, *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def database_state() -> dict:
    """Row counts of every table commands write, plus each result's version and each entry's
    registration, so an unchanged state means nothing was written."""
    state = row_counts(WRITTEN_MODELS)
    state["pairings"] = sorted(
        apps.get_model("tournaments.Pairing").objects.values_list(
            "pk", "version", "kind", "first_score", "second_score"
        )
    )
    state["entries"] = sorted(
        apps.get_model("tournaments.Entry").objects.values_list(
            "pk", "status", "payment_note", "withdrawn_after_round"
        )
    )
    state["last_audit"] = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first()
    return state


def row_counts(labels: tuple[str, ...]) -> dict[str, int]:
    """The number of rows of each model's table, in one query: the fuzz tests take this
    picture before and after every input (one query each table cost ~15 core-s a run on
    PostgreSQL)."""
    quote = connection.ops.quote_name
    tables = (quote(apps.get_model(label)._meta.db_table) for label in labels)
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {t})" for t in tables))
        return dict(zip(labels, cursor.fetchone(), strict=True))


def refused(*args: str) -> str:
    """Run a command that must be refused; the database must not change. The refusal's text."""
    before = database_state()
    with pytest.raises(CommandError) as caught:
        run(*args)
    assert database_state() == before
    return str(caught.value)


def desk_typed(monkeypatch, tmp_path, slug: str, *lines: str) -> str:
    """What the console (``manage.py desk``) answers to ``lines``, then the end of input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    call_command("desk", slug, "--history", str(tmp_path / "history"), stdout=out)
    return out.getvalue()
