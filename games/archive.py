"""The scoresheets of an event in its archive (the ``games`` section, registered in apps.py).

Each game at a table of the event is kept with its turns, as the services last wrote them, and
comes back linked to the same table. The word list is named by name and matched to a local list
of that name (left empty, and said so, where there is none); the person who started the sheet
by username.

A sheet's table clock travels with it (``clock``, null for a sheet without one). Even a finished
game's clock is kept: its used times are the game's time accounting (each side's total, what the
last turn took), which the turns' seconds do not add up to once a turn was paused or corrected.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from core.messages import translated
from tournaments.archive import shape
from tournaments.archive.check import optional_username
from tournaments.archive.check_divisions import check_rules
from tournaments.archive.restore import create_stamped
from tournaments.archive.sections import RestoreContext, Section
from tournaments.archive.shape import (
    Problems,
    Shape,
    load_record,
    load_unnamed,
    object_list,
    refs_held,
)

from .end_racks import racks_as_kept
from .engine.messages import EngineError
from .engine.playoff import attempt as playoff_attempt
from .models import Game, GameClock, Lexicon, Turn
from .playoffs import is_playoff_tie

GAME = Shape(
    Game,
    (
        "rules_preset",
        "rules",
        "title",
        "notes",
        "first_score",
        "second_score",
        "ending",
        "winner",
        "forfeited_by",
        "result_version",
        "created_at",
        "updated_at",
    ),
    refs=("pairing", "first_player", "second_player"),
    added=(("playoff_words", []), ("end_racks", [])),
)
CLOCK = Shape(
    GameClock,
    (
        "running",
        "since_ms",
        "first_used_ms",
        "second_used_ms",
        "turn_of",
        "turn_ms",
        "last_turn_player",
        "last_turn_ms",
        "version",
    ),
)
TURN = Shape(
    Turn,
    (
        "number",
        "player",
        "kind",
        "is_entry",
        "move",
        "rack",
        "challenge",
        "seconds",
        "score",
        "first_total",
        "second_total",
        "words",
        "withdrawn_score",
        "notes",
    ),
    added=(("saved_at", None),),
)


@dataclass
class CheckedGame:
    game: Game
    turns: list[Turn]
    lexicon: dict | None
    created_by: str | None
    clock: GameClock | None = None


def export_games(tournament) -> list[dict]:
    games = Game.objects.filter(pairing__round__division__tournament=tournament).order_by("id")
    records = shape.dump_rows(GAME, games, "lexicon_id", "lexicon__name", "created_by__username")
    turns: dict[int, list[dict]] = {}
    for turn in shape.dump_rows(
        TURN, Turn.objects.filter(game__in=games).order_by("game", "number"), "game"
    ):
        turns.setdefault(turn.pop("game"), []).append(turn)
    clocks = {}
    for clock in shape.dump_rows(CLOCK, GameClock.objects.filter(game__in=games), "game"):
        del clock["id"]  # a clock is named by its game, as turns are
        clocks[clock.pop("game")] = clock
    for record in records:
        lexicon_id, name = record.pop("lexicon_id"), record.pop("lexicon__name")
        record["lexicon"] = None if lexicon_id is None else {"id": lexicon_id, "name": name}
        record["created_by"] = record.pop("created_by__username")
        record["turns"] = turns.get(record["id"], [])
        record["clock"] = clocks.get(record["id"])
    return records


def check_games(records, known: dict[str, set[int]], problems: Problems) -> list[CheckedGame]:
    """The sheets, checked; their archive ids are added to ``known`` (as ``games.game``) for
    the sections checked after this one (broadcast marks, dismissed flags)."""
    known["games.game"] = shape.record_ids(records)
    checked, pairings = [], set()
    for index, record in enumerate(object_list({"games": records}, "games", "", problems)):
        path = f"games[{index}]"
        game = load_record(GAME, record, path, problems)
        if game is None:
            continue
        check_game_refs(game, path, known, problems)
        if game.pairing_id in pairings:
            problems.add(f"{path}.pairing", _("two scoresheets are kept for one game"))
        pairings.add(game.pairing_id)
        lexicon = record.get("lexicon")
        if lexicon is not None and not shape.is_named(lexicon, "name"):
            problems.add(f"{path}.lexicon", _("must be null or an object with an id and a name"))
            lexicon = None
        created_by = optional_username(record, "created_by", path, problems)
        turns = check_turns(record, path, problems)
        check_rules(game, path, problems)
        if not racks_as_kept(game.end_racks):
            problems.add(
                f"{path}.end_racks", _("must be empty or one rack a side, each text or null")
            )
        check_playoff_words(game, path, problems)
        clock = check_clock(record.get("clock"), f"{path}.clock", problems)
        checked.append(CheckedGame(game, turns, lexicon, created_by, clock))
    return checked


def check_playoff_words(game: Game, path: str, problems: Problems) -> None:
    """Play-off words as the sheet keeps them: a list of attempts the play-off service would
    have taken, on a game tied under play-off rules, ending at the first attempt one side won.
    The words are kept as that service writes them (in capitals)."""
    where = f"{path}.playoff_words"
    if not isinstance(game.playoff_words, list):
        problems.add(where, _("must be a list of play-off attempts"))
        return
    attempts = []
    for index, item in enumerate(game.playoff_words):
        found = playoff_attempt_problem(item)
        if isinstance(found, str):
            problems.add(f"{where}[{index}]", found)
            return
        attempts.append(found)
    if not attempts:
        return
    if any(attempt.winner is not None for attempt in attempts[:-1]):
        problems.add(where, _("the play-off goes on after one side won it"))
    try:
        tie = is_playoff_tie(game)
    except EngineError:
        tie = True  # rules the engine cannot read are not this check's to name
    if not tie:
        problems.add(where, _("only a game tied under play-off rules has play-off words"))
    game.playoff_words = [attempt.to_json() for attempt in attempts]


def playoff_attempt_problem(item):
    """The checked attempt of one archived play-off, or what is wrong with it."""
    if not (
        isinstance(item, dict)
        and isinstance(item.get("words"), list)
        and isinstance(item.get("scores"), list)
        and len(item["words"]) == len(item["scores"]) == 2
        and all(isinstance(word, str) for word in item["words"])
    ):
        return _("must be an object with two words and two scores")
    try:
        return playoff_attempt(item["words"], item["scores"])
    except EngineError as err:
        return translated(err)


def check_clock(data, path: str, problems: Problems) -> GameClock | None:
    """A sheet's table clock (null: none), with its times the clock itself could have kept."""
    if data is None:
        return None
    clock = load_unnamed(CLOCK, data, path, problems)
    if clock is None:
        return None
    times = ("first_used_ms", "second_used_ms", "turn_ms", "last_turn_ms", "since_ms")
    for name in times:
        if (getattr(clock, name) or 0) < 0:
            problems.add(f"{path}.{name}", _("a time cannot be negative"))
    if (clock.running is None) != (clock.since_ms is None):
        problems.add(path, _("a running clock needs the moment it started, and only it has one"))
    if (clock.last_turn_player is None) != (clock.last_turn_ms is None):
        problems.add(path, _("the last turn needs both its player and its time"))
    return clock


def check_game_refs(game: Game, path: str, known: dict[str, set[int]], problems) -> None:
    refs_held(game, ("pairing",), known["tournaments.pairing"], path, problems)
    refs_held(game, ("first_player", "second_player"), known["players.player"], path, problems)
    if game.first_player_id == game.second_player_id:
        problems.add(f"{path}.second_player", _("a game needs two different players"))


def check_turns(record: dict, path: str, problems: Problems) -> list[Turn]:
    turns, numbers = [], set()
    for index, data in enumerate(object_list(record, "turns", path, problems)):
        where = f"{path}.turns[{index}]"
        turn = load_unnamed(TURN, data, where, problems)
        if turn is None:
            continue
        if turn.number in numbers:
            problems.add(f"{where}.number", _("line %(n)d appears twice") % {"n": turn.number})
        numbers.add(turn.number)
        turns.append(turn)
    return turns


def restore_games(checked: list[CheckedGame], context: RestoreContext) -> None:
    lexicons = local_lexicons(checked, context)
    games = []
    for item in checked:
        game = item.game
        game.pairing_id = context.new_id("tournaments.pairing", game.pairing_id)
        context.remap(game, "players.player", "first_player", "second_player")
        game.lexicon = lexicons.get(item.lexicon["name"]) if item.lexicon else None
        game.created_by = context.user(item.created_by)
        games.append(game)
    made = create_stamped(Game, games, context, ("created_at", "updated_at"))
    turns = []
    for game, item in zip(made, checked, strict=True):
        for turn in item.turns:
            turn.game_id = game.pk
        turns += item.turns
    Turn.objects.bulk_create(turns, batch_size=1000)
    clocks = []
    for game, item in zip(made, checked, strict=True):
        if item.clock is not None:
            item.clock.game_id = game.pk
            clocks.append(item.clock)
    GameClock.objects.bulk_create(clocks, batch_size=1000)


def local_lexicons(checked: list[CheckedGame], context: RestoreContext) -> dict[str, Lexicon]:
    wanted = {item.lexicon["name"]: item.lexicon["id"] for item in checked if item.lexicon}
    found = {lex.name: lex for lex in Lexicon.objects.filter(name__in=wanted).defer("word_list")}
    context.ids["games.lexicon"] = {
        old: found[name].pk for name, old in wanted.items() if name in found
    }
    for name in sorted(set(wanted) - set(found)):
        context.notes.append(
            _("There is no word list “%(name)s” here; its games are imported without one.")
            % {"name": name}
        )
    return found


def usernames(checked: list[CheckedGame]) -> set[str]:
    return {item.created_by for item in checked if item.created_by}


def clear_games(tournament) -> None:
    """The event's scoresheets, with their turns and clocks (before a restore in place)."""
    Game.objects.filter(pairing__round__division__tournament=tournament).delete()


GAMES_SECTION = Section(
    key="games",
    export=export_games,
    check=check_games,
    restore=restore_games,
    usernames=usernames,
    clear=clear_games,
)
