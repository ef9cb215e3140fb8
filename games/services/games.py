"""Writes for games and their scoresheets. Each change replays the whole sheet on the engine.

Every turn write locks the game row, replays the entries (with the change) on the engine and,
only if the engine accepts them all, rewrites the sheet's lines and the result in the same
transaction: a refused turn leaves nothing behind. When a tournament game's sheet ends, the same
transaction records its result for the pairing (``pairing_result_feed``) and stops the table
clock (``clock_stop_at_end``).
"""

from collections.abc import Sequence
from dataclasses import replace

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.audit import audit_record, snapshot
from core.model_fields import SAME_PLAYER
from core.refusal import NeedsConfirmation, Note, Refusal
from games.engine.scoresheet import (
    NO_CHALLENGE,
    NO_PLAY_TO_CHALLENGE,
    NOTHING_TO_UNDO,
    SheetEntry,
    SheetEntryRefused,
    SheetReplay,
    clean_rack,
    replay_sheet,
)
from players.models import Player
from tournaments.models import Pairing
from tournaments.services.results import ResultRefused, result_record

from ..end_racks import end_racks_after, given_racks
from ..engine.clock import over_by
from ..engine.messages import EngineError
from ..engine.moves import parse_move
from ..engine.rules import PRESETS, RuleSet, rules_from_dict
from ..models import Game, Lexicon, Turn
from ..playoffs import is_playoff_tie
from ..tournament_results import entered_result, sheet_result
from .clock import clock_follow_sheet, clock_stop_at_end
from .scope import game_scope
from .sheet_moments import entry_moments, line_moments

GAME_FIELDS = [
    "pairing",
    "first_player",
    "second_player",
    "rules_preset",
    "rules",
    "lexicon",
    "title",
    "first_score",
    "second_score",
    "ending",
    "winner",
    "forfeited_by",
]
RESULT_FIELDS = [
    "first_score",
    "second_score",
    "ending",
    "winner",
    "forfeited_by",
    "playoff_words",
    "end_racks",
]

UNKNOWN_RULES = gettext_noop("%(name)s is not a known rule set.")
PAIRING_HAS_SHEET = gettext_noop("This pairing already has a scoresheet.")
BYE_HAS_NO_GAME = gettext_noop("A bye has no game to keep a scoresheet of.")
NOT_THE_PAIRINGS_PLAYERS = gettext_noop(
    "A pairing's scoresheet must be between that pairing's players."
)
OVER_NO_FORFEIT = gettext_noop("The game is over: it cannot be forfeited.")
OVER_TIME_TO_CONFIRM = gettext_noop(
    "Over by %(over)d s (%(seconds)d s for a %(limit)d s turn): under these rules the turn is "
    "lost. Record it as lost, or correct the time."
)


class GameRefused(Refusal):
    """A game or a change to its scoresheet refused: its players, its pairing, its rules, or
    (as ``TurnRefused``) a turn the engine will not take."""


class OverTimeToConfirm(NeedsConfirmation):
    """A turn over the per-turn limit, not yet confirmed as lost (``confirm_overtime``): nothing
    was recorded. Its one reason carries ``over``, ``seconds`` and ``limit``."""


class TurnRefused(GameRefused):
    """The engine refused a change to the sheet; the template and params are the engine's and
    ``line`` is the GCG line of the refused entry (0 when typed)."""

    def __init__(self, template: str, /, *, line: int = 0, **params: object) -> None:
        self.line = line
        super().__init__(template, **params)


def rule_set_for(preset: str, overrides: dict | None = None) -> RuleSet:
    """A preset with optional changes; raises ``GameRefused`` with the engine's reason."""
    if preset not in PRESETS:
        raise GameRefused(UNKNOWN_RULES, name=preset)
    try:
        return rules_from_dict(overrides or {}, base=PRESETS[preset])
    except EngineError as err:
        raise GameRefused(err.template, **err.params) from err


def game_create(
    *,
    by,
    first_player: Player,
    second_player: Player,
    rules_preset: str = "naspa",
    rules: dict | None = None,
    pairing=None,
    lexicon: Lexicon | None = None,
    title: str = "",
) -> Game:
    """A new, empty scoresheet. The full rule set is stored, so later changes to a preset in
    the code do not change games already played."""
    if first_player.pk == second_player.pk:
        raise GameRefused(SAME_PLAYER)
    if pairing is not None:
        _check_pairing_players(pairing, first_player, second_player)
    rule_set = rule_set_for(rules_preset, rules)
    with transaction.atomic():
        if pairing is not None and Game.objects.filter(pairing=pairing).exists():
            raise GameRefused(PAIRING_HAS_SHEET)
        game = Game(
            first_player=first_player,
            second_player=second_player,
            rules_preset=rules_preset,
            rules=rule_set.to_dict(),
            pairing=pairing,
            lexicon=lexicon,
            title=title.strip(),
            created_by=by if getattr(by, "is_authenticated", False) else None,
        )
        game.full_clean()
        game.save()
        audit_record(
            by=by,
            action="game.create",
            obj=game,
            **game_scope(game),
            after=snapshot(game, GAME_FIELDS),
        )
    return game


def _check_pairing_players(pairing, first_player: Player, second_player: Player) -> None:
    """A pairing's scoresheet is between the pairing's two players, in either order (the sheet
    lists first whoever went first)."""
    if pairing.second_id is None:
        raise GameRefused(BYE_HAS_NO_GAME)
    expected = {pairing.first.player_id, pairing.second.player_id}
    if {first_player.pk, second_player.pk} != expected:
        raise GameRefused(NOT_THE_PAIRINGS_PLAYERS)


def _locked(game: Game) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("first_player", "second_player")
        .get(pk=game.pk)
    )


def replay_entries(game: Game, entries: Sequence[SheetEntry]) -> SheetReplay:
    """Replay ``entries`` under the game's rules; raises ``TurnRefused`` with the engine's reason."""
    try:
        return replay_sheet(
            game.rule_set(),
            game.player_names,
            entries,
            forfeited_by=game.forfeited_by,
            end_racks=given_racks(game),
        )
    except SheetEntryRefused as err:
        raise TurnRefused(err.template, line=err.line, **err.params) from err


def turns_from_replay(
    game: Game, entries: Sequence[SheetEntry], replay: SheetReplay, moments: Sequence = ()
) -> list[Turn]:
    """Unsaved Turn rows for every line of a replayed sheet (saved at ``moments``, one an entry)."""
    turns = []
    saved = line_moments(replay, moments) if moments else [timezone.now()] * len(replay.lines)
    for number, line in enumerate(replay.lines, start=1):
        entry = entries[line.entry] if line.is_entry and line.entry is not None else None
        turns.append(
            Turn(
                game=game,
                number=number,
                player=line.player,
                kind=line.kind,
                is_entry=entry is not None,
                move=entry.move if entry else "",
                rack=entry.rack if entry else line.counted_rack,
                challenge=entry.challenge if entry else NO_CHALLENGE,
                seconds=entry.seconds if entry else None,
                score=line.score,
                first_total=line.totals[0],
                second_total=line.totals[1],
                words=list(line.words),
                withdrawn_score=line.withdrawn_score,
                notes=entry.notes if entry else "",
                saved_at=saved[number - 1],
            )
        )
    return turns


def write_sheet(game: Game, entries: Sequence[SheetEntry], replay: SheetReplay) -> None:
    """Replace the sheet's lines and the result (inside the caller's transaction)."""
    moments = entry_moments(game, entries)
    game.turns.all().delete()
    Turn.objects.bulk_create(turns_from_replay(game, entries, replay, moments))
    game.first_score, game.second_score = replay.totals
    game.ending = replay.ending
    game.winner = replay.winner
    game.end_racks = end_racks_after(replay, game.end_racks)
    if not is_playoff_tie(game):
        game.playoff_words = []  # a play-off belongs to the tie it broke, and only to it
    game.save(update_fields=[*RESULT_FIELDS, "updated_at"])


def pairing_result_feed(*, by, game: Game) -> None:
    """Record a finished tournament sheet's result for its pairing (inside the caller's
    transaction, after the sheet is written).

    The sheet only fills a pairing that has no result yet, or replaces the result it recorded
    itself while nobody has changed it since (the pairing is still at ``game.result_version``).
    A result someone else entered is left alone, as is the result when the sheet is undone to
    before its end: the sheet page then shows the difference (``result_warning``).
    """
    if game.pairing_id is None or not game.is_over:
        return
    # Locked before reading, so a director saving a result at the same moment is either seen
    # here (and kept) or waits for this transaction.
    pairing = (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("first", "second")
        .get(pk=game.pairing_id)
    )
    said = sheet_result(game, pairing)
    entered = entered_result(pairing)
    if said is None or said == entered:
        return
    if entered is not None and pairing.version != game.result_version:
        return
    try:
        with transaction.atomic():  # a savepoint: a refused result leaves the turn standing
            outcome = result_record(
                by=by,
                pairing_id=pairing.pk,
                first_score=said.first_score,
                second_score=said.second_score,
                kind=said.kind,
                forfeited_by_id=said.forfeited_by_id,
                expected_version=None,
                playoff_winner_id=said.playoff_winner_id,
                confirm_unusual=True,
            )
    except ResultRefused:
        return  # e.g. a finalized tournament; the sheet page says no result is entered
    game.result_version = outcome.pairing.version
    game.save(update_fields=["result_version"])


def normalised_entry(
    *,
    move: str,
    rack: str = "",
    seconds: int | None = None,
    challenge: str = NO_CHALLENGE,
    notes: str = "",
) -> SheetEntry:
    """An entry with the move and rack in their standard spelling; raises ``TurnRefused`` when
    the move text or the rack cannot be read."""
    try:
        parsed = parse_move(move)
        rack = clean_rack(rack)
    except EngineError as err:
        raise TurnRefused(err.template, **err.params) from err
    return SheetEntry(
        move=str(parsed), rack=rack, seconds=seconds, challenge=challenge, notes=notes.strip()
    )


def _change_sheet(*, by, game: Game, action: str, change, follow_clock: bool = False) -> Game:
    """Lock, let ``change`` turn the old entries into new ones, replay, write, audit.

    The game's end stops its running clock. With ``follow_clock`` (a challenge's outcome, which
    decides who moves next) a clock running for the side not to move passes to the side to move.
    """
    with transaction.atomic():
        game = _locked(game)
        before = snapshot(game, RESULT_FIELDS)
        entries = change(game, game.entries())
        game.end_racks = []  # a changed sheet asks for the racks again if it ends without them
        replay = replay_entries(game, entries)
        write_sheet(game, entries, replay)
        if game.is_over:
            clock_stop_at_end(by=by, game=game)
        elif follow_clock:
            clock_follow_sheet(by=by, game=game, to_move=replay.state.to_move)
        pairing_result_feed(by=by, game=game)
        audit_record(
            by=by,
            action=action,
            obj=game,
            **game_scope(game),
            before=before,
            after={**snapshot(game, RESULT_FIELDS), "entries": len(entries)},
        )
    return game


def turn_record(
    *,
    by,
    game: Game,
    move: str,
    rack: str = "",
    seconds: int | None = None,
    challenge: str = NO_CHALLENGE,
    notes: str = "",
    confirm_overtime: bool = False,
) -> Game:
    """Append a turn. The engine checks it against the whole sheet; when it refuses, this raises
    ``TurnRefused`` with the engine's reason and nothing is saved. A turn over the per-turn limit
    is lost under the rules; it is recorded only with ``confirm_overtime``, otherwise this raises
    ``OverTimeToConfirm`` so that nobody loses a turn to a time they did not see."""
    over = over_by(game.rule_set(), seconds)
    if over and not confirm_overtime:
        limit = game.rule_set().turn_time_limit_seconds
        params = {"over": over, "seconds": seconds, "limit": limit}
        raise OverTimeToConfirm([Note(OVER_TIME_TO_CONFIRM, params)])
    entry = normalised_entry(
        move=move, rack=rack, seconds=seconds, challenge=challenge, notes=notes
    )
    return _change_sheet(
        by=by,
        game=game,
        action="game.turn",
        change=lambda g, entries: [*entries, entry],
        follow_clock=challenge != NO_CHALLENGE,
    )


def turn_undo_last(*, by, game: Game) -> Game:
    """Take back the last entry (and whatever the engine derived from it)."""

    def drop_last(_game, entries):
        if not entries:
            raise TurnRefused(NOTHING_TO_UNDO)
        return entries[:-1]

    return _change_sheet(by=by, game=game, action="game.undo", change=drop_last)


def turn_challenge_last(*, by, game: Game, challenge: str) -> Game:
    """Record the outcome of a challenge of the last entry, which must be a play."""

    def challenged(_game, entries):
        if not entries or not entries[-1].is_play:
            raise TurnRefused(NO_PLAY_TO_CHALLENGE)
        last = entries[-1]
        return [*entries[:-1], replace(last, challenge=challenge)]

    return _change_sheet(
        by=by, game=game, action="game.challenge", change=challenged, follow_clock=True
    )


def game_forfeit(*, by, game: Game, loser: int | None) -> Game:
    """End the game by forfeit of ``loser`` (0 or 1), or take a forfeit back with ``None``."""

    def forfeit(locked, entries):
        if loser is not None and replay_entries(locked, entries).is_over:
            raise GameRefused(OVER_NO_FORFEIT)
        locked.forfeited_by = loser
        return entries

    return _change_sheet(by=by, game=game, action="game.forfeit", change=forfeit)
