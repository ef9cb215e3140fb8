"""The words of the director's console (``manage.py desk``): each command's Desk name, the word
TSH gives the same job and the abbreviations a TSH director types, what it does and how it is
typed. One table, so ``help``, tab completion and the parser cannot disagree.

The summaries and argument forms are untranslated msgids (``gettext_noop``); the console
translates them when it shows them, in the event's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.refusal import gettext_noop


@dataclass(frozen=True, slots=True)
class Word:
    """One console command: ``name`` is the Desk name, ``tsh`` TSH's word ("" when TSH has none),
    ``short`` the other words that call it (TSH's abbreviations first)."""

    name: str
    tsh: str
    short: tuple[str, ...]
    summary: str
    usage: str
    system: str = ""  # a pairing word: the system of pairing/registry.py it pairs by

    @property
    def spellings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w for w in (self.name, self.tsh, *self.short) if w))


RESULT = Word(
    "result",
    "addscore",
    ("a",),
    gettext_noop(
        "Type results: with a line, one result of the current round; without, a prompt for the "
        "round's results (an empty line ends it)."
    ),
    gettext_noop("a [ROUND] [DIVISION] | a LINE (“3 380 402”, “7 380 12 402”, “f 12”, “ff 3”)"),
)
PAIRINGS = Word(
    "pairings",
    "showpairings",
    ("sp",),
    gettext_noop("Show a round's pairings and the results typed so far."),
    gettext_noop("sp [ROUND] [DIVISION]"),
)
MISSING = Word(
    "missing",
    "missing",
    ("m",),
    gettext_noop("Show the games of a round still waiting for a result."),
    gettext_noop("m [ROUND] [DIVISION]"),
)
STANDINGS = Word(
    "standings",
    "standings",
    ("st",),
    gettext_noop("Show the standings, after a round if one is given."),
    gettext_noop("st [ROUND] [DIVISION]"),
)
PAIR = Word(
    "pair",
    "",
    (),
    gettext_noop(
        "Pair a round (the next one if none is given) by the division's plan or a system."
    ),
    gettext_noop("pair [ROUND] [SYSTEM] [DIVISION]"),
)
PLAYER = Word(
    "player",
    "scorecard",
    ("sc", "look"),
    gettext_noop("Look up a player by number or name: place, record and games."),
    gettext_noop("sc NUMBER [DIVISION] | look NAME"),
)
UNDO = Word(
    "undo",
    "",
    (),
    gettext_noop(
        "Undo a result change: the last one typed here, or the audit entry with this number."
    ),
    gettext_noop("undo [AUDIT-ENTRY]"),
)
PRINT = Word(
    "print",
    "",
    (),
    gettext_noop("Write a printout as a PDF file in the current folder and say where."),
    gettext_noop("print REPORT [ROUND] [DIVISION]"),
)
DIVISION = Word(
    "division",
    "",
    ("div",),
    gettext_noop("Choose the division the commands work on, or list the divisions."),
    gettext_noop("div [DIVISION]"),
)
HELP = Word(
    "help",
    "help",
    ("?",),
    gettext_noop("List the commands, or explain one."),
    gettext_noop("help [COMMAND]"),
)
QUIT = Word(
    "quit",
    "quit",
    ("eof", "exit", "q"),
    gettext_noop("Leave the console (Ctrl-D too)."),
    gettext_noop("quit"),
)


def _pairing_word(name: str, tsh: str, short: tuple[str, ...], system: str) -> Word:
    return Word(
        name,
        tsh,
        short,
        gettext_noop("Pair a round (the next one if none is given) by this system."),
        gettext_noop("%(word)s [ROUND] [DIVISION]"),
        system=system,
    )


# TSH's pairing commands that name a system the Desk has (pairing/registry.py).
PAIRING_WORDS = (
    _pairing_word("koth", "koth", (), "koth"),
    _pairing_word("swiss", "newswiss", ("ns",), "swiss"),
    _pairing_word("roundrobin", "roundrobin", ("rr",), "roundrobin"),
    _pairing_word("cop", "chewpair", ("cp",), "cop"),
    _pairing_word("random", "randompair", ("rp",), "random"),
    _pairing_word("fontes", "initfontes", ("if",), "fontes"),
)

WORDS = (
    RESULT,
    PAIRINGS,
    MISSING,
    STANDINGS,
    PAIR,
    *PAIRING_WORDS,
    PLAYER,
    UNDO,
    PRINT,
    DIVISION,
    HELP,
    QUIT,
)

_BY_SPELLING = {spelling: word for word in WORDS for spelling in word.spellings}


def word_named(text: str) -> Word | None:
    """The command ``text`` names (any spelling, any case), or None."""
    return _BY_SPELLING.get(text.strip().lower())


def spellings_starting(prefix: str) -> list[str]:
    """Every spelling that begins with ``prefix``, for tab completion."""
    prefix = prefix.lower()
    return sorted(s for s in _BY_SPELLING if s.startswith(prefix))


def system_words() -> dict[str, str]:
    """TSH's names of pairing systems typed after ``pair`` (``pair 4 ns``) and their systems."""
    return {spelling: word.system for word in PAIRING_WORDS for spelling in word.spellings}
