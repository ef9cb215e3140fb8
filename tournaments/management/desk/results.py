"""Results typed at the console: the result entry page's line reader and questions.

Each line goes through ``result_enter_line`` (the page's service) and is stored in its own
transaction, or not at all: a question (unusual scores, a tie under play-off rules, replacing a
result, a result someone else saved meanwhile) is asked between two calls of the service, with
nothing held open, and Ctrl-D or Ctrl-C at the question stores nothing for that line.
"""

from django.utils.translation import gettext as _

from core.messages import translated
from tournaments.console.words import MISSING, word_named
from tournaments.result_text import (
    describe_pairing,
    describe_result,
    game_line,
    saved_line,
    tie_break_words,
)
from tournaments.selectors.rounds import unreported_games
from tournaments.services.result_lines import LineState, Shown, result_enter_line
from tournaments.services.results import ResultRefused

from . import ask
from .session import Refused, Session

# Each question is asked at most once a line (replace, play-off, unusual, someone else's).
MAX_QUESTIONS = 4


class _Line:
    """What the director has answered so far about one line."""

    def __init__(self) -> None:
        self.shown = Shown()
        self.confirm = False
        self.winner: int | None = None


def enter_line(session: Session, round_, line: str) -> bool:
    """Store ``line`` as a result of ``round_``, asking what the page asks; whether it was
    stored (or already was)."""
    answers = _Line()
    for asked in range(MAX_QUESTIONS + 1):
        try:
            entered = result_enter_line(
                by=session.by,
                round_=round_,
                line=line,
                confirm=answers.confirm,
                shown=answers.shown,
                playoff_winner_id=answers.winner,
            )
        except ResultRefused as err:
            session.refuse(err)
            return False
        if entered.state == LineState.SAVED:
            _saved(session, entered.outcome, named=asked > 0)
            return True
        session.say(game_line(entered.resolved.pairing))
        if not _answered(session, entered, answers):
            session.say(_("Nothing was saved."))
            return False
    return False  # pragma: no cover - every question is asked once


def _answered(session: Session, entered, answers: _Line) -> bool:
    """Ask the line's question; whether the director said to go on."""
    pairing = entered.resolved.pairing
    if entered.state == LineState.CONFIRM:
        session.say(_("It already has a result: %(result)s.") % {"result": _stored(pairing)})
        agreed = ask.yes(session.say, _("Replace it?"))
        answers.shown = Shown(pairing.pk, pairing.version)
        return bool(agreed)
    if entered.state == LineState.UNUSUAL:
        for reason in entered.unusual.reasons:
            session.say(translated(reason))
        answers.confirm = True
        return bool(ask.yes(session.say, _("Save anyway?")))
    if entered.state == LineState.TIE_BREAK_WORD:
        return _playoff(session, pairing, answers)
    if entered.state == LineState.CONFLICT:
        conflict = entered.conflict
        session.say(_("Someone else saved this game since you typed it."))
        session.say(
            _("Theirs: %(result)s") % {"result": describe_result(conflict.current, pairing)}
        )
        session.say(_("Yours: %(result)s") % {"result": describe_result(conflict.yours, pairing)})
        answers.shown = Shown(pairing.pk, conflict.current["version"])
        return bool(ask.yes(session.say, _("Keep yours?")))
    return False


def _stored(pairing) -> str:
    return describe_pairing(pairing)


def _playoff(session: Session, pairing, answers: _Line) -> bool:
    explained, question = tie_break_words(pairing.round.division)
    session.say(explained)
    players = [pairing.first, pairing.second]
    options = [f"#{entry.number} {entry.player.name}" for entry in players]
    chosen = ask.choice(session.say, question, options)
    if chosen is None:
        return False
    answers.winner = players[chosen].pk
    return True


def _saved(session: Session, outcome, *, named: bool) -> None:
    """Say what was stored; the game is named first unless a question already named it."""
    if not named:
        session.say(game_line(outcome.pairing))
    if outcome.changed:
        session.typed.append(outcome.audit_entry.pk)
    session.say(saved_line(outcome))


def show_missing(session: Session, round_) -> None:
    """The round's games still waiting for a result, as TSH's ``missing`` lists them."""
    games = unreported_games(round_)
    if not games:
        session.say(_("Every game of round %(round)d has its result.") % {"round": round_.number})
        return
    for pairing in games:
        session.say(game_line(pairing))


def results_prompt(session: Session, round_) -> str | None:
    """TSH's ``a ROUND DIVISION``: a prompt that takes one result a line until an empty line,
    Ctrl-D or Ctrl-C. A division's name alone moves to that division's round of the same number,
    ``m`` lists the missing games; a console command leaves the prompt and is returned to be
    run, as TSH leaves its results mode on a line it does not read as a result."""
    while True:
        prompt = _("[%(division)s%(round)d] result? (%(left)d to go) ") % {
            "division": round_.division.name,
            "round": round_.number,
            "left": len(unreported_games(round_)),
        }
        text = (ask.read(prompt) or "").strip()
        if not text:
            return None
        first = text.split()[0]
        if len(text.split()) == 1 and _division_of(session, first) is not None:
            round_ = _switched(session, round_, first)
        elif word_named(first) is MISSING:
            show_missing(session, round_)
        elif word_named(first) is not None:
            return text
        else:
            enter_line(session, round_, text)


def _division_of(session: Session, name: str):
    return next((d for d in session.divisions() if d.name.lower() == name.lower()), None)


def _switched(session: Session, round_, name: str):
    try:
        return session.paired_round(_division_of(session, name), round_.number)
    except Refused as err:
        session.say(str(err))
        return round_
