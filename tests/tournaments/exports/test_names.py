"""Names as rating bodies need them: family and given names, which comes first, a Latin-letter
name for ASCII files, and text columns padded by display width."""

from __future__ import annotations

import io

import pytest
from anyascii import anyascii
from django.core.management import call_command
from django.urls import reverse

from players.models import Player, default_sort_name
from tests import factories
from tournaments.exports import naspa_text, tou_text
from tournaments.exports.names import export_name, folds_to_ascii, latin_name
from tournaments.exports.tou import guessed_latin_names
from tournaments.results.formatting import display_width, pad_display
from tournaments.selectors.exports import event_export
from tournaments.tsh.division import TshPlayer
from tournaments.tsh.writer import player_line

from .round_trip_world import round_trip_event


def test_family_first_names_are_never_inverted_on_their_last_space():
    assert export_name("山田 太郎", "山田", "太郎", True) == "山田, 太郎"
    assert export_name("Wang Xiaoming", "Wang", "Xiaoming", True) == "Wang, Xiaoming"
    assert export_name("Anna Smith", "Smith", "Anna", False) == "Smith, Anna"
    assert export_name("Cher") == "Cher"
    # without typed parts, a CJK name sorts as written (it used to become '太郎, 山田')
    assert default_sort_name("山田 太郎") == "山田 太郎"
    assert default_sort_name("김 민준") == "김 민준"
    assert default_sort_name("Anna Smith") == "Smith, Anna"


def test_latin_names_typed_kept_accents_folded_other_scripts_transliterated_and_marked():
    assert latin_name("Yamada Taro", "山田, 太郎") == ("Yamada Taro", False)
    assert latin_name("", "Müller, Jürgen") == ("", False)
    assert folds_to_ascii("Müller") and not folds_to_ascii("สมชาย")
    thai, guessed = latin_name("", "ใจดี, สมชาย")
    assert guessed and thai.isascii() and sum(ch.isalpha() for ch in thai) >= 6
    japanese, guessed = latin_name("", "山田, 太郎")
    assert guessed and japanese.isascii() and japanese.replace(",", "").strip()


@pytest.mark.parametrize(
    ("text", "width"), [("abc", 3), ("山田", 4), ("ที่", 1), ("สมชาย", 5), ("Ａ", 2), ("e\u0301", 1)]
)
def test_display_width_counts_columns_not_characters(text, width):
    assert display_width(text) == width


def test_padding_by_display_width_lines_columns_up():
    assert pad_display("山田 太郎", 12) == "山田 太郎   "
    assert display_width(pad_display("山田太郎山田太郎", 7)) == 7  # no wide character cut
    assert pad_display("Anna", 6) == "Anna  "
    line = player_line(TshPlayer(1, "山田, 太郎", "1500", (2,), (400,), ()))
    assert line.index("1500") == len("山田, 太郎") + 23 - display_width("山田, 太郎") + 1


@pytest.mark.django_db
def test_tou_writes_every_name_in_latin_letters_and_lists_the_guessed_ones():
    event = event_export(round_trip_event())
    lines = tou_text(event).split("\r\n")
    names = [line[:20].rstrip() for line in lines[3:12]]
    assert all(name and name.isascii() and any(c.isalpha() for c in name) for name in names)
    assert not any(name in (",", "?") for name in names)
    assert names[3] == "Yamada Taro"
    guessed = guessed_latin_names(event)
    assert len(guessed) == 1 and guessed[0].startswith("ใจดี, สมชาย = ")


@pytest.mark.django_db
def test_a_guessed_latin_name_is_family_first_like_the_line_it_spells():
    # Typed as one name, no family name given: the line reads "ใจดี, สมชาย" (family first),
    # and so must its Latin spelling in the .tou, as every other .tou line is "Surname, Given".
    event = round_trip_event()
    player = Player.objects.get(family_name="ใจดี")
    Player.objects.filter(pk=player.pk).update(name="สมชาย ใจดี", family_name="", given_names="")
    [guessed] = guessed_latin_names(event_export(event))
    line, latin = guessed.split(" = ")
    assert line == "ใจดี, สมชาย"
    assert latin == " ".join(anyascii(line).split()) and latin.index(",") < latin.index(" ")


@pytest.mark.django_db
def test_export_tou_tells_the_director_which_latin_names_were_guessed():
    round_trip_event()
    err = io.StringIO()
    call_command("export_tou", "round-trip", stdout=io.StringIO(), stderr=err)
    assert "ใจดี, สมชาย = " in err.getvalue()


@pytest.mark.django_db
def test_naspa_names_family_first_and_carries_the_events_metadata():
    round_trip_event()
    Player.objects.filter(name="Avery Quill").update(member_id="NA123")
    out = io.StringIO()
    call_command(
        "export_naspa", "round-trip", "--rating-system", "naspa-csw", "--event-id", "T-9",
        stdout=out,
    )  # fmt: skip
    text = out.getvalue()
    assert 'config event_date = "2026-04-02"' in text
    assert 'config rating_system = "naspa-csw"' in text
    assert "# event id T-9" in text and "# member id A 1 NA123" in text
    lines = text.splitlines()
    assert any(line.startswith("山田, 太郎 ") for line in lines)
    assert any(line.startswith("Wang, Xiaoming ") for line in lines)
    assert not any("太郎, 山田" in line or "Xiaoming, Wang" in line for line in lines)


@pytest.mark.django_db
def test_a_withdrawal_is_written_the_same_way_in_every_t_file():
    """The .t export and the NASPA block end a withdrawn player's line at the withdrawal and
    mark it ``off``: never 0/0 (a half bye to TSH) for the rounds after."""
    event = round_trip_event()
    naspa = naspa_text(event_export(event))
    out = io.StringIO()
    call_command("export_tsh", "round-trip", "--division", "A", stdout=out)
    for text in (naspa, out.getvalue()):
        [line] = [line for line in text.splitlines() if line.startswith("Ferreira")]
        head, scores, *tags = line.split(";")
        assert head.split()[-2:] == ["5", "0"] and scores.split() == ["420", "0"]
        assert any(tag.split() == ["off", "-50"] for tag in tags)


@pytest.mark.django_db
def test_the_player_form_saves_the_name_parts(client, director):
    factories.tournament(director=director)  # a director of an event may add players
    client.force_login(director)
    answer = client.post(
        reverse("players:create"),
        {"name": "山田 太郎", "family_name": "山田", "given_names": "太郎", "family_first": "on",
         "latin_name": "Yamada Taro", "country": "JP", "member_id": "", "rating": ""},
    )  # fmt: skip
    assert answer.status_code == 302
    person = Player.objects.get(name="山田 太郎")
    assert (person.family_name, person.given_names, person.family_first, person.latin_name) == (
        "山田", "太郎", True, "Yamada Taro",
    )  # fmt: skip
    assert person.sort_name == "山田, 太郎"
