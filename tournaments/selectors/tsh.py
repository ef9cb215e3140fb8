"""A division as a TSH division, ready for the pure writer (``tournaments.tsh.write_t``).

The one place a division becomes ``.t`` lines: ``export_tsh`` writes it as it is, and the rating
authority's file (``ratings.export``) is the same lines with the published ratings and ``newr``.
Entries are numbered in player-number order. Each round is the player's record
(``tournaments.results.records``, through ``exports.build_division``) written by
``exports.t_lines``, the rules the NASPA file shares: a played game is the opponent and the own
score; a bye, half bye or forfeit ``0`` with its spread; a late entry's missed round its share of
the starting result; a round that counts nothing ends the line when nothing follows it, else is
``0``/``-forfeit`` listed in the ``skip`` tag (never ``0``/``0``, which every TSH reader takes
for a half bye). No score is written past the first round with a result missing; the later
rounds' scores are in the ``later`` tag (``exports.t_lines``). Tags kept from an import
(``Entry.tsh_fields``) are written back; ``p12``, ``board``, ``off``, ``skip``, ``playoff`` and
``later`` are rebuilt.

Playoff games (``services.playoffs``) are written the way TSH records a final: as ordinary rounds
after the preliminary ones (TSH has no playoff of its own). Only the players of a playoff round
have a cell in it: every other line ends at its last game, as TSH writes a player who stopped
playing; the playoff's places are not in the ``.t`` file (TSH ranks by record; the desk's
standings and printouts carry them).
"""

from __future__ import annotations

from tournaments.results.playoffs import read_stage
from tournaments.results.records import entry_facts

from ..exports.build import EntryIn, build_division
from ..exports.names import export_name
from ..exports.t_lines import LATER_TAG, PLAYOFF_TAG, SKIP_TAG, t_rounds
from ..models import Division, Entry, Pairing
from ..tsh import TshDivision, TshPlayer, display_name
from ..tsh.writer import tsh_name
from .divisions import PAIRING_ROW_FIELDS, PairingRow, division_spreads


def division_as_tsh(division: Division) -> TshDivision:
    """The division as a TSH division (three queries), ready for ``write_t``."""
    return TshDivision(tuple(player for _entry, player in division_tsh_players(division)))


def division_tsh_players(division: Division) -> list[tuple[Entry, TshPlayer]]:
    """Each entry with its TSH line, in line order (three queries)."""
    entries = list(division.entries.select_related("player").order_by("number"))
    rows = Pairing.objects.filter(round__division=division).order_by("round__number", "id")
    pairings = [PairingRow._make(r) for r in rows.values_list(*PAIRING_ROW_FIELDS)]
    spreads = division_spreads(division)
    stage = read_stage(division.playoff)
    built = build_division(
        division.name,
        division.rounds,
        [
            EntryIn(e.pk, "", 0, e.withdrawn_after_round is not None, entry_facts(e))
            for e in entries
        ],
        pairings,
        spreads,
        playoff_after=stage.after_round if stage else None,
        stored_tables=True,
    )
    lines = []
    scored = built.rounds_complete + 1  # no score past a round with a result missing
    for entry, player in zip(entries, built.players, strict=True):
        values = t_rounds(player.cells, spreads.forfeit, scored)
        line = TshPlayer(
            number=player.number,
            name=_tsh_name(entry),
            rating=_tsh_rating(entry),
            opponents=values.opponents,
            scores=values.scores,
            tags=_tags(division, entry, values),
        )
        lines.append((entry, line))
    return lines


def _tags(division: Division, entry: Entry, values) -> tuple[tuple[str, tuple[str, ...]], ...]:
    rebuilt = (SKIP_TAG, PLAYOFF_TAG, LATER_TAG)
    tags = {name: tuple(v) for name, v in entry.tsh_fields.get("tags", []) if name not in rebuilt}
    boards, p12 = list(values.boards), values.p12
    if values.skipped:
        tags[SKIP_TAG] = tuple(map(str, values.skipped))
    if values.playoff:
        tags[PLAYOFF_TAG] = values.playoff
    if values.later:
        tags[LATER_TAG] = values.later
    while boards and not boards[-1]:
        boards.pop()  # TSH stops the board list at the last round with a table
    if boards:
        tags["board"] = tuple(map(str, boards))
    if p12:
        tags["p12"] = tuple(map(str, p12))
    if entry.team != " ".join(" ".join(tags.get("team", ())).split()):
        # The team was changed here: written as TSH reads it, a word a value.
        tags["team"] = tuple(entry.team.split())
        if not entry.team:
            tags.pop("team")
    if entry.withdrawn_after_round is not None:
        tags.setdefault("off", (str(-division.forfeit_spread),))
    else:
        tags.pop("off", None)
    return tuple(sorted(tags.items()))


def _tsh_name(entry: Entry) -> str:
    """The name the import read, while it still names the player; else ``Family, Given`` from
    the typed name parts (``tournaments.exports.names``), else the sort name: a name TSH reads back."""
    person = entry.player
    if person.family_name:
        written = export_name(person.name, person.family_name, person.given_names)
        return line_name(person.name, written, entry.tsh_fields)
    return line_name(person.name, person.sort_name, entry.tsh_fields)


def line_name(name: str, sort_name: str, tsh_fields: dict) -> str:
    """``_tsh_name`` from plain values (the export files read them with ``values_list``)."""
    stored = tsh_fields.get("name")
    if stored and display_name(stored) == name:
        return stored
    return tsh_name(sort_name or name)


def _tsh_rating(entry: Entry) -> str:
    stored = entry.tsh_fields.get("rating")
    if stored and stored.split("+", 1)[0] == str(entry.rating):
        return stored
    return str(max(entry.rating, 0))
