"""TSH ``.t`` files into the database (the way out is ``tournaments.selectors.tsh``).

Import: the pure reader (``tournaments.tsh.read_t``) validates the whole file first, so a bad
file raises ``TshError`` naming its lines before anything is written; the writes then run in one
transaction. Players are matched by exact name (case aside) because TSH files carry no country
or member id: one existing player of that name is reused, none or several mean a new player.
Names are written ``Last, First`` in TSH and stored ``First Last``.

Per round of a player line: an opponent is a played game (first/second from ``p12``: 1 first,
2 second, 3 draw and 4 unknown leave the sides unknown); opponent 0 is a bye whose score is the
spread (0: a half bye, negative: a forfeit loss), except the rounds the ``skip`` tag lists
(our exports write a round that counts nothing as ``0``/``-forfeit`` and list it there): those
get no pairing, and a run of them from round 1 makes the entry a late entry joining after it.
Past the last score, the ``later`` tag (our exports write it when a round misses a result while
a later one is in) gives each further round's own score, ``-`` for none. ``board`` gives the table. ``off`` marks a
withdrawal after the last round before the trailing forfeits. Every other tag (``newr``,
``team``, ``class``, unknown ones) is kept on ``Entry.tsh_fields`` with the original name and
rating text, and written back on export. A forfeit loss read from a ``0`` line names its
player as the forfeiter, as every stored forfeit must (``tournaments.results.outcomes``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

from django.db import transaction
from django.utils import timezone

from core.audit import audit_record
from players.models import Player
from players.services import player_create
from players.visibility import visible_players

from ..models import Division, Entry, Pairing, Round, Tournament
from ..tsh import TshConfig, TshDivision, TshPlayer, read_config, read_t
from ..tsh.division import P12_FIRST, P12_SECOND
from ..tsh.reader import SCORE_LIMIT
from .divisions import division_create
from .events import tournament_create

# Tags rebuilt from the database on export instead of being kept verbatim.
DERIVED_TAGS = frozenset({"p12", "board", "skip", "playoff", "later"})
_LATER_SCORE = re.compile(r"-?[0-9]{1,4}")


@dataclass(frozen=True, slots=True)
class TshImport:
    """What an import made."""

    tournament: Tournament
    division: Division
    players_created: int
    players_matched: int
    rounds: int


def tsh_import(
    *,
    by,
    data: bytes,
    name: str,
    division_name: str | None = None,
    config: bytes | None = None,
    file_name: str = "",
    director=None,
    tournament: Tournament | None = None,
) -> TshImport:
    """Create a tournament (or add to ``tournament``) with one division read from ``data``.

    The division is named ``division_name``, else the ``config.tsh`` division whose file is
    ``file_name``, else ``A``. Raises ``TshError`` (nothing written) on a bad file.
    """
    tsh = read_t(data)
    settings = read_config(config) if config else TshConfig()
    division_name = division_name or _config_division(settings, file_name) or "A"
    rounds = max([len(p.opponents) for p in tsh.players] + [settings.max_rounds or 0, 1])
    with transaction.atomic():
        if tournament is None:
            tournament = tournament_create(by=by, name=name, director=director)
        division = division_create(by=by, tournament=tournament, name=division_name, rounds=rounds)
        entries, created = _entries(by, division, tsh)
        _rounds(division, tsh, entries)
        audit_record(
            by=by,
            action="division.tsh_import",
            obj=division,
            tournament_id=tournament.pk,
            after={"players": len(tsh.players), "created": created, "rounds": rounds},
        )
    return TshImport(tournament, division, created, len(tsh.players) - created, rounds)


def _config_division(settings: TshConfig, file_name: str) -> str | None:
    wanted = PurePath(file_name).name
    for entry in settings.divisions:
        if PurePath(entry.file).name == wanted:
            return entry.name.upper() if len(entry.name) == 1 else entry.name
    return None


def _entries(by, division: Division, tsh: TshDivision) -> tuple[dict[int, Entry], int]:
    created = 0
    entries = []
    for player in tsh.players:
        person, is_new = _player(by, player)
        created += is_new
        entries.append(
            Entry(
                division=division,
                player=person,
                number=player.number,
                rating=player.rating_value,
                status=Entry.Status.CHECKED_IN,
                withdrawn_after_round=_withdrawn_after(player),
                joins_at_round=_joins_at(player),
                player_class=_class_letter(player),
                team=_team(player),
                tsh_fields={
                    "name": player.name,
                    "rating": player.rating,
                    "tags": [[k, list(v)] for k, v in player.tags if k not in DERIVED_TAGS],
                },
            )
        )
    Entry.objects.bulk_create(entries)
    return {e.number: e for e in division.entries.all()}, created


def _class_letter(player) -> str:
    """TSH's ``class`` tag (kept in ``tsh_fields`` too, for export), for COP's class prizes."""
    values = next((v for k, v in player.tags if k == "class"), ())
    return str(values[0])[:4] if values else ""


def _team(player) -> str:
    """TSH's ``team`` tag (kept in ``tsh_fields`` too), for team standings and avoidance."""
    values = next((v for k, v in player.tags if k == "team"), ())
    return " ".join(" ".join(map(str, values)).split())[:80]


def _player(by, line: TshPlayer) -> tuple[Player, bool]:
    name = line.display_name
    # Only a person the importer may see is matched by name (``players.visibility``).
    same = list(visible_players(by, Player.objects.filter(name__iexact=name))[:2])
    if len(same) == 1:
        return same[0], False
    sort_name = line.name.strip() if "," in line.name else ""
    person = player_create(
        by=by, name=name, sort_name=sort_name, rating=line.rating_value, confirm_duplicate=True
    )
    return person, True


def skipped_rounds(player: TshPlayer) -> frozenset[int]:
    """The 1-based rounds the ``skip`` tag lists (rounds that count nothing)."""
    return player.skipped


def _joins_at(player: TshPlayer) -> int:
    skipped, first = skipped_rounds(player), 1
    while first in skipped:
        first += 1
    return first


def _withdrawn_after(player: TshPlayer) -> int | None:
    """With ``off``: the rounds before the trailing run of unplayed (0) rounds."""
    if not player.withdrawn:
        return None
    last = len(player.opponents)
    while last and player.opponents[last - 1] == 0:
        score = player.scores[last - 1] if last - 1 < len(player.scores) else None
        if score is not None and score > 0:
            break
        last -= 1
    return last


def _rounds(division: Division, tsh: TshDivision, entries: dict[int, Entry]) -> None:
    count = max(len(p.opponents) for p in tsh.players)
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        [Round(division=division, number=n, paired_at=now) for n in range(1, count + 1)]
    )
    pairings = []
    for index, rnd in enumerate(rounds):
        for player in tsh.players:
            pairing = _pairing(rnd, index, player, tsh, entries)
            if pairing is not None:
                pairings.append(pairing)
    Pairing.objects.bulk_create(pairings)


def _pairing(
    rnd: Round, index: int, player: TshPlayer, tsh: TshDivision, entries: dict[int, Entry]
) -> Pairing | None:
    if index >= len(player.opponents) or index + 1 in skipped_rounds(player):
        return None
    opponent = player.opponents[index]
    score = round_score(player, index)
    table = _table(player, index)
    me = entries[player.number]
    if opponent == 0:
        kind = Pairing.Kind.FORFEIT if score is not None and score < 0 else Pairing.Kind.BYE
        return Pairing(
            round=rnd,
            table=table,
            first=me,
            kind=kind,
            first_score=score,
            forfeited_by=me if kind == Pairing.Kind.FORFEIT else None,
        )
    other = tsh.player(opponent)
    theirs = other.opponents[index] if index < len(other.opponents) else None
    if player.number > opponent and theirs == player.number:
        return None  # written from the other player's line
    other_score = round_score(other, index)
    side = _side(player, index)
    if side is None:
        their_side = _side(other, index)
        side = None if their_side is None else not their_side
    me_first = side is not False
    first, second = (player, other) if me_first else (other, player)
    scores = (score, other_score) if me_first else (other_score, score)
    both = None not in scores
    winner = _playoff_winner(player, other, index) if both and scores[0] == scores[1] else None
    return Pairing(
        round=rnd,
        table=table if table is not None else _table(other, index),
        first=entries[first.number],
        second=entries[second.number],
        sides_known=side is not None,
        first_score=scores[0] if both else None,
        second_score=scores[1] if both else None,
        playoff_winner=None if winner is None else entries[winner],
    )


def round_score(player: TshPlayer, index: int) -> int | None:
    """The player's score of round ``index`` (0-based): from the scores, else the ``later`` tag;
    a game's negative score is none (the reader refuses one in the scores)."""
    if index < len(player.scores):
        return player.scores[index]
    later = player.tag("later") or ()
    at = index - len(player.scores)
    value = str(later[at]) if at < len(later) else ""
    if not _LATER_SCORE.fullmatch(value) or abs(int(value)) > SCORE_LIMIT:
        return None
    opponent = player.opponents[index] if index < len(player.opponents) else 0
    return None if opponent and int(value) < 0 else int(value)


def _playoff_winner(player: TshPlayer, other: TshPlayer, index: int) -> int | None:
    """The number of who won the play-off word of a tie, by the ``playoff`` tag (our exports
    write it: 1 won, 2 lost); None when the file does not say."""
    for one, two in ((player, other), (other, player)):
        marks = one.tag("playoff") or ()
        if index < len(marks) and str(marks[index]) in ("1", "2"):
            return one.number if str(marks[index]) == "1" else two.number
    return None


def _side(player: TshPlayer, index: int) -> bool | None:
    """True if the player went first, False if second, None if the file does not say."""
    p12 = player.p12
    value = p12[index] if index < len(p12) else None
    return True if value == P12_FIRST else False if value == P12_SECOND else None


def _table(player: TshPlayer, index: int) -> int | None:
    boards = player.tag("board") or ()
    if index < len(boards) and int(boards[index]) > 0:
        return int(boards[index])
    return None
