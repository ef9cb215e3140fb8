"""GCG records in and out of the database: all or nothing, errors with the line number."""

import pytest

from core.models import AuditEntry
from games.engine.gcg import MAX_EVENTS, EventKind, GcgError, parse_gcg, write_gcg
from games.engine.gcg_io import GcgImportError, record_from_game
from games.models import Game, Turn
from games.selectors import game_gcg
from games.services.games import turn_challenge_last, turn_record
from games.services.imports import MAX_GCG_BYTES, game_import_gcg
from players.models import Player
from tests import factories
from tests.games.engine.macondo_grammar import line_kind, refusals
from tests.games.helpers import FIVE_POINT_CHALLENGE, fixture

pytestmark = pytest.mark.django_db


def comparable(events):
    """Events as tuples; the rack written on a challenge-bonus line (the rack after the play)
    is not part of a scoresheet, and a counted rack is a set of tiles in any order."""
    return [
        (e.kind, e.player, e.score, e.cumulative,
         "" if e.kind is EventKind.CHALLENGE_BONUS else e.rack,
         e.position, e.word, e.exchanged, sorted(e.counted_rack))
        for e in events
    ]  # fmt: skip


def test_real_record_becomes_a_finished_scoresheet(director):
    game = game_import_gcg(by=director, data=fixture("doug_v_emely.gcg"), rules_preset="naspa")
    assert (game.first_player.name, game.second_player.name) == ("doug", "emely")
    assert (game.first_score, game.second_score, game.ending, game.winner) == (451, 345, "out", 0)
    assert game.turns.count() == 27
    phony = game.turns.get(kind="phony")
    assert (phony.move, phony.rack, phony.withdrawn_score) == ("4B TIL..", "DEIILTZ", 24)
    rack = game.turns.get(kind="rack")
    assert (rack.player, rack.score, sorted(rack.rack)) == (1, 14, sorted("OPEG"))
    assert AuditEntry.objects.filter(action="game.import").count() == 1


@pytest.mark.parametrize(
    "name",
    ["doug_v_emely.gcg", "logan.gcg", "noah_vs_peter.gcg", "some_isc_game.gcg", "vs_frentz.gcg"],
)
def test_import_then_export_gives_back_the_same_events(director, name):
    data = fixture(name)
    game = game_import_gcg(by=director, data=data, rules_preset="naspa", rules=FIVE_POINT_CHALLENGE)
    game = Game.objects.get(pk=game.pk)
    text = write_gcg(
        record_from_game(names=game.player_names, turns=list(game.turns.all()), title=game.title)
    )
    again = parse_gcg(text)
    assert comparable(again.events) == comparable(parse_gcg(data).events)
    assert [p.name for p in again.players] == [game.first_player.name, game.second_player.name]


def test_a_play_going_out_that_stands_a_double_challenge_exports_and_imports_again(director):
    # naspa: double challenge. emely goes out with .aFS; doug challenges and the play stands,
    # but the game is over: doug has no turn left to lose, and no line says he lost one.
    game = game_import_gcg(by=director, data=fixture("doug_v_emely.gcg"), rules_preset="naspa")
    game = turn_challenge_last(by=director, game=game, challenge="valid")
    tail = list(game.turns.order_by("-number").values_list("kind", "move", "challenge")[:2])
    assert tail == [("rack", "", "none"), ("play", "14L .aFS", "valid")]
    text = game_gcg(game)
    events = [line for line in text.split("\r\n") if line.startswith(">")]
    assert events[-2:] == [">p2: ?FS 14L .aFS +21 331", ">p2: (EGOP) +14 345"]
    assert [line_kind(line) for line in events[-2:]] == ["move", "end_rack"]
    assert refusals(text) == []
    again = game_import_gcg(by=director, data=text.encode(), rules_preset="naspa")
    result = (again.first_score, again.second_score, again.ending, again.winner)
    assert result == (game.first_score, game.second_score, game.ending, game.winner)
    assert result == (451, 345, "out", 0)


@pytest.mark.parametrize("lines", [None, 30])
def test_macondos_double_challenge_record_imports_with_macondos_result(director, lines):
    # domino14/macondo gcgio/testdata/doug_v_emely_double_challenge.gcg, verbatim: emely goes
    # out with .aFS, doug challenges, the play stands, and macondo writes doug's lost turn as a
    # pass (>doug: EGOP - +0 451) before the racks' line. Macondo reads it: 451 to 345. A
    # record may also stop before the racks' line (lines=30: the file without its last line).
    data = fixture("doug_v_emely_double_challenge.gcg")
    data = b"".join(data.splitlines(keepends=True)[:lines])
    game = game_import_gcg(by=director, data=data, rules_preset="naspa")
    assert (game.first_score, game.second_score, game.ending, game.winner) == (451, 345, "out", 0)
    tail = list(game.turns.order_by("-number").values_list("kind", "move", "challenge")[:2])
    assert tail == [("rack", "", "none"), ("play", "14L .aFS", "valid")]
    assert game.turns.count() == 27


DOUBLE_CHALLENGE_END = fixture("doug_v_emely_double_challenge.gcg").decode()


@pytest.mark.parametrize(
    ("before", "after", "preset", "rules", "message"),
    [
        # Not under a double challenge: the challenger loses no turn, so the pass is extra.
        (">doug: EGOP - +0 451", ">doug: EGOP - +0 451", "naspa", FIVE_POINT_CHALLENGE,
         "Line 30: The game is over: no more turns can be recorded."),
        # The player who went out passes: not a challenger's lost turn.
        (">doug: EGOP - +0 451", ">emely: ?FS - +0 331", "naspa", None,
         "Line 30: The game is over: no more turns can be recorded."),
        # A pass that scores is no lost turn.
        (">doug: EGOP - +0 451", ">doug: EGOP - +5 456", "naspa", None,
         "Line 30: The game is over: no more turns can be recorded."),
        # Two lines after the end: the first is the lost turn, the second is refused.
        (">doug: EGOP - +0 451", ">doug: EGOP - +0 451\n>doug: EGOP - +0 451", "naspa", None,
         "Line 31: The game is over: no more turns can be recorded."),
        # Any other line after the end.
        (">doug: EGOP - +0 451", ">doug: EGOP -EG +0 451", "naspa", None,
         "Line 30: The game is over: no more turns can be recorded."),
    ],
)  # fmt: skip
def test_only_the_challengers_lost_turn_may_follow_a_play_going_out(
    director, before, after, preset, rules, message
):
    data = DOUBLE_CHALLENGE_END.replace(before, after).encode()
    with pytest.raises(GcgImportError) as caught:
        game_import_gcg(by=director, data=data, rules_preset=preset, rules=rules)
    assert str(caught.value) == message
    assert not Game.objects.exists()


def test_a_double_challenge_mid_game_exports_as_macondo_writes_it_and_imports_again(director):
    # naspa: double challenge. ben's .AT stands, so ann loses her turn: macondo writes that as a
    # pass with the note #unsuccessful-challenge right after it (gcgio writeEvent).
    text = "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +12 12\n"
    game = game_import_gcg(by=director, data=text.encode(), rules_preset="naspa")
    game = turn_record(by=director, game=game, move="D8 .AT", rack="AT")
    game = turn_challenge_last(by=director, game=game, challenge="valid")
    game = turn_record(by=director, game=game, move="-")  # ben again: ann lost her turn
    out = game_gcg(game)
    lines = out.split("\r\n")
    at = lines.index(">p1: ? - +0 12")
    assert lines[at + 1] == "#note #unsuccessful-challenge"
    assert refusals(out) == []
    again = game_import_gcg(by=director, data=out.encode(), rules_preset="naspa")
    sheet = list(again.turns.order_by("number").values_list("kind", "move", "challenge", "notes"))
    assert sheet[1:3] == [("play", "D8 .AT", "valid", ""), ("lost_challenge", "", "none", "")]
    assert (again.first_score, again.second_score) == (game.first_score, game.second_score)
    assert game_gcg(again) == out


def test_record_whose_second_player_moved_first_is_turned_round(director):
    text = (
        "#player1 ann Ann\n#player2 ben Ben\n"
        ">ben: AINRTXY 8D TRAIN +12 12\n>ann: BEHORSU D8 .HORB +20 20\n"
    )
    game = game_import_gcg(by=director, data=text.encode(), rules_preset="home")
    assert (game.first_player.name, game.first_score, game.second_score) == ("Ben", 12, 20)


def test_existing_players_are_found_by_name(director):
    doug = factories.player("Doug")
    game = game_import_gcg(by=director, data=fixture("doug_v_emely.gcg"), rules_preset="naspa")
    assert game.first_player == doug
    assert Player.objects.filter(name__iexact="emely").count() == 1


def test_unreadable_line_is_named_and_nothing_is_saved(director):
    text = "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +1x 12\n"
    players = Player.objects.count()
    with pytest.raises(GcgError) as caught:
        game_import_gcg(by=director, data=text.encode(), rules_preset="home")
    assert (caught.value.line, str(caught.value)) == (3, "Line 3: the score +1x is not a number.")
    assert (Game.objects.count(), Turn.objects.count(), Player.objects.count()) == (0, 0, players)


def test_wrong_record_is_refused_at_its_first_wrong_line(director):
    with pytest.raises(GcgImportError) as caught:
        game_import_gcg(by=director, data=fixture("wrong.gcg"), rules_preset="home")
    assert (
        str(caught.value)
        == "Line 3: the record says +14 but under these rules the sheet gives +12."
    )
    assert not Game.objects.exists() and not Player.objects.exists()


def test_play_the_engine_refuses_is_named_with_its_line(director):
    text = (
        "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +12 12\n>ben: CAT 1A CAT +5 5\n"
    )
    with pytest.raises(GcgImportError) as caught:
        game_import_gcg(by=director, data=text.encode(), rules_preset="home")
    assert (
        str(caught.value) == "Line 4: The play must touch at least one tile already on the board."
    )
    assert not Game.objects.exists()


def test_record_played_under_other_rules_is_refused(director):
    with pytest.raises(GcgImportError) as caught:
        game_import_gcg(by=director, data=fixture("vs_frentz.gcg"), rules_preset="naspa")
    assert str(caught.value) == "Line 25: under these rules this line is frentz's, not cesar's."


def test_upload_over_the_size_limit_is_refused(director):
    data = b"#player1 a A\n#player2 b B\n" + b"#note " + b"x" * MAX_GCG_BYTES
    with pytest.raises(GcgImportError) as caught:
        game_import_gcg(by=director, data=data)
    assert str(caught.value) == "The file is too large (over 1024 KB)."
    assert not Game.objects.exists()


def clock_lines(events: int) -> bytes:
    """A record of ``events`` events: one play, then one-point time penalties."""
    lines = ["#player1 Noah Noah", "#player2 Pete Pete", ">Noah: EGHOTTW H3 GHETTO +28 28"]
    lines += [f">Noah: (time) -1 {27 - i}" for i in range(events - 1)]
    return ("\n".join(lines) + "\n").encode()


def test_a_record_of_the_most_events_is_imported(director):
    game = game_import_gcg(by=director, data=clock_lines(MAX_EVENTS))
    assert game.turns.count() >= MAX_EVENTS


def test_one_event_over_the_most_is_refused_with_its_line_and_nothing_saved(director):
    with pytest.raises(GcgError) as caught:
        game_import_gcg(by=director, data=clock_lines(MAX_EVENTS + 1))
    assert str(caught.value) == (
        f"Line {MAX_EVENTS + 3}: a record can have at most 500 events (lines starting with >)."
    )
    assert not Game.objects.exists() and not Player.objects.exists()
    assert not AuditEntry.objects.exists()
