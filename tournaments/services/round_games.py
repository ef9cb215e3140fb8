"""Writing a round's new games: one INSERT statement run for every game (``executemany``).

A King's Cup's pairing writes 4,000 games; ``bulk_create`` compiles each value of each row
through the field's SQL (52,000 values, most of the write's time) although only six columns
differ from one game to the next. Here the values every game shares (the defaults: no score,
version 0, sides known...) are prepared once from a model instance, as ``bulk_create`` would
prepare them, and only the six are put in per game. The caller audits the write (``round.pair``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

from pairing.types import PairingOut

from ..models import Pairing, Round

VARYING = ("round", "table", "first", "second", "sides_drawn", "kind")


def games_insert(rnd: Round, outs: Iterable[PairingOut]) -> None:
    """Insert a played game (or a bye) of ``rnd`` for each of ``outs``."""
    fields = [f for f in Pairing._meta.concrete_fields if not f.primary_key]
    shared = Pairing(round=rnd)
    values = [f.get_db_prep_save(f.pre_save(shared, True), connection) for f in fields]
    at = {f.name: n for n, f in enumerate(fields) if f.name in VARYING}
    rows = []
    for out in outs:
        row = list(values)
        row[at["table"]], row[at["sides_drawn"]] = out.table, out.sides_drawn
        row[at["first"]], row[at["second"]] = out.first, out.second
        row[at["kind"]] = Pairing.Kind.BYE if out.second is None else Pairing.Kind.PLAYED
        rows.append(row)
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(Pairing._meta.db_table)} ({columns}) VALUES ({marks})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
