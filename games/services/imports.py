"""Creating a scoresheet from an uploaded GCG record: all of it or nothing.

A record that cannot be read raises ``GcgError``; one the rules do not reproduce raises
``GcgImportError`` naming its first line at fault; rules or players that cannot make a game
raise ``GameRefused``. All three are refusals (``core.refusal``).
"""

from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext_noop

from core.audit import audit_record
from games.engine.gcg_io import (
    GcgImportError,
    compare_with_record,
    entries_from_record,
    events_from_turns,
    lost_turn_after_going_out,
)
from games.engine.scoresheet import SheetEntryRefused, replay_sheet
from players.models import Player
from players.services import player_create
from players.visibility import visible_players

from ..engine.gcg import GcgGame, GcgPlayer, parse_gcg
from ..models import Game, Lexicon
from .games import (
    game_create,
    game_scope,
    pairing_result_feed,
    rule_set_for,
    turns_from_replay,
)
from .games import write_sheet as _write_sheet

MAX_GCG_BYTES = 1024 * 1024

TOO_LARGE = gettext_noop("The file is too large (over %(kb)d KB).")
# The reason is the engine's refusal, translated along with this template when shown.
LINE_REFUSED = gettext_noop("Line %(line)d: %(reason)s")


def read_record(data: bytes) -> GcgGame:
    """Parse an upload; raises ``GcgError`` (with the line number) when it cannot be read, or
    ``GcgImportError`` for a file too large to take."""
    if len(data) > MAX_GCG_BYTES:
        raise GcgImportError(TOO_LARGE, line=0, kb=MAX_GCG_BYTES // 1024)
    return parse_gcg(data)


def game_import_gcg(
    *,
    by,
    data: bytes,
    rules_preset: str = "naspa",
    rules: dict | None = None,
    first_player: Player | None = None,
    second_player: Player | None = None,
    pairing=None,
    lexicon: Lexicon | None = None,
) -> Game:
    """A scoresheet from a GCG record. The record is replayed on the engine under the chosen
    rules and must agree with it line by line; otherwise ``GcgImportError`` names the first
    line that differs and nothing is saved. Players not given are found by their full name
    (exactly one match) or created."""
    record = read_record(data)
    rule_set = rule_set_for(rules_preset, rules)
    read = entries_from_record(record, rule_set)
    gcg_players = record.players[::-1] if read.swapped else record.players
    names = tuple(p.name or p.nick for p in gcg_players)
    read, replay, turns = _replayed(record, read, rule_set, names)
    with transaction.atomic():
        first = first_player or _player_named(gcg_players[0], by)
        second = second_player or _player_named(gcg_players[1], by)
        game = game_create(
            by=by,
            first_player=first,
            second_player=second,
            rules_preset=rules_preset,
            rules=rules,
            pairing=pairing,
            lexicon=lexicon,
            title=record.title,
        )
        game.notes = "\n\n".join(record.notes)
        game.save(update_fields=["notes"])
        _write_sheet(game, read.entries, replay)
        pairing_result_feed(by=by, game=game)
        audit_record(
            by=by,
            action="game.import",
            obj=game,
            **game_scope(game),
            after={"lines": len(turns), "events": len(record.events)},
        )
    return game


def _replayed(record: GcgGame, read, rule_set, names):
    """The entries, the sheet replayed under ``rule_set`` and its unsaved turns; raises
    ``GcgImportError`` at the first line where the record and the rules part ways."""
    try:
        replay = replay_sheet(rule_set, names, read.entries)
    except SheetEntryRefused as err:
        # A line before the refused one may already disagree: name the first line at fault.
        earlier = replay_sheet(rule_set, names, read.entries[: err.index])
        _check_against_record(record, read, earlier, names, before_line=err.line)
        # Macondo's lost turn after a play that went out and stood a double challenge.
        folded = lost_turn_after_going_out(record, read, err.index, earlier)
        if folded is not None:
            return _replayed(*folded, rule_set, names)
        raise GcgImportError(LINE_REFUSED, line=err.line, reason=err) from err
    return read, replay, _check_against_record(record, read, replay, names)


def _check_against_record(record: GcgGame, read, replay, names, before_line: int | None = None):
    """Compare the replayed sheet with the record (up to ``before_line``); return the unsaved
    turns or raise ``GcgImportError`` at the first line that differs."""
    turns = turns_from_replay(Game(), read.entries, replay)
    if before_line is not None:
        record = replace(record, events=tuple(e for e in record.events if e.line < before_line))
    compare_with_record(record, read.swapped, events_from_turns(turns), names)
    return turns


def _player_named(gcg_player: GcgPlayer, by) -> Player:
    name = (gcg_player.name or gcg_player.nick).strip()
    # Only a person the uploader may see is matched by name (``players.visibility``).
    matches = list(visible_players(by, Player.objects.filter(name__iexact=name))[:2])
    if len(matches) == 1:
        return matches[0]
    return player_create(by=by, name=name, confirm_duplicate=True)
