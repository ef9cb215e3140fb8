"""Recording a play-off word of a tied scoresheet (docs/RULES.md, Play-off word), and passing its winner on.

Each attempt is kept on the sheet (``Game.playoff_words``) and audited. When the scores of an
attempt are equal the sheet asks again; when one side wins, a sheet linked to a pairing gives
the pairing its result with the play-off winner, by the same path as any finished sheet
(``games.pairing_result_feed``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record

from ..engine.messages import EngineError
from ..engine.playoff import attempt as checked_attempt
from ..engine.playoff import attempts_from_json, playoff_winner
from ..models import Game
from ..playoffs import is_playoff_tie
from .games import GameRefused, game_scope, pairing_result_feed

NO_PLAYOFF = gettext_noop(
    "Only a game that ended in a tie, under rules that break ties with a play-off word, has a "
    "play-off."
)
ALREADY_DECIDED = gettext_noop("The play-off is decided: undo the last turn to change the game.")


def playoff_record(*, by, game: Game, words: Sequence[str], scores: Sequence[int]) -> Game:
    """Add a play-off attempt (each side's word and score, sides as on the sheet).

    Refused (``GameRefused``) unless the game ended tied under play-off rules and the play-off
    is still undecided, and for a word that is not 1 to 7 letters or a score outside 0..1000.
    """
    try:
        attempt = checked_attempt(words, scores)
    except EngineError as err:
        raise GameRefused(err.template, **err.params) from err
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).get(pk=game.pk)
        if not is_playoff_tie(game):
            raise GameRefused(NO_PLAYOFF)
        before = list(game.playoff_words)
        if playoff_winner(attempts_from_json(before)) is not None:
            raise GameRefused(ALREADY_DECIDED)
        game.playoff_words = [*before, attempt.to_json()]
        game.save(update_fields=["playoff_words", "updated_at"])
        audit_record(
            by=by,
            action="game.playoff",
            obj=game,
            **game_scope(game),
            before={"playoff_words": before},
            after={"playoff_words": game.playoff_words, "winner": attempt.winner},
        )
        pairing_result_feed(by=by, game=game)
    return game
