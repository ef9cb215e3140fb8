"""Questions asked at the console's prompt: yes or no, or one of a few choices.

An answer is never kept in the command history (the up arrow brings back commands, not the
"y" of a question). Ctrl-D (end of input) or Ctrl-C while a question waits is an answer of
its own: ``None``, and the caller stores nothing.
"""

import sys
from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _

try:  # the console's line editing and history; absent on some platforms, where input() reads
    import readline
except ImportError:  # pragma: no cover
    readline = None

MAX_TRIES = 3  # a question asked again at most this often, then answered "no"


Say = Callable[[str], None]


def read(prompt: str) -> str | None:
    """A line typed after ``prompt``; None on Ctrl-D or Ctrl-C (the caller stores nothing)."""
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        sys.stdout.write("\n")  # the cursor stays after the prompt otherwise
        return None


def answer(prompt: str) -> str | None:
    """Like ``read``, but the answer is taken out of the history again."""
    before = readline.get_current_history_length() if readline else 0
    text = read(prompt)
    if readline and readline.get_current_history_length() > before:
        readline.remove_history_item(readline.get_current_history_length() - 1)
    return text


def _yes_words() -> set[str]:
    return {"y", "yes", _("yes").lower()}


def _no_words() -> set[str]:
    return {"n", "no", "", _("no").lower()}


def yes(say: Say, question: str) -> bool | None:
    """True on yes, False on no (Enter alone is no), None on Ctrl-D or Ctrl-C."""
    for _try in range(MAX_TRIES):
        text = answer(_("%(question)s [y/N] ") % {"question": question})
        if text is None:
            return None
        word = text.strip().lower()
        if word in _yes_words():
            return True
        if word in _no_words():
            return False
        say(_("Please answer y or n."))
    return False


def choice(say: Say, question: str, options: Sequence[str]) -> int | None:
    """The index of the option chosen by its number (1, 2, ...); None on Enter alone, Ctrl-D or
    Ctrl-C."""
    for number, option in enumerate(options, start=1):
        say(f"  {number}) {option}")
    for _try in range(MAX_TRIES):
        text = answer(
            _("%(question)s [1-%(count)d, Enter: none] ")
            % {
                "question": question,
                "count": len(options),
            }
        )
        if text is None or not text.strip():
            return None
        word = text.strip()
        if word.isdigit() and 1 <= int(word) <= len(options):
            return int(word) - 1
        say(_("Please type a number from 1 to %(count)d.") % {"count": len(options)})
    return None
