"""GCG game records: parse and write the de facto "poslfit" format.

A GCG file is a list of lines: pragmas (``#player1 NICK Full Name``, ``#note ...``)
and events (``>nick: RACK 8D WORD +32 32``). This module only reads and writes the
record; it never checks that the moves are legal (see ``replay.verify_game``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.refusal import gettext_noop

# The record types live in .gcg_record and the writer in .gcg_write; both stay importable
# from here, as before the split.
from .gcg_record import (
    DEFAULT_ENCODING,
    LATIN1,
    UTF8,
    EventKind,
    GcgError,
    GcgEvent,
    GcgGame,
    GcgPlayer,
    GcgPragma,
)
from .gcg_write import RACK_NOT_RECORDED, write_gcg

__all__ = [
    "GcgError",
    "GcgEvent",
    "GcgGame",
    "GcgPlayer",
    "GcgPragma",
    "EventKind",
    "parse_gcg",
    "write_gcg",
]

_ENCODINGS = {
    "UTF-8": UTF8,
    "UTF8": UTF8,
    "ISO-8859-1": LATIN1,
    "LATIN-1": LATIN1,
    "LATIN1": LATIN1,
}
_BOM = b"\xef\xbb\xbf"
# A whole game is under 150 events (turns, challenge, phony and clock lines); every event is
# replayed and saved as a scoresheet line, so a record is refused beyond this many.
MAX_EVENTS = 500
TOO_MANY_EVENTS = gettext_noop(
    "Line %(line)d: a record can have at most %(limit)d events (lines starting with >)."
)
UNREADABLE_MOVE = gettext_noop("Line %(line)d: cannot read the move %(move)s.")

_POSITION_ACROSS = re.compile(r"^(1[0-5]|[1-9])([A-Oa-o])$")
_POSITION_DOWN = re.compile(r"^([A-Oa-o])(1[0-5]|[1-9])$")
_SCORE = re.compile(r"^[+-]?\d{1,30}$")  # bounded: int() refuses 4,300 digits


# ----------------------------------------------------------------------------- decoding


def _decode(data: bytes | str) -> tuple[str, str]:
    """Return (text, encoding name), honouring a first-line #character-encoding pragma."""
    if isinstance(data, str):
        first = data.lstrip("\ufeff").split("\n", 1)[0]
        declared = _declared_encoding(first.encode("utf-8", "replace"))
        return data.lstrip("\ufeff"), declared or DEFAULT_ENCODING
    has_bom = data.startswith(_BOM)
    if has_bom:
        data = data[len(_BOM) :]
    declared = _declared_encoding(data.split(b"\n", 1)[0])
    encoding = declared or (UTF8 if has_bom else DEFAULT_ENCODING)
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise GcgError(
            gettext_noop("Line %(line)d: the text is not valid %(encoding)s."),
            line=line,
            encoding=encoding,
        ) from exc


def _declared_encoding(first_line: bytes) -> str | None:
    """Read the encoding named by a #character-encoding first line, or None."""
    text = first_line.decode("ascii", "replace").strip()
    if not text.lower().startswith("#character-encoding"):
        return None
    name = text[len("#character-encoding") :].strip().upper()
    if name not in _ENCODINGS:
        raise GcgError(
            gettext_noop("Line %(line)d: unsupported character encoding %(encoding)s."),
            line=1,
            encoding=name or "?",
        )
    return _ENCODINGS[name]


# ----------------------------------------------------------------------------- parsing


def parse_gcg(data: bytes | str) -> GcgGame:
    """Parse a GCG record; raise ``GcgError`` (with ``.line``) when it cannot be read.

    Bytes are decoded with the first-line ``#character-encoding`` (ISO-8859-1 when absent);
    CRLF and LF line endings, blank lines and trailing whitespace are accepted.
    """
    text, encoding = _decode(data)
    reader = _Reader(encoding)
    for number, line in enumerate(text.splitlines(), start=1):
        reader.feed(number, line.rstrip())
    return reader.finish()


class _Reader:
    """Line-by-line state of one parse; ``finish`` builds the GcgGame."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        self.players: list[GcgPlayer | None] = [None, None]
        self.header: dict[str, str] = {}
        self.id: tuple[str, str] | None = None
        self.pragmas: list[GcgPragma] = []
        self.events: list[GcgEvent] = []
        self.event_notes: list[list[str]] = []
        self.game_notes: list[str] = []
        self.final_racks: list[str | None] = [None, None]
        self.incomplete = False
        # The note lines being collected, so that continuation lines can join it.
        self.open_note: list[str] | None = None

    def feed(self, number: int, line: str) -> None:
        """Take one source line (without its line ending)."""
        if line.startswith(">"):
            self._close_note()
            self._event(number, line)
        elif line.startswith("#"):
            self._close_note()
            self._pragma(number, line)
        elif self.open_note is not None:
            # The spec lets a note run on over the following lines that are not pragmas or events.
            self.open_note.append(line)
        elif line.strip():
            raise GcgError(
                gettext_noop("Line %(line)d: expected a pragma (#...) or an event (>...)."),
                line=number,
            )

    def _close_note(self) -> None:
        if self.open_note is None:
            return
        while self.open_note and not self.open_note[-1].strip():
            self.open_note.pop()
        note = "\n".join(self.open_note)
        (self.event_notes[-1] if self.events else self.game_notes).append(note)
        self.open_note = None

    def _pragma(self, number: int, line: str) -> None:
        name, _, value = line[1:].partition(" ")
        name, value = name.strip().lower(), value.strip()
        if name == "character-encoding":
            if number != 1:
                raise GcgError(
                    gettext_noop("Line %(line)d: #character-encoding must be the first line."),
                    line=number,
                )
        elif name in ("player1", "player2"):
            self._player(number, int(name[-1]) - 1, value)
        elif name == "note":
            self.open_note = [value]
        elif name in ("title", "description", "lexicon"):
            self._once(number, name, name in self.header)
            self.header[name] = value
        elif name == "id":
            self._once(number, name, self.id is not None)
            authority, _, identifier = value.partition(" ")
            if not identifier.strip():
                raise GcgError(
                    gettext_noop("Line %(line)d: #id needs an authority and an identifier."),
                    line=number,
                )
            self.id = (authority, identifier.strip())
        elif name in ("rack1", "rack2"):
            self.final_racks[int(name[-1]) - 1] = _rack(number, value)
        elif name == "incomplete":
            self.incomplete = True
        else:
            self.pragmas.append(GcgPragma(line[1:].partition(" ")[0], value, len(self.events)))

    @staticmethod
    def _once(number: int, name: str, seen: bool) -> None:
        if seen:
            raise GcgError(
                gettext_noop("Line %(line)d: #%(pragma)s is given twice."), line=number, pragma=name
            )

    def _player(self, number: int, index: int, value: str) -> None:
        self._once(number, f"player{index + 1}", self.players[index] is not None)
        nick, _, name = value.partition(" ")
        if not nick:
            raise GcgError(
                gettext_noop("Line %(line)d: #player%(index)d needs a nickname."),
                line=number,
                index=index + 1,
            )
        other = self.players[1 - index]
        if other is not None and other.nick == nick:
            raise GcgError(
                gettext_noop("Line %(line)d: both players have the nickname %(nick)s."),
                line=number,
                nick=nick,
            )
        self.players[index] = GcgPlayer(nick, name.strip())

    def _event(self, number: int, line: str) -> None:
        if len(self.events) >= MAX_EVENTS:
            raise GcgError(TOO_MANY_EVENTS, line=number, limit=MAX_EVENTS)
        if self.players[0] is None or self.players[1] is None:
            raise GcgError(
                gettext_noop("Line %(line)d: an event comes before both players are declared."),
                line=number,
            )
        nick, colon, rest = line[1:].partition(":")
        nick = nick.strip()
        if not colon:
            raise GcgError(
                gettext_noop("Line %(line)d: an event needs ':' after the nickname."), line=number
            )
        nicks = [p.nick for p in self.players if p is not None]
        if nick not in nicks:
            raise GcgError(
                gettext_noop("Line %(line)d: unknown player nickname %(nick)s."),
                line=number,
                nick=nick,
            )
        event = _parse_event_body(number, nicks.index(nick), rest.split())
        self.events.append(replace(event, line=number, raw=line))
        self.event_notes.append([])

    def finish(self) -> GcgGame:
        """Build the game once every line has been fed."""
        self._close_note()
        if self.players[0] is None or self.players[1] is None:
            raise GcgError(
                gettext_noop("Line %(line)d: the record does not declare two players."), line=0
            )
        events = tuple(
            _rack_recorded(replace(event, notes=tuple(notes)))
            for event, notes in zip(self.events, self.event_notes, strict=True)
        )
        return GcgGame(
            players=(self.players[0], self.players[1]),
            events=events,
            lexicon=self.header.get("lexicon", ""),
            title=self.header.get("title", ""),
            description=self.header.get("description", ""),
            id=self.id,
            notes=tuple(self.game_notes),
            pragmas=tuple(self.pragmas),
            final_racks=(self.final_racks[0], self.final_racks[1]),
            incomplete=self.incomplete,
            encoding=self.encoding,
        )


def _rack_recorded(event: GcgEvent) -> GcgEvent:
    """A move our writer marked ``rack not recorded`` has no rack (its rack token only stood in
    for one: ``gcg_write``)."""
    if RACK_NOT_RECORDED not in event.notes:
        return event
    kept = tuple(note for note in event.notes if note != RACK_NOT_RECORDED)
    return replace(event, rack="", notes=kept)


def _rack(number: int, token: str) -> str:
    """Validate a rack: letters and '?' blanks, returned in upper case."""
    if not all(ch == "?" or ch.isalpha() for ch in token):
        raise GcgError(
            gettext_noop("Line %(line)d: %(rack)s is not a rack (letters and ? only)."),
            line=number,
            rack=token,
        )
    return token.upper()


def _int(number: int, token: str, what: str) -> int:
    if not _SCORE.match(token):
        raise GcgError(
            gettext_noop("Line %(line)d: the %(what)s %(value)s is not a number."),
            line=number,
            what=what,
            value=token,
        )
    return int(token)


def _parse_event_body(number: int, player: int, tokens: list[str]) -> GcgEvent:
    """Classify the tokens after ``nick:`` into one GcgEvent (line/raw/notes added later)."""
    if len(tokens) < 3:
        raise GcgError(
            gettext_noop("Line %(line)d: an event needs a move, a score and a running total."),
            line=number,
        )
    score = _int(number, tokens[-2], "score")
    cumulative = _int(number, tokens[-1], "running total")
    body = tokens[:-2]
    rack = ""
    if body[0][0] not in "(-" and not _looks_like_position(body[0]):
        rack = _rack(number, body[0])
        body = body[1:]
    common = {"player": player, "rack": rack, "score": score, "cumulative": cumulative}
    if len(body) == 2:
        position = canonical_position(body[0], line=number)
        word = body[1]
        if not all(ch == "." or ch.isalpha() for ch in word):
            raise GcgError(
                gettext_noop("Line %(line)d: %(word)s is not a word (letters and . only)."),
                line=number,
                word=word,
            )
        return GcgEvent(EventKind.PLAY, position=position, word=word, **common)
    if len(body) != 1:
        raise GcgError(UNREADABLE_MOVE, line=number, move=" ".join(body) or "?")
    return _parse_single_token_move(number, body[0], tokens[-2], common)


def _parse_single_token_move(
    number: int, move: str, score_token: str, common: dict[str, object]
) -> GcgEvent:
    if move == "--":
        return GcgEvent(EventKind.PHONY_WITHDRAWN, **common)
    if move == "-":
        return GcgEvent(EventKind.PASS, **common)
    if move.startswith("-"):
        if move[1:].isdigit() and len(move) <= 3:
            return GcgEvent(EventKind.EXCHANGE, exchange_count=int(move[1:]), **common)
        tiles = _rack(number, move[1:])
        return GcgEvent(EventKind.EXCHANGE, exchanged=tiles, exchange_count=len(tiles), **common)
    if move.startswith("(") and move.endswith(")"):
        inner = move[1:-1]
        if inner.lower() == "challenge":
            return GcgEvent(EventKind.CHALLENGE_BONUS, **common)
        if inner.lower() == "time":
            return GcgEvent(EventKind.TIME_PENALTY, **common)
        counted = _rack(number, inner)
        # The sign says who pays: '-' is the player's own rack deducted, '+' the opponent's added.
        kind = (
            EventKind.END_RACK_PENALTY if score_token.startswith("-") else EventKind.END_RACK_BONUS
        )
        return GcgEvent(kind, counted_rack=counted, **common)
    if _looks_like_position(move):
        raise GcgError(
            gettext_noop("Line %(line)d: the play at %(position)s has no word."),
            line=number,
            position=move,
        )
    raise GcgError(UNREADABLE_MOVE, line=number, move=move)


def _looks_like_position(token: str) -> bool:
    return any(ch.isdigit() for ch in token)


def canonical_position(token: str, *, line: int = 0) -> str:
    """Return a GCG position in canonical case ("8d" -> "8D", "h8" -> "H8").

    Raises ``GcgError`` unless the token names a square of the 15x15 board.
    """
    if _POSITION_ACROSS.match(token) or _POSITION_DOWN.match(token):
        return token.upper()
    raise GcgError(
        gettext_noop("Line %(line)d: %(position)s is not a board position."),
        line=line,
        position=token,
    )
