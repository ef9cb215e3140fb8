"""Result changes in words, shared by the result pages and the result commands (not a selector:
the audit rows and result snapshots read here are described in the reader's language)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit_text import describe_entries
from core.models import AuditEntry
from games.engine.rules import TieRule

from .models import Pairing
from .models.entries import UNDOABLE
from .models.rounds import RESULT_ACTIONS, TIE_BREAK_WINNER, result_snapshot
from .selectors.rules import tie_break_rule

ACTION_LABELS = {
    "result.record": gettext_lazy("Result saved"),
    "result.clear": gettext_lazy("Result cleared"),
    "result.undo": gettext_lazy("Undo"),
}


def audit_rows(entries: list[AuditEntry]) -> list[dict]:
    """Each audit entry with its sentence (``core.audit_text``, one query per kind of object),
    its game and readable before/after."""
    rows = []
    for described in describe_entries(entries):
        entry = described.entry
        is_result = entry.action in RESULT_ACTIONS
        # The describers fetched each game with its round and players (core.audit_text).
        pairing = described.obj if is_result and isinstance(described.obj, Pairing) else None
        rows.append(
            {
                "entry": entry,
                "label": ACTION_LABELS.get(entry.action, entry.action),
                "text": described.text,
                "pairing": pairing,
                "is_result": is_result,
                "before": describe_result(entry.before, pairing) if pairing else "",
                "after": describe_result(entry.after, pairing) if pairing else "",
                "can_undo": pairing is not None and not hasattr(entry, "undone_by"),
                # An entry's or a division's check-in change (services.change_undo).
                "can_undo_change": entry.action in UNDOABLE
                and entry.undoes_id is None
                and not hasattr(entry, "undone_by"),
            }
        )
    return rows


def game_line(pairing) -> str:
    """The game a line names, e.g. "Round 2, table 3: #1 Anna Smith – #4 Ben Jones"."""
    text = _(
        "Round %(round)d, table %(table)s: #%(first)d %(first_name)s – #%(second)d %(second_name)s"
    )
    return text % {
        "round": pairing.round.number,
        "table": pairing.table or "–",
        "first": pairing.first.number,
        "first_name": pairing.first.player.name,
        "second": pairing.second.number,
        "second_name": pairing.second.player.name,
    }


def alone_word(kind: str) -> str:
    """What stands where the opponent would in a pairing without one, by its kind: "forfeit" for
    a forfeit without an opponent (a TSH ``0`` with a negative score, which ``results.outcomes``
    reads as a loss), else "bye". Never inferred from the missing opponent alone."""
    return _("forfeit") if kind == Pairing.Kind.FORFEIT else _("bye")


def saved_line(outcome) -> str:
    """What the console and ``manage.py result`` say once a result is recorded: saved, with its
    audit entry (the id ``undo`` takes), or already so when nothing changed."""
    result = describe_result(outcome.after, outcome.pairing)
    if outcome.changed:
        return _("Saved: %(result)s (audit entry %(id)d).") % {
            "result": result,
            "id": outcome.audit_entry.pk,
        }
    return _("Already saved: %(result)s.") % {"result": result}


def describe_pairing(pairing: Pairing) -> str:
    """``describe_result`` of the pairing as it stands: "380–402", "forfeit by #12", a tie with
    the play-off word's winner. The console, the commands and the pages say a result this way."""
    return describe_result(result_snapshot(pairing), pairing)


def describe_result(snapshot: dict | None, pairing: Pairing) -> str:
    """A result snapshot in words, e.g. "380–402" or "forfeit by #12"."""
    if not snapshot:
        return _("no result")
    kind = snapshot["kind"]
    if kind == Pairing.Kind.FORFEIT:
        loser = pairing.first if snapshot["forfeited_by"] == pairing.first_id else pairing.second
        return _("forfeit by #%(number)d") % {"number": loser.number}
    if kind == Pairing.Kind.DOUBLE_FORFEIT:
        return _("double forfeit")
    if kind == Pairing.Kind.BYE:
        return _("bye")
    if snapshot["first_score"] is None or snapshot["second_score"] is None:
        return _("no result")
    scores = f"{snapshot['first_score']}–{snapshot['second_score']}"
    winner = snapshot.get(TIE_BREAK_WINNER)
    if winner is None:
        return scores
    won = pairing.first if winner == pairing.first_id else pairing.second
    return _("%(scores)s, tie won by %(player)s (#%(number)d)") % {
        "scores": scores,
        "player": won.player.name,
        "number": won.number,
    }


def tie_break_words(division) -> tuple[str, str]:
    """What decides a tie under ``division``'s rules, and the question that asks who won it
    (the console asks it; ``manage.py result`` names it when refusing a tie)."""
    if tie_break_rule(division) is TieRule.HIGHER_BEFORE_ADJUSTMENTS:
        return (
            _(
                "A tie: under this division's rules it goes to the player who led before the "
                "tiles left on the racks were counted."
            ),
            _("Who led before the racks were counted?"),
        )
    return (
        _("A tie: under this division's rules a play-off word decides it."),
        _("Who won the play-off?"),
    )
