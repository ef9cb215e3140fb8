"""WESPA's ``.tou`` (AUPAIR) results file, as FORMATS.md (b) lays it out.

ASCII (accents dropped, other characters left out), CRLF line ends. Per division: ``*M`` with
the date ``DD.MM.YYYY`` and the event name, ``*`` and the division name, the high-word
placeholder (38 spaces and ``0``), then one line per player in player-number order: the name in
20 columns, then per round a space, the result (``2`` win, ``1`` draw, a space for a loss), the
score in 3 columns, a space and the opponent in 3 columns (4 above 99 players) with ``+`` before
it when the player went first. The file ends with ``*** END OF FILE ***``.

Each round is the player's record (``tournaments.results.records``). Byes and forfeits
(liwords' convention): the opponent is the player's own number, never ``+``; a bye ``" 50"``, a
forfeit win ``2150``, a forfeit loss (a double forfeit too) ``" 100"``.

Where FORMATS.md is silent: only the rounds every result of which is in are written (from the
first; every line as long, so no column shifts); a round that counts nothing (a late entry's
missed round without a starting result, after a withdrawal, not paired) is the "void"
``"  0"`` against the own number; a half bye is ``"1  0"`` against the own number (a draw with
nobody: half a win, never rated); a tie decided by the division's tie rule is a draw (``1``) on
both sides, as ratings count it (the board scores). A score outside 0-999 cannot be written and is
refused (``ExportRefused``). Names: the player's Latin-letter name (``latin_name``, typed by the
director or transliterated), never a name emptied of its letters.
"""

from __future__ import annotations

import re
import unicodedata

from tournaments.results.records import Record, rated_value

from .model import P12_FIRST, ExportEvent, ExportPlayer
from .refusals import SCORE_DOES_NOT_FIT, ExportRefused

NAME_WIDTH = 20
CRLF = "\r\n"
HIGH_WORD_LINE = " " * 38 + "0"
END = "*** END OF FILE ***"
# Unplayed rounds: (result, score) as liwords writes them.
_UNPLAYED = {
    Record.BYE: (" ", 50),
    Record.FORFEIT_WON: ("2", 150),
    Record.FORFEIT_LOST: (" ", 100),
    Record.DOUBLE_FORFEIT: (" ", 100),
    Record.HALF_BYE: ("1", 0),
}
_VOID = (" ", 0)
# The result digit of a played game from the value ratings give it (a play-off tie: a draw).
_RESULT = {1.0: "2", 0.5: "1", 0.0: " "}
_NOT_PRINTABLE = re.compile(r"[^\x20-\x7e]")


def tou_text(event: ExportEvent) -> str:
    """The whole ``.tou`` text of ``event`` (CRLF line ends)."""
    lines: list[str] = []
    day = event.day.strftime("%d.%m.%Y")
    for division in event.divisions:
        lines.append(f"*M{day} {ascii_text(event.name)}")
        lines.append("*" + ascii_text(division.name))
        lines.append(HIGH_WORD_LINE)
        width = 3 if len(division.players) <= 99 else 4
        rounds = division.rounds_complete
        lines.extend(_line(player, rounds, width) for player in division.players)
    lines.append(END)
    return "".join(line + CRLF for line in lines)


def ascii_text(text: str) -> str:
    """``text`` in printable ASCII: accents dropped, other characters left out, spaces squeezed."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " ".join(_NOT_PRINTABLE.sub(" ", folded).split())


def _line(player: ExportPlayer, rounds: int, width: int) -> str:
    name = (ascii_text(player.latin_name or player.name) or "?")[:NAME_WIDTH]
    blocks = [_block(player, index, width) for index in range(rounds)]
    return f"{name:<{NAME_WIDTH}}" + "".join(blocks)


def _block(player: ExportPlayer, index: int, width: int) -> str:
    cell = player.cells[index]
    if cell.kind.played:
        score = cell.score
        result = _RESULT[rated_value(cell.kind)]
        opponent = ("+" if cell.p12 == P12_FIRST else "") + str(cell.opponent)
    else:
        result, score = _UNPLAYED.get(cell.kind, _VOID)
        opponent = str(player.number)
    if not 0 <= score <= 999:
        raise ExportRefused(SCORE_DOES_NOT_FIT, name=player.name, score=score, round=index + 1)
    return f" {result}{score:>3} {opponent:>{width}}"


def guessed_latin_names(event: ExportEvent) -> list[str]:
    """``name = latin`` for every player whose Latin name was guessed by transliteration (the
    export lists them so the director can check them and type the right ones)."""
    return [
        f"{p.name} = {ascii_text(p.latin_name)}"
        for d in event.divisions
        for p in d.players
        if p.latin_guessed
    ]
