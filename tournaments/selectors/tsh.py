"""A division as a TSH division, ready for the pure writer (``tournaments.tsh.write_t``).

The one place a division becomes ``.t`` lines: ``export_tsh`` writes it as it is, and the rating
authority's file (``ratings.export``) is the same lines with the published ratings and ``newr``.
Entries are numbered in player-number order. Each round's cell comes from
``tournaments.results.outcomes``, written the TSH way: a played game is the opponent and the own score;
every unplayed round (bye, half bye, either side of a forfeit, a double forfeit) is ``0`` with its
spread as the score, since TSH has no forfeit between two players; a round a player was not
paired in (before a late entry joined) is ``0`` with score 0. Tags kept from an import
(``Entry.tsh_fields``) are written back; ``p12``, ``board`` and ``off`` are rebuilt.

Playoff games (``services.playoffs``) are written the way TSH records a final: as ordinary rounds
after the preliminary ones (TSH has no playoff of its own; a director adds the rounds and pairs
the finalists by hand). Only the players of a playoff round have a cell in it: every other line
ends at its last game, as TSH writes a player who stopped playing. A playoff player who sits out
a playoff round between two of their games (their semi-final was decided sooner) gets that round
as ``0`` with score 0, like any round a player was not paired in, which TSH counts as a half bye:
TSH's standings then differ from the desk's by that half, and the playoff's places are not in
the ``.t`` file at all (TSH ranks by record; the desk's standings and printouts carry them).
"""

from __future__ import annotations

from tournaments.results.outcomes import Spreads, side_outcome, went_first

from ..models import Division, Entry, Pairing
from ..tsh import TshDivision, TshPlayer, display_name
from ..tsh.division import P12_BYE, P12_FIRST, P12_SECOND, P12_UNKNOWN
from ..tsh.writer import tsh_name
from .divisions import division_spreads


def division_as_tsh(division: Division) -> TshDivision:
    """The division as a TSH division (three queries), ready for ``write_t``."""
    return TshDivision(tuple(player for _entry, player in division_tsh_players(division)))


def division_tsh_players(division: Division) -> list[tuple[Entry, TshPlayer]]:
    """Each entry with its TSH line, in line order (three queries)."""
    entries = list(division.entries.select_related("player").order_by("number"))
    position = {e.pk: index for index, e in enumerate(entries, start=1)}
    by_round: dict[tuple[int, int], Pairing] = {}
    for pairing in Pairing.objects.filter(round__division=division).select_related("round"):
        for entry_id in (pairing.first_id, pairing.second_id):
            if entry_id is not None:
                by_round[(pairing.round.number, entry_id)] = pairing
    last_round = max((number for number, _entry_id in by_round), default=0)
    spreads = division_spreads(division)
    return [
        (entry, _tsh_player(division, entry, position, by_round, last_round, spreads))
        for entry in entries
    ]


def _tsh_player(
    division: Division,
    entry: Entry,
    position: dict[int, int],
    by_round: dict[tuple[int, int], Pairing],
    last_round: int,
    spreads: Spreads,
) -> TshPlayer:
    played = [n for n in range(1, last_round + 1) if (n, entry.pk) in by_round]
    opponents, scores, p12, boards = [], [], [], []
    scoring = True
    for number in range(1, max(played, default=0) + 1):
        pairing = by_round.get((number, entry.pk))
        opponent, score, side = _round_cell(entry.pk, pairing, position, spreads)
        opponents.append(opponent)
        scoring = scoring and score is not None
        if scoring:
            scores.append(score)
        p12.append(side)
        boards.append(pairing.table or 0 if pairing is not None else 0)
    return TshPlayer(
        number=position[entry.pk],
        name=_tsh_name(entry),
        rating=_tsh_rating(entry),
        opponents=tuple(opponents),
        scores=tuple(scores),
        tags=_tags(division, entry, p12, boards),
    )


def _round_cell(
    entry_id: int, pairing: Pairing | None, position: dict[int, int], spreads: Spreads
) -> tuple[int, int | None, int]:
    """(opponent, score or spread, p12) of one entry's round; no score while unreported."""
    if pairing is None:
        return 0, 0, P12_BYE
    # A .t file holds the two scores only: a tie broken by a play-off word reads as a tie in TSH.
    side = side_outcome(pairing, entry_id, spreads, playoff_decides=False)
    if side is not None and not side.outcome.played:
        return 0, side.spread, P12_BYE
    first = went_first(pairing, entry_id)
    p12 = P12_UNKNOWN if first is None else P12_FIRST if first else P12_SECOND
    other = pairing.second_id if pairing.first_id == entry_id else pairing.first_id
    return position[other], None if side is None else side.points_for, p12


def _tags(
    division: Division, entry: Entry, p12: list[int], boards: list[int]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    tags = {name: tuple(values) for name, values in entry.tsh_fields.get("tags", [])}
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
    """The name the import read, while it still names the player; else a name TSH reads back."""
    return line_name(entry.player.name, entry.player.sort_name, entry.tsh_fields)


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
