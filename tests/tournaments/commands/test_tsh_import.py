"""import_tsh, export_tsh, standings and pair commands on small hand-made TSH files."""

import json

import pytest
from django.core.management import CommandError, call_command

from players.models import Player
from tests import factories
from tournaments.models import Division, Entry, Pairing, Tournament
from tournaments.selectors.divisions import division_results, standings_records

pytestmark = pytest.mark.django_db

# Four players, three rounds: a tie, a bye (+50), a forfeit (-50), firsts/seconds, tables,
# tags this site keeps verbatim (newr, team, an unknown one) and a comment. Latin-1 bytes.
GOOD = """# Spring open, division A
Smith, Anna     1800 2 3 3; 410 380 500; p12 1 2 1; board 1 1 2; newr 1810 1805 1820; team Owls; zzz keep me
Jones, Bob      1700 1 0 4; 350 50 300; p12 2 0 1; board 1 0 1
Müller, Jürgen  1650 4 1 1; 400 420 300; p12 1 1 2; board 2 1 2
Ng, Cy          1500 3 0 2; 400 -50 450; p12 2 0 2; board 2 0 1
""".encode("iso-8859-1")

CONFIG = b"""# event configuration
config event_name = "Spring Open"
config max_rounds = 5
division a spring.t
"""


@pytest.fixture
def good_file(tmp_path):
    path = tmp_path / "spring.t"
    path.write_bytes(GOOD)
    return path


def _import(path, *extra):
    call_command("import_tsh", str(path), "--name", "Spring Open", *extra, stdout=_Sink())
    return Division.objects.latest("id")


class _Sink:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def _standings(slug, fmt="json", *extra):
    out = _Sink()
    call_command("standings", slug, "--format", fmt, *extra, stdout=out)
    return out.text


def _games(division):
    return sorted(
        (
            p.round.number,
            p.first.number,
            p.second.number if p.second else None,
            p.kind,
            p.first_score,
            p.second_score,
            p.sides_known,
            p.table,
        )
        for p in Pairing.objects.filter(round__division=division).select_related(
            "round", "first", "second"
        )
    )


def test_import_reads_players_results_sides_tables_and_tags(good_file):
    division = _import(good_file, "--division", "A")
    assert (division.name, division.rounds, division.tournament.name) == ("A", 3, "Spring Open")
    names = list(division.entries.order_by("number").values_list("player__name", flat=True))
    assert names == ["Anna Smith", "Bob Jones", "Jürgen Müller", "Cy Ng"]
    assert _games(division) == [
        (1, 1, 2, "played", 410, 350, True, 1),
        (1, 3, 4, "played", 400, 400, True, 2),
        (2, 2, None, "bye", 50, None, True, None),
        (2, 3, 1, "played", 420, 380, True, 1),
        (2, 4, None, "forfeit", -50, None, True, None),
        (3, 1, 3, "played", 500, 300, True, 2),
        (3, 2, 4, "played", 300, 450, True, 1),
    ]
    anna = division.entries.get(number=1)
    assert anna.tsh_fields == {
        "name": "Smith, Anna",
        "rating": "1800",
        "tags": [["newr", ["1810", "1805", "1820"]], ["team", ["Owls"]], ["zzz", ["keep", "me"]]],
    }
    assert anna.player.sort_name == "Smith, Anna"


def test_standings_command_prints_json_with_ties_as_half_wins(good_file):
    division = _import(good_file)
    rows = json.loads(_standings(division.tournament.slug))
    assert [
        {k: r[k] for k in ("rank", "name", "wins", "losses", "spread", "games", "division")}
        for r in rows
    ] == [
        {
            "rank": 1,
            "name": "Anna Smith",
            "wins": 2,
            "losses": 1,
            "spread": 220,
            "games": 3,
            "division": "A",
        },
        {
            "rank": 2,
            "name": "Cy Ng",
            "wins": 1.5,
            "losses": 1.5,
            "spread": 100,
            "games": 3,
            "division": "A",
        },
        {
            "rank": 3,
            "name": "Jürgen Müller",
            "wins": 1.5,
            "losses": 1.5,
            "spread": -160,
            "games": 3,
            "division": "A",
        },
        {
            "rank": 4,
            "name": "Bob Jones",
            "wins": 1,
            "losses": 2,
            "spread": -160,
            "games": 3,
            "division": "A",
        },
    ]


def test_standings_command_prints_csv_and_text(good_file):
    division = _import(good_file)
    lines = _standings(division.tournament.slug, "csv").splitlines()
    assert lines[0] == (
        "division,rank,number,name,wins,losses,spread,games,byes,forfeits,points_for,"
        "average_score,firsts,seconds,rating,withdrawn"
    )
    assert lines[1] == "A,1,1,Anna Smith,2,1,220,3,0,0,1290,430.0,2,1,1800,False"
    text = _standings(division.tournament.slug, "text", "--division", "a", "--after-round", "1")
    assert "   1 Anna Smith" in text
    assert "+60" in text


def test_import_uses_the_config_for_the_division_name_and_rounds(good_file, tmp_path):
    config = tmp_path / "config.tsh"
    config.write_bytes(CONFIG)
    division = _import(good_file, "--config", str(config))
    assert (division.name, division.rounds) == ("A", 5)


def test_import_matches_an_existing_player_by_exact_name(good_file):
    existing = factories.player("Anna Smith")
    before = Player.objects.count()
    division = _import(good_file)
    assert division.entries.get(number=1).player == existing
    assert Player.objects.count() == before + 3


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "Müller, Jürgen  1650 4 9 1; 400 420 300",
            "4: Line 4: round 2 opponent 9 is not a player number (1 to 4).",
        ),
        (
            "Müller, Jürgen  1650 4 1 1; 400 abc 300",
            "4: Line 4: score value abc is not a whole number.",
        ),
        (
            "Müller, Jürgen  1650 4 2 1; 400 420 300",
            "4: Line 4: round 2 opponent 2 is paired with 0 instead.",
        ),
    ],
)
def test_a_bad_file_imports_nothing_and_names_the_line(tmp_path, line, message):
    lines = GOOD.decode("iso-8859-1").splitlines()
    lines[3] = line
    path = tmp_path / "spring.t"
    path.write_bytes("\n".join(lines).encode("iso-8859-1"))
    counts = (Tournament.objects.count(), Player.objects.count(), Entry.objects.count())
    with pytest.raises(CommandError) as failed:
        _import(path)
    assert f"{path}:{message}" in str(failed.value).splitlines()
    assert "Nothing was imported." in str(failed.value)
    assert (Tournament.objects.count(), Player.objects.count(), Entry.objects.count()) == counts


def test_import_needs_a_readable_file_and_a_name(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tsh", str(tmp_path / "missing.t"), "--name", "X")
    (tmp_path / "a.t").write_bytes(GOOD)
    with pytest.raises(CommandError, match="--name"):
        call_command("import_tsh", str(tmp_path / "a.t"))


def test_export_then_import_gives_the_same_results(good_file, tmp_path):
    first = _import(good_file)
    exported = tmp_path / "out.t"
    call_command(
        "export_tsh",
        first.tournament.slug,
        "--division",
        "A",
        "--output",
        str(exported),
        stdout=_Sink(),
    )
    text = exported.read_text(encoding="utf-8")
    assert "team Owls" in text and "zzz keep me" in text and "newr 1810 1805 1820" in text
    assert text.splitlines()[0].startswith(
        "Smith, Anna             1800 2 3 3; 410 380 500; board 1 1 2;"
    )
    second = _import(exported)
    assert second.pk != first.pk
    assert _games(second) == _games(first)
    strip = lambda rows: [{k: v for k, v in r.items() if k != "entry_id"} for r in rows]  # noqa: E731
    assert strip(standings_records(division_results(second))) == strip(
        standings_records(division_results(first))
    )
    again = _Sink()
    call_command("export_tsh", second.tournament.slug, stdout=again)
    assert again.text == text


def test_unknown_sides_stay_unknown_through_the_round_trip(tmp_path):
    path = tmp_path / "nop12.t"
    path.write_bytes(b"Ames, Al 1500 2; 400\nBell, Bo 1400 1; 390\n")
    division = _import(path)
    game = Pairing.objects.get(round__division=division)
    assert game.sides_known is False
    record = standings_records(division_results(division))[0]
    assert (record["firsts"], record["seconds"]) == (0, 0)
    out = _Sink()
    call_command("export_tsh", division.tournament.slug, stdout=out)
    assert out.text.splitlines()[0].endswith("400; p12 4")


def test_a_withdrawn_player_keeps_the_off_tag_and_plays_no_later_round(tmp_path):
    path = tmp_path / "off.t"
    path.write_bytes(b"Ames, Al 1500 2 0; 400 -50; off -50\nBell, Bo 1400 1 0; 390 50\n")
    division = _import(path)
    al = division.entries.get(number=1)
    assert al.withdrawn_after_round == 1
    assert not al.is_active_in(2)


def test_pair_command_pairs_the_next_round(good_file, tmp_path):
    config = tmp_path / "config.tsh"
    config.write_bytes(CONFIG)
    division = _import(good_file, "--config", str(config))
    out = _Sink()
    call_command(
        "pair",
        division.tournament.slug,
        "--division",
        "A",
        "--round",
        "4",
        "--system",
        "koth",
        "--seed",
        "3",
        stdout=out,
    )
    # The system by its title, as the pages name it (the division page, "Why this pairing?").
    assert out.text.splitlines()[0] == "Round 4 paired by King of the hill (seed 3):"
    from tests.tournaments.division_setup import games

    assert games(division, 4) == {frozenset({1, 4}), frozenset({3, 2})}


def test_pair_command_reports_a_refusal(good_file):
    division = _import(good_file)
    with pytest.raises(CommandError, match="outside the division's 3 rounds"):
        call_command("pair", division.tournament.slug, "--round", "4")
    with pytest.raises(CommandError, match="No tournament has the slug"):
        call_command("pair", "nope", "--round", "1")
