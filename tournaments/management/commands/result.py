"""python manage.py result SLUG --division A --round N "LINE" [--confirm] [--tie-won-by N]
[--replace] [--user USERNAME]

LINE is what the director types on the result entry page: "3 380 402" (table, first player's
score, second player's), "7 380 12 402" (player, score, opponent, score), "f 12", "ff 3".
A tie that the division's rules give a winner (a play-off word, or who led before the racks)
is saved with ``--tie-won-by``, the winner's player number, as the page's buttons name them.
A game that already has another result keeps it unless ``--replace`` is given, as the page
asks before Enter replaces it.
"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from core.cli import BaseCommand, whole_number
from core.messages import translated
from core.permissions import RESULTS
from tournaments.result_text import (
    describe_pairing,
    describe_result,
    game_line,
    saved_line,
    tie_break_words,
)
from tournaments.results.result_entry import MAX_PLAYER_NUMBER
from tournaments.services.result_lines import (
    LineState,
    Shown,
    result_enter_line,
    result_resolve_line,
    tie_to_break,
)
from tournaments.services.results import PLAYOFF_NOT_A_TIE, ResultRefused

from ._acting import acting_user
from ._lookup import division_from, round_from, tournament_from
from ._options import add_division, add_event, add_round, add_user


class Command(BaseCommand):
    help = _("Record one result, typed as on the result entry page. Unusual scores need --confirm.")

    def add_arguments(self, parser):
        add_event(parser)
        parser.add_argument("line", help=_("e.g. “3 380 402”, “7 380 12 402”, “f 12”, “ff 3”."))
        add_division(parser)
        add_round(parser, required=True)
        parser.add_argument(
            "--confirm", action="store_true", help=_("Save unusual scores without asking.")
        )
        parser.add_argument(
            "--tie-won-by",
            type=whole_number(1, MAX_PLAYER_NUMBER),
            metavar="N",
            help=_(
                "The player number of who won a tie, where the division's rules give a tie "
                "a winner."
            ),
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help=_("Replace the game's stored result (refused without it)."),
        )
        add_user(parser)

    def handle(self, *args, slug, line, division_name, round, confirm, tie_won_by, **opts):
        division = division_from(tournament_from(slug), division_name)
        by = acting_user(opts["user"], division, RESULTS)
        round_ = round_from(division, round)
        entered = result_enter_line(
            by=by,
            round_=round_,
            line=line,
            confirm=confirm,
            # Shown(): the command has shown no stored result, so none is replaced unasked.
            shown=None if opts["replace"] else Shown(),
            playoff_winner_id=_tie_winner(round_, line, tie_won_by),
        )
        self.stdout.write(game_line(entered.resolved.pairing))
        if entered.state != LineState.SAVED:
            raise CommandError("\n".join(_not_saved(entered, division)))
        self.stdout.write(saved_line(entered.outcome))


def _tie_winner(round_, line: str, number: int | None) -> int | None:
    """The id of the entry ``--tie-won-by`` names: one of the two players of a tie the rules
    give a winner, or a refusal. The line is read for it only when the option is given."""
    if number is None:
        return None
    resolved = result_resolve_line(round_=round_, line=line)
    pairing = resolved.pairing
    players = {entry.number: entry.pk for entry in (pairing.first, pairing.second) if entry}
    if not tie_to_break(resolved, round_.division) or number not in players:
        raise ResultRefused(PLAYOFF_NOT_A_TIE)
    return players[number]


def _not_saved(entered, division) -> list[str]:
    """Why the line was not saved, and what to add to save it."""
    pairing = entered.resolved.pairing
    if entered.state in (LineState.CONFIRM, LineState.CONFLICT):
        stored = describe_pairing(pairing)
        if entered.state == LineState.CONFLICT:  # saved by someone else since it was read
            stored = describe_result(entered.conflict.current, pairing)
        return [
            _("It already has a result: %(result)s.") % {"result": stored},
            _("Nothing was saved; add --replace to replace it."),
        ]
    if entered.state == LineState.TIE_BREAK_WORD:
        return [
            tie_break_words(division)[0],
            _("Nothing was saved; add --tie-won-by N, the player number of who won the tie."),
        ]
    return [
        *(translated(r) for r in entered.unusual.reasons),
        _("Nothing was saved; add --confirm to save it."),
    ]
