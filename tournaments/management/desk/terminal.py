"""The console's terminal: the typed commands kept between sessions (``readline``'s history
file) and the prompt's loop, which Ctrl-C brings back to a fresh prompt instead of ending."""

import signal
from contextlib import contextmanager, suppress
from pathlib import Path

from .ask import readline

MAX_HISTORY = 1000  # commands kept in the history file


@contextmanager
def history_kept(path: str):
    """Read the history file before the console and write it back after (when it can be: an
    unreadable or unwritable history is no reason not to work)."""
    if readline is None:  # pragma: no cover - no line editing on this platform
        yield
        return
    readline.set_history_length(MAX_HISTORY)
    if Path(path).is_file():
        with suppress(OSError):
            readline.read_history_file(path)
    try:
        yield
    finally:
        with suppress(OSError):
            readline.write_history_file(path)


def loop(shell, session) -> None:
    """Run the prompt until ``quit`` or Ctrl-D. Ctrl-C abandons what was being typed or done
    (a write in progress is rolled back by its transaction) and gives a new prompt."""
    # A console started by something that ignores Ctrl-C (a script's background job does)
    # inherits the ignoring, and Python then leaves it so: Ctrl-C would do nothing at all.
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        while True:
            try:
                shell.cmdloop()
                return
            except KeyboardInterrupt:
                session.say()
    finally:
        signal.signal(signal.SIGINT, interrupt)
