"""A NASPA rating submission: TSH's archive form, config lines and each division's ``.t`` file.

As FORMATS.md (c): ``division NAME FILE`` per division, ``config event_name = "..."`` and
``config rating_system = "nsa2008"``, then each division's ``.t`` lines between
``#begin_file name=FILE`` and ``#end_file name=FILE``. A ``.t`` line: the name padded as TSH
pads it, the rating before the event (0 unrated), one opponent per round; the scores; then the
tags ``board``, ``off`` (withdrawn: the forfeit spread), ``p12`` and ``skip``. Each round is
written by ``t_lines`` from the player's record, as the ``.t`` export writes it: one way for both.

Metadata from the event: ``config event_date`` (the first day, ISO), ``config rating_system``
(the one the event chose; ``nsa2008`` unless told), and, as ``#`` comment lines at the top (TSH
and NASPA's archive skip them), the rating body's event id when given, each player's member id,
and a note for every round the file cannot say as the site counts it (``t_lines``).

Where FORMATS.md is silent: only the rounds every result of which is in are written, so every
player sends as many opponents as scores; file names are the division names in lower case, made
of letters, digits, ``-`` and ``_`` (``div2.t`` when nothing is left or the name is taken);
on its ``division`` line a division name's spaces become ``_`` and only letters, digits, ``_``
and ``-`` are kept (its number when nothing is left); ``\\``, ``"``, ``$`` and ``@`` of
the event name are escaped for TSH's Perl config. Names go through ``tsh_name`` (no ``;``, ``#``
or bare number); the text is UTF-8.
"""

from __future__ import annotations

import re

from tournaments.tsh.division import TshDivision, TshPlayer
from tournaments.tsh.writer import player_line, tsh_name

from .model import ExportDivision, ExportEvent, ExportPlayer
from .t_lines import playoff_note, skipped_note, t_rounds, t_tags

RATING_SYSTEM = "nsa2008"
_FILE_UNSAFE = re.compile(r"[^a-z0-9_-]")
_WORD_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_PERL_SPECIAL = re.compile(r'([\\"$@])')


def naspa_text(event: ExportEvent) -> str:
    """The submission text of ``event``."""
    files = division_files(event.divisions)
    lines = _comments(event)
    lines += [
        f"division {_division_word(d.name, i)} {name}"
        for i, (d, name) in enumerate(zip(event.divisions, files, strict=True), 1)
    ]
    lines.append(f'config event_name = "{_perl_text(event.name)}"')
    if event.day is not None:
        lines.append(f'config event_date = "{event.day.isoformat()}"')
    lines.append(f'config rating_system = "{_perl_text(event.rating_system or RATING_SYSTEM)}"')
    for division, name in zip(event.divisions, files, strict=True):
        lines.append(f"#begin_file name={name}")
        lines.extend(player_line(p) for p in t_players(division).players)
        lines.append(f"#end_file name={name}")
    return "".join(line + "\n" for line in lines)


def t_players(division: ExportDivision) -> TshDivision:
    """The division's ``.t`` lines through its last complete round."""
    rounds = division.rounds_complete
    return TshDivision(
        tuple(_t_player(p, rounds, division.forfeit_spread) for p in division.players)
    )


def _comments(event: ExportEvent) -> list[str]:
    lines = []
    if event.event_id:
        lines.append(f"# event id {_comment_text(event.event_id)}")
    for division in event.divisions:
        rounds = division.rounds_complete
        for player in division.players:
            if player.member_id:
                member = _comment_text(player.member_id)
                lines.append(f"# member id {_comment_text(division.name)} {player.number} {member}")
            values = t_rounds(player.cells[:rounds], division.forfeit_spread)
            name = tsh_name(player.name)
            if values.skipped:
                note = skipped_note(name, values.skipped, division.forfeit_spread)
                lines.append("# " + _comment_text(note))
            if values.playoff:
                lines.append("# " + _comment_text(playoff_note(name, values.playoff)))
    return lines


def _comment_text(text: str) -> str:
    return " ".join(str(text).split())


def division_files(divisions) -> list[str]:
    names: list[str] = []
    for index, division in enumerate(divisions, start=1):
        stem = _FILE_UNSAFE.sub("", division.name.lower())
        name = f"{stem}.t"
        if not stem or name in names:
            name = f"div{index}.t"
        names.append(name)
    return names


def _division_word(name: str, index: int) -> str:
    return _WORD_UNSAFE.sub("", "_".join(name.split())) or str(index)


def _perl_text(text: str) -> str:
    return _PERL_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _t_player(player: ExportPlayer, rounds: int, forfeit: int) -> TshPlayer:
    values = t_rounds(player.cells[:rounds], forfeit)
    return TshPlayer(
        number=player.number,
        name=tsh_name(player.name),
        rating=str(player.rating),
        opponents=values.opponents,
        scores=values.scores,
        tags=tuple(t_tags(player, values, forfeit)),
    )
