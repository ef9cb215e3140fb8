"""How a tournament game's scoresheet compares with its pairing's result (reads only).

A finished sheet says a result; the pairing holds the result entered (by the sheet itself, or by a
director on the result-entry page). Both are put in the pairing's side order, because the sheet
lists first the player who went first, which need not be the pairing's first entry. The write
that feeds the sheet's result into the pairing is ``games.services.games.pairing_result_feed``.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import Pairing

from .end_racks import awaiting_racks
from .models import Game
from .playoffs import sheet_playoff


@dataclass(frozen=True)
class PairingResult:
    """A result in the pairing's side order, as ``tournaments.services.results`` stores it."""

    kind: str
    first_score: int | None = None
    second_score: int | None = None
    forfeited_by_id: int | None = None
    playoff_winner_id: int | None = None


def sheet_sides(game: Game, pairing: Pairing) -> tuple[int, int] | None:
    """The sheet sides (0 or 1) of the pairing's first and second entries, or ``None`` when the
    sheet's two players are not the pairing's two players."""
    if pairing.second_id is None:
        return None
    sides = (game.side_of(pairing.first.player_id), game.side_of(pairing.second.player_id))
    if None in sides or sides[0] == sides[1]:
        return None
    return (sides[0], sides[1])


def sheet_result(game: Game, pairing: Pairing) -> PairingResult | None:
    """What the finished sheet says the pairing's result is; ``None`` while it goes on or when
    its players are not the pairing's. A forfeit on the sheet is a forfeit result (the scores at
    that moment do not decide the game). A tie to be broken by a play-off word says nothing until
    the play-off has a winner, and then names it; a tie the sheet's rules give to the player who
    led before the racks names that player, so the standings count the win the sheet shows."""
    sides = sheet_sides(game, pairing)
    if not game.is_over or awaiting_racks(game) or sides is None:
        return None  # over but awaiting the racks: not a result yet
    entry_of_side = {sides[0]: pairing.first_id, sides[1]: pairing.second_id}
    if game.ending == Game.Ending.FORFEIT and game.forfeited_by is not None:
        entry_id = entry_of_side[game.forfeited_by]
        return PairingResult(str(Pairing.Kind.FORFEIT), forfeited_by_id=entry_id)
    scores = game.scores
    playoff = sheet_playoff(game)
    if playoff.asking:
        return None  # the tie waits for its play-off
    tie_won_by = playoff.winner if playoff.needed else _tie_won_by(game)
    winner = None if tie_won_by is None else entry_of_side[tie_won_by]
    return PairingResult(
        str(Pairing.Kind.PLAYED), scores[sides[0]], scores[sides[1]], playoff_winner_id=winner
    )


def _tie_won_by(game: Game) -> int | None:
    """The side a tied final score went to under the sheet's own tie rule (the one who led
    before the racks were counted), ``None`` when the scores differ or the tie stands."""
    first, second = game.scores
    return game.winner if first == second else None


def entered_result(pairing: Pairing) -> PairingResult | None:
    """The result the pairing holds, ``None`` while it has none."""
    if not pairing.is_reported:
        return None
    if pairing.kind == Pairing.Kind.PLAYED:
        return PairingResult(
            str(pairing.kind),
            pairing.first_score,
            pairing.second_score,
            playoff_winner_id=pairing.playoff_winner_id,
        )
    return PairingResult(str(pairing.kind), forfeited_by_id=pairing.forfeited_by_id)


def result_text(result: PairingResult, game: Game, pairing: Pairing) -> str:
    """A result for the sheet page, scores in the sheet's order (its first player first)."""
    if result.kind == Pairing.Kind.PLAYED:
        sides = sheet_sides(game, pairing) or (0, 1)
        by_side = {sides[0]: result.first_score, sides[1]: result.second_score}
        text = f"{by_side[0]}–{by_side[1]}"
        if result.playoff_winner_id is not None:
            won = pairing.first if result.playoff_winner_id == pairing.first_id else pairing.second
            text += " " + _("(tie won by %(name)s)") % {"name": won.player.name}
        return text
    if result.kind == Pairing.Kind.FORFEIT:
        loser = pairing.first if result.forfeited_by_id == pairing.first_id else pairing.second
        return _("a forfeit by %(name)s") % {"name": loser.player.name}
    return _("a double forfeit")


def pairing_with_players(game: Game) -> Pairing | None:
    """The game's pairing, freshly read with its players (the result may have just changed)."""
    if game.pairing_id is None:
        return None
    return Pairing.objects.select_related("first__player", "second__player").get(pk=game.pairing_id)


def result_warning(game: Game) -> str:
    """Why the sheet and its pairing's result disagree, for the sheet page; "" when they agree
    or the game is casual. The sheet never overwrites a result someone else entered, so this is
    how the referee learns that the two differ."""
    pairing = pairing_with_players(game)
    if pairing is None:
        return ""
    if sheet_sides(game, pairing) is None:
        return _(
            "The players of this scoresheet are not the players of its pairing, so the sheet "
            "cannot give the pairing its result."
        )
    said, entered = sheet_result(game, pairing), entered_result(pairing)
    if said == entered:
        return ""
    if said is None:
        return _(
            "The scoresheet is not finished, but the result entered is %(entered)s. It was "
            "left as it is: correct it on the result-entry page if it is wrong."
        ) % {"entered": result_text(entered, game, pairing)}
    if entered is None:
        return _("The scoresheet is finished, but no result is entered for this pairing.")
    return _(
        "The sheet says %(sheet)s, the result entered is %(entered)s. The result was left as "
        "it is: correct it on the result-entry page if the sheet is right."
    ) % {
        "sheet": result_text(said, game, pairing),
        "entered": result_text(entered, game, pairing),
    }
