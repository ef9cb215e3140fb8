"""Anomalies planted into a planned event with full sheets (``bench.sheet_event``), one of each
kind the integrity desk flags, each on a table of its own, each changing only what it must (a
score changed by hand moves the running totals and the result with it, as a referee's slip
would). ``plant_all`` returns what it planted: ``(flag code, table)``, the table's pairing known
once the event is saved; ``plant_after_save`` adds the score reports and the audit entry.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from core.models import AuditEntry
from games.engine.board import Board
from games.engine.gcg_io import events_from_turns
from games.engine.integrity import flags as F
from games.engine.integrity.timing import TURN_KINDS
from games.engine.messages import IllegalMove
from games.engine.moves import Play, parse_position
from games.engine.rules import PRESETS
from games.engine.scoring import apply_play, score_play
from games.engine.tiles import TILE_COUNTS, TILE_VALUES
from tournaments.models import PrizeBand, ScoreReport

from .sheet_event import RULES, START, SheetEvent, Table

WIN, LOSS = 550, 250  # the planted upset's scores, and the winner's in every game


def _entry_plays(table: Table):
    """Each entered play of the sheet with what it placed and the tiles placed before it."""
    board, placed, found = Board(), Counter(), []
    rules = PRESETS[RULES]
    for turn in table.sheet.turns:
        scored = None
        if turn.kind in ("play", "phony"):
            event = events_from_turns([turn])[0]
            try:
                row, col, across = parse_position(event.position)
                play = Play(row, col, across, event.word)
                scored = score_play(board, play, rack_size=rules.rack_size)
            except IllegalMove:
                scored = None
        if turn.kind == "play" and scored is not None:
            found.append((turn, play, scored, Counter(placed)))
            apply_play(board, scored)
            placed.update(scored.tiles_used)
    return found


def _shift(table: Table, number: int, player: int, points: int) -> None:
    """``points`` more for ``player`` on line ``number`` and every total from it on."""
    for turn in table.sheet.turns:
        if turn.number == number:
            turn.score += points
        if turn.number >= number:
            if player == 0:
                turn.first_total += points
            else:
                turn.second_total += points
    game = table.sheet.game
    if player == 0:
        game.first_score += points
        table.first_score += points
    else:
        game.second_score += points
        table.second_score += points


def plant_rack_too_big(table: Table) -> bool:
    first = table.sheet.turns[0]
    if not first.is_entry or len(first.rack) != 7:
        return False
    first.rack += "E"
    return True


def plant_not_from_bag(table: Table) -> bool:
    for turn, _play, scored, before in _entry_plays(table):
        gone = [t for t in TILE_COUNTS if t != "?" and before[t] >= TILE_COUNTS[t]]
        spare = Counter(turn.rack) - Counter(scored.tiles_used)
        gone = [t for t in gone if t not in turn.rack]
        if len(turn.rack) == 7 and gone and spare:
            swap = sorted(spare)[0]
            turn.rack = turn.rack.replace(swap, gone[0], 1)
            return True
    return False


def plant_over_distribution(table: Table) -> bool:
    plays = _entry_plays(table)
    if not plays or table.sheet.turns[-1].kind not in ("rack", "clock"):
        return False
    turn, play, scored, before = plays[-1]
    if plays[-1][0].number != max(p[0].number for p in plays):
        return False
    for placement in scored.placed:
        letter = placement.letter
        if letter.islower():
            continue
        for other in sorted(TILE_COUNTS):
            same = other not in ("?", letter) and TILE_VALUES[other] == TILE_VALUES[letter]
            if same and before[other] >= TILE_COUNTS[other] and letter in turn.rack:
                at = placement.col - play.col if play.across else placement.row - play.row
                position, word = turn.move.split()
                turn.move = f"{position} {word[:at]}{other}{word[at + 1 :]}"
                turn.rack = turn.rack.replace(letter, other, 1)
                return True
    return False


def plant_unaccounted(table: Table) -> bool:
    game = table.sheet.game
    bonus = [t for t in table.sheet.turns if t.kind == "rack" and t.score > 0]
    if game.ending != "out" or not bonus:
        return False
    line = bonus[0]
    tiles = [t for t in line.rack if t != "?"]
    if not tiles:
        return False
    line.rack = line.rack.replace(tiles[0], "", 1)
    _shift(table, line.number, line.player, -2 * TILE_VALUES[tiles[0]])  # NASPA: doubled
    return True


def plant_move_score(table: Table) -> bool:
    plays = [t for t in table.sheet.turns if t.kind == "play" and t.is_entry]
    if len(plays) < 3:
        return False
    _shift(table, plays[1].number, plays[1].player, 1)
    return True


def plant_result_differs(table: Table) -> bool:
    table.first_score += 10
    return True


def plant_clock_total(table: Table) -> bool:
    timed = [t for t in table.sheet.turns if t.is_entry and t.player == 0 and t.seconds]
    table.sheet.clock_ms[0] += 1000 * len(timed)
    return bool(timed)


def plant_quick_run(table: Table) -> bool:
    mine = [t for t in table.sheet.turns if t.is_entry and t.player == 0 and t.kind in TURN_KINDS]
    if len(mine) < 6:
        return False
    for turn in mine[:5]:
        turn.seconds = 2  # the boundary: 2 s is quick
    table.sheet.clock_ms[0] = sum(t.seconds * 1000 + 400 for t in mine if t.seconds is not None)
    return True


def plant_clock_back(table: Table) -> bool:
    entries = [t for t in table.sheet.turns if t.is_entry and t.kind in TURN_KINDS]
    if len(entries) < 6:
        return False
    entries[4].saved_at = entries[3].saved_at - timedelta(seconds=10)
    return True


def plant_over_limit(table: Table) -> bool:
    timed = [t for t in table.sheet.turns if t.is_entry and t.kind == "play" and t.seconds]
    if not timed:
        return False
    limit = max(t.seconds for t in table.sheet.turns if t.seconds)
    table.sheet.game.rules = {"turn_time_limit_seconds": limit}
    turn, was = timed[0], timed[0].seconds
    turn.seconds = limit + 1  # the boundary: the limit itself is on time
    table.sheet.clock_ms[turn.player] += 1000 * (turn.seconds - was)
    return True


def _confirmed(pairing, scores: tuple[int, int], device: str = "") -> None:
    for entry in (pairing.first, pairing.second):
        ScoreReport.objects.create(
            pairing=pairing,
            reported_by=entry,
            first_score=scores[0],
            second_score=scores[1],
            status=ScoreReport.Status.CONFIRMED,
            settled_at=START,
            device=device,
        )


def plant_prize_loss(event: SheetEvent, used: set) -> Table:
    """The last round's first table: its first player wins every game by 300 (no sheets) and
    finishes first, the only prize; their last opponent is rated 400 above them."""
    last = max(t.round for t in event.tables)
    upset = next(t for t in event.tables if t.round == last)
    winner = upset.first
    for table in event.tables:
        if winner in (table.first, table.second):
            table.sheet = None
            won = table.first == winner
            table.first_score, table.second_score = (WIN, LOSS) if won else (LOSS, WIN)
            used.add(id(table))
    upset.second.rating = 1900
    upset.second.save(update_fields=["rating"])
    PrizeBand.objects.create(division=event.division, kind="rank", label="First", places=1)
    return upset


def plant_same_scores(event: SheetEvent, used: set) -> Table | None:
    """A pair of round 1 meets again in round 2 (no sheet) with exactly the same scores."""
    for meeting in [t for t in event.tables if t.round == 1 and id(t) not in used]:
        a, b = meeting.first, meeting.second
        again = [t for t in event.tables if t.round == 2 and {a, b} & {t.first, t.second}]
        if len(again) != 2 or any(id(t) in used for t in again):
            continue
        one, other = again
        rest = [e for t in again for e in (t.first, t.second) if e not in (a, b)]
        one.first, one.second, one.sheet = a, b, None
        one.first_score, one.second_score = meeting.first_score, meeting.second_score
        other.first, other.second, other.sheet = rest[0], rest[1], None
        other.first_score, other.second_score = 401, 333
        used.update({id(meeting), id(one), id(other)})
        return one
    return None


SHEET_PLANTS = (
    (F.RACK_TOO_BIG, plant_rack_too_big),
    (F.NOT_FROM_BAG, plant_not_from_bag),
    (F.OVER_DISTRIBUTION, plant_over_distribution),
    (F.UNACCOUNTED, plant_unaccounted),
    (F.MOVE_SCORE, plant_move_score),
    (F.RESULT_DIFFERS, plant_result_differs),
    (F.RESULT_DIFFERS_CONFIRMED, plant_result_differs),
    (F.CLOCK_TOTAL, plant_clock_total),
    (F.QUICK_RUN, plant_quick_run),
    (F.CLOCK_BACK, plant_clock_back),
    (F.OVER_LIMIT_UNCHARGED, plant_over_limit),
)


def plant_all(event: SheetEvent) -> list[tuple[str, Table]]:
    """One anomaly of each kind, each on its own table (before the event is saved)."""
    used: set = set()
    planted = [(F.PRIZE_LOSS, plant_prize_loss(event, used))]
    same = plant_same_scores(event, used)
    if same is not None:
        planted.append((F.SAME_SCORES, same))
    for code, plant in SHEET_PLANTS:
        for table in event.tables:
            if id(table) not in used and table.sheet is not None and plant(table):
                used.add(id(table))
                planted.append((code, table))
                break
    for code in (F.CHANGED_AFTER_CONFIRMED, F.ONE_DEVICE):
        table = next(t for t in event.tables if id(t) not in used and t.sheet is not None)
        used.add(id(table))
        if code == F.CHANGED_AFTER_CONFIRMED:
            table.sheet = None
        planted.append((code, table))
    return planted


def plant_after_save(planted: list[tuple[str, Table]]) -> None:
    """The score reports and the result change the plants need, once the pairings exist."""
    for code, table in planted:
        pairing, scores = table.pairing, (table.first_score, table.second_score)
        if code == F.RESULT_DIFFERS_CONFIRMED:
            _confirmed(pairing, scores)
        elif code == F.ONE_DEVICE:
            _confirmed(pairing, scores, device="d" * 32)
        elif code == F.CHANGED_AFTER_CONFIRMED:
            _confirmed(pairing, (scores[0] + 5, scores[1]))
            AuditEntry.objects.create(
                at=START + timedelta(minutes=1),
                action="result.record",
                object_type="tournaments.pairing",
                object_id=str(pairing.pk),
                tournament_id=pairing.round.division.tournament_id,
                after={"kind": "played", "first_score": scores[0], "second_score": scores[1]},
            )
