"""GCG records and word lists from the command line: import_gcg, export_gcg, upload_lexicon.
Each refusal leaves the database as it was."""

import pytest

from core.models import AuditEntry
from games.engine.gcg import parse_gcg
from games.models import Game, Lexicon
from tests import factories
from tests.command_runs import refused, run
from tests.games.helpers import FIXTURES, WORDS, fixture
from tournaments.models import Division

pytestmark = pytest.mark.django_db

SHORT_GAME = "#player1 ann Ann\n#player2 ben Ben\n>ann: AINRTXY 8D TRAIN +12 12\n"


@pytest.fixture
def gcg_file(tmp_path):
    def write(text: str, name: str = "game.gcg") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


# import_gcg ---------------------------------------------------------------------------------


def test_import_gcg_prints_the_new_game():
    out = run("import_gcg", str(FIXTURES / "doug_v_emely.gcg"))
    game = Game.objects.get()
    assert out == f"Imported game {game.pk}: doug 451 – 345 emely.\n"
    assert (game.rules_preset, game.pairing, game.turns.count()) == ("naspa", None, 27)
    assert AuditEntry.objects.filter(action="game.import", actor=None).count() == 1


def test_import_gcg_refuses_a_record_the_rules_do_not_give_naming_the_line():
    path = str(FIXTURES / "wrong.gcg")
    assert refused("import_gcg", path, "--rules", "home") == (
        f"{path}: Line 3: the record says +14 but under these rules the sheet gives +12."
    )


def test_import_gcg_refuses_an_unreadable_line(gcg_file):
    path = gcg_file(SHORT_GAME.replace("+12 12", "+1x 12"))
    assert refused("import_gcg", path, "--rules", "home") == (
        f"{path}: Line 3: the score +1x is not a number."
    )


def test_import_gcg_refuses_a_missing_file_or_unknown_rules(tmp_path):
    missing = tmp_path / "none.gcg"
    assert refused("import_gcg", str(missing)).startswith(f"Cannot read {missing}: ")
    assert "invalid choice: 'tournament'" in refused(
        "import_gcg", str(FIXTURES / "logan.gcg"), "--rules", "tournament"
    )


@pytest.fixture
def pairing():
    """Table 1 of round 1 of a home-rules event: Ann v Ben."""
    event = factories.tournament(rules_preset="home")
    division = factories.division(event, name="A")
    entries = []
    for number, name in enumerate(["Ann", "Ben", "Cy"], start=1):
        entries.append(division.entries.create(player=factories.player(name), number=number))
    round_ = factories.round_with_pairings(division, entries)
    return round_.pairings.get(table=1)


def test_import_gcg_into_a_pairing_takes_the_tournament_rules(pairing, gcg_file):
    out = run("import_gcg", gcg_file(SHORT_GAME), "--pairing", str(pairing.pk))
    game = Game.objects.get()
    assert out == f"Imported game {game.pk}: Ann 12 – 0 Ben.\n"
    assert (game.pairing, game.rules_preset) == (pairing, "home")
    assert (game.first_player, game.second_player) == (pairing.first.player, pairing.second.player)
    assert AuditEntry.objects.get(action="game.import").tournament_id == (
        pairing.round.division.tournament_id
    )


def test_import_gcg_into_a_pairing_takes_the_divisions_own_rules(pairing, gcg_file):
    Division.objects.filter(pk=pairing.round.division_id).update(
        rules_preset="nine_tile", rules={"bingo_bonus": 40}
    )
    run("import_gcg", gcg_file(SHORT_GAME), "--pairing", str(pairing.pk))
    game = Game.objects.get()
    assert game.rules_preset == "nine_tile"
    assert (game.rule_set().rack_size, game.rule_set().bingo_bonus) == (9, 40)


def test_import_gcg_refuses_a_bye_an_unknown_pairing_or_one_with_a_sheet(pairing, gcg_file):
    path = gcg_file(SHORT_GAME)
    bye = pairing.round.pairings.get(second__isnull=True)
    assert refused("import_gcg", path, "--pairing", str(bye.pk)) == (
        f"Pairing {bye.pk} is a bye for Cy; a bye has no game."
    )
    assert refused("import_gcg", path, "--pairing", "999999") == "No pairing has the id 999999."
    run("import_gcg", path, "--pairing", str(pairing.pk))
    assert refused("import_gcg", path, "--pairing", str(pairing.pk)) == (
        f"{path}: This pairing already has a scoresheet."
    )


# export_gcg ---------------------------------------------------------------------------------


def _events(text: str | bytes) -> list[tuple]:
    return [(e.kind, e.score, e.cumulative, e.word) for e in parse_gcg(text).events]


def test_export_gcg_writes_the_sheet_back_as_the_record():
    run("import_gcg", str(FIXTURES / "doug_v_emely.gcg"))
    game = Game.objects.get()
    text = run("export_gcg", str(game.pk))
    assert text.startswith("#character-encoding UTF-8\r\n#player1 p1 doug\r\n#player2 p2 emely\r\n")
    assert _events(text) == _events(fixture("doug_v_emely.gcg"))


def test_export_gcg_to_a_file(tmp_path):
    run("import_gcg", str(FIXTURES / "doug_v_emely.gcg"))
    game = Game.objects.get()
    path = tmp_path / "out.gcg"
    assert run("export_gcg", str(game.pk), "--output", str(path)) == f"Wrote {path} (1 KB).\n"
    assert path.read_bytes() == run("export_gcg", str(game.pk)).encode("utf-8")


def test_export_gcg_refuses_an_unknown_game():
    assert refused("export_gcg", "424242") == "No game has the id 424242."


# upload_lexicon -----------------------------------------------------------------------------


def test_upload_lexicon_stores_the_words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text(WORDS, encoding="utf-8")
    out = run("upload_lexicon", "TEST", str(path))
    lexicon = Lexicon.objects.get()
    assert out == "Word list TEST stored: 5 words.\n"
    assert lexicon.word_list.split("\n") == ["CAT", "CATS", "DOG", "QI", "TRAIN"]
    assert AuditEntry.objects.get().action == "lexicon.upload"


def test_upload_lexicon_refuses_a_bad_line_or_a_name_taken(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("cat\ndog\nca-t\n", encoding="utf-8")
    assert refused("upload_lexicon", "TEST", str(path)) == (
        "Line 3: ca-t is not a word (letters only)."
    )
    path.write_text(WORDS, encoding="utf-8")
    run("upload_lexicon", "TEST", str(path))
    assert refused("upload_lexicon", "test", str(path)) == (
        "A word list called test exists already."
    )
    assert refused("upload_lexicon", "OTHER", str(tmp_path / "none.txt")).startswith(
        f"Cannot read {tmp_path / 'none.txt'}: "
    )
