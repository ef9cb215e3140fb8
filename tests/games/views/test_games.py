"""Game pages: entry page with htmx preview, viewer, SVG board, GCG up and down, list."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import Game, Turn
from games.services import games as services
from tests import factories
from tests.games.helpers import fixture

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(director):
    return factories.game(
        factories.player("Ann Able"), factories.player("Ben Bold"), created_by=director
    )


def test_preview_shows_the_score_at_once_and_writes_nothing(client, game):
    response = client.get(reverse("games:preview", args=[game.pk]), {"move": "8D TRAIN"}, **HTMX)
    assert response.status_code == 200
    assert '<strong class="preview-score">12</strong>' in response.text
    assert "TRAIN" in response.text and "Ann Able" in response.text
    refused = client.get(reverse("games:preview", args=[game.pk]), {"move": "1A CAT"})
    assert "The first play must cover the centre star at H8." in refused.text
    assert not Turn.objects.exists()


def test_entry_page_shows_board_pool_and_whose_turn(client, director, game):
    client.force_login(director)
    response = client.get(reverse("games:sheet", args=[game.pk]))
    assert response.status_code == 200
    text = response.text
    assert "<svg" in text and "To move: <strong>Ann Able</strong>" in text
    assert "Unseen (bag and racks) (100)" in text
    assert f'hx-get="/games/{game.pk}/preview/"' in text
    assert 'class="turn-clock"' not in text  # the home rules have no time per turn


def test_recording_a_turn_over_htmx_redraws_the_sheet(client, director, game):
    client.force_login(director)
    url = reverse("games:turn", args=[game.pk])
    response = client.post(url, {"move": "8D TRAIN", "challenge": "none"}, **HTMX)
    assert response.status_code == 200
    assert response.text.startswith('<div id="sheet-panel"')
    assert 'class="total">12</span>' in response.text
    assert "To move: <strong>Ben Bold</strong>" in response.text
    game.refresh_from_db()
    assert game.first_score == 12


def test_refused_turn_shows_why_and_saves_nothing(client, director, game):
    client.force_login(director)
    url = reverse("games:turn", args=[game.pk])
    response = client.post(url, {"move": "1A CAT"}, **HTMX)
    assert response.status_code == 200
    assert "Not recorded:" in response.text
    assert "The first play must cover the centre star at H8." in response.text
    assert 'value="1A CAT"' in response.text  # the typed move stays for correction
    assert not Turn.objects.exists()


def test_pass_exchange_and_challenge_buttons(client, director, game):
    client.force_login(director)
    url = reverse("games:turn", args=[game.pk])
    assert client.post(url, {"move": "8D TRAIN", "challenge": "valid"}).status_code == 302
    client.post(url, {"action": "pass"})
    client.post(url, {"action": "exchange", "move": "QZ"})
    kinds = list(Turn.objects.values_list("kind", "move"))
    assert kinds == [
        ("play", "8D TRAIN"),
        ("lost_challenge", ""),
        ("pass", "-"),
        ("exchange", "-QZ"),
    ]
    client.post(reverse("games:undo", args=[game.pk]))
    client.post(reverse("games:challenge", args=[game.pk]), {"outcome": "phony"})
    assert Turn.objects.count() == 3  # the pass is not a play: nothing to challenge


def test_the_sheet_offers_a_challenge_after_a_play_and_not_after_a_pass(client, director, game):
    # The buttons show exactly when the challenge service would take them.
    client.force_login(director)
    url = reverse("games:turn", args=[game.pk])
    challenge = reverse("games:challenge", args=[game.pk])
    client.post(url, {"move": "8D TRAIN"})
    assert f'action="{challenge}"' in client.get(reverse("games:sheet", args=[game.pk])).text
    client.post(url, {"action": "pass"})
    assert f'action="{challenge}"' not in client.get(reverse("games:sheet", args=[game.pk])).text


def test_turn_over_the_limit_asks_first_and_is_lost_once_confirmed(client, director):
    game = factories.game(rules_preset="thai", created_by=director)
    client.force_login(director)
    page = client.get(reverse("games:sheet", args=[game.pk]))
    assert 'id="table-clock"' in page.text and 'data-turn-limit="60"' in page.text
    assert "games/table-clock.js" in page.text
    # The rules sheet's own sentence for the limit, not a wording of the sheet's.
    assert "1 minute per turn; a turn over time is lost." in page.text
    assert "60 s a turn" not in page.text
    asked = client.post(
        reverse("games:turn", args=[game.pk]), {"move": "8D TRAIN", "seconds": "75"}
    )
    assert "Over by 15 s (75 s for a 60 s turn)" in asked.text
    assert 'name="overtime" value="lost"' in asked.text
    assert not Turn.objects.exists()
    client.post(
        reverse("games:turn", args=[game.pk]),
        {"move": "8D TRAIN", "seconds": "75", "overtime": "lost"},
    )
    turn = Turn.objects.get()
    assert (turn.kind, turn.score, turn.seconds) == ("time_overrun", 0, 75)


def test_a_turn_at_the_limit_is_recorded_without_asking(client, director):
    game = factories.game(rules_preset="thai", created_by=director)
    client.force_login(director)
    client.post(reverse("games:turn", args=[game.pk]), {"move": "8D TRAIN", "seconds": "60"})
    assert list(Turn.objects.values_list("kind", "score")) == [("play", 12)]


def test_the_preview_says_what_the_save_will_do_over_time(client, director):
    game = factories.game(rules_preset="thai", created_by=director)
    url = reverse("games:preview", args=[game.pk])
    over = client.get(url, {"move": "8D TRAIN", "seconds": "68"})
    assert "Over by 8 s (68 s for a 60 s turn): turn lost under these rules." in over.text
    assert "preview-score" not in over.text
    on_time = client.get(url, {"move": "8D TRAIN", "seconds": "60"})
    assert '<strong class="preview-score">12</strong>' in on_time.text


def test_a_stranger_cannot_open_or_change_the_sheet(client, stranger, game):
    client.force_login(stranger)
    assert client.get(reverse("games:sheet", args=[game.pk])).status_code == 403
    assert (
        client.post(reverse("games:turn", args=[game.pk]), {"move": "8D TRAIN"}).status_code == 403
    )
    assert not Turn.objects.exists()


def test_viewer_steps_through_the_turns(client, director, game):
    services.turn_record(by=director, game=game, move="8D TRAIN")
    services.turn_record(by=director, game=game, move="D8 .HORB")
    url = reverse("games:detail", args=[game.pk])
    start = client.get(url, {"turn": 0}).text
    assert "After line 0 of 2" in start and 'class="tile' not in start
    one = client.get(url, {"turn": 1}).text
    assert "After line 1 of 2" in one and one.count('<g class="tile') == 5
    assert '<g class="tile new" data-square="D8">' in one
    assert 'href="?turn=2" rel="next"' in one and 'href="?turn=0" rel="prev"' in one
    end = client.get(url).text
    assert "After line 2 of 2" in end and end.count('<g class="tile') == 9
    assert "Score here: 12 – 20" in end


def test_board_svg_marks_premiums_and_blanks(client, director, game):
    empty = client.get(reverse("games:board", args=[game.pk]))
    assert empty["Content-Type"].startswith("image/svg+xml")
    svg = empty.content.decode()
    counts = {
        k: len(re.findall(f'class="premium premium-{k}"', svg)) for k in ("tw", "dw", "tl", "dl")
    }
    assert counts == {"tw": 8, "dw": 17, "tl": 12, "dl": 24}
    services.turn_record(by=director, game=game, move="8D TRaIN")
    svg = client.get(reverse("games:board", args=[game.pk])).content.decode()
    assert '<g class="tile blank new" data-square="F8">' in svg
    assert svg.count('class="tile blank') == 1
    assert svg.count('class="premium premium-dw"') == 16  # the centre is covered


def test_gcg_download_of_a_scoresheet(client, director, game):
    services.turn_record(by=director, game=game, move="8D TRAIN", rack="AINRTXY")
    response = client.get(reverse("games:gcg", args=[game.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}.gcg"'
    lines = response.content.decode().splitlines()
    assert lines[:3] == [
        "#character-encoding UTF-8",
        "#player1 p1 Ann Able",
        "#player2 p2 Ben Bold",
    ]
    assert lines[-1] == ">p1: AINRTXY 8D TRAIN +12 12"


def test_upload_page_creates_a_scoresheet(client, director, event):
    client.force_login(director)
    upload = SimpleUploadedFile("logan.gcg", fixture("logan.gcg"))
    response = client.post(
        reverse("games:upload"), {"file": upload, "rules_preset": "naspa", "rule_changes": ""}
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert (game.first_score, game.second_score) == (440, 438)


def test_upload_page_shows_the_line_of_a_bad_record(client, director, event):
    client.force_login(director)
    bad = b"#player1 a A\n#player2 b B\n>a: AINRTXY 8D TRAIN +12 12\nstray text\n"
    response = client.post(
        reverse("games:upload"),
        {"file": SimpleUploadedFile("bad.gcg", bad), "rules_preset": "home"},
    )
    assert response.status_code == 200
    assert "Line 4: expected a pragma (#...) or an event (&gt;...)." in response.text
    assert not Game.objects.exists()


def test_upload_over_one_megabyte_is_refused_by_the_form(client, director, event):
    client.force_login(director)
    big = SimpleUploadedFile("big.gcg", b"#note " + b"x" * (1024 * 1024))
    response = client.post(reverse("games:upload"), {"file": big, "rules_preset": "home"})
    assert "The file is too large (over 1024 KB)." in response.text
    assert not Game.objects.exists()


def test_new_game_form_starts_a_sheet(client, director, event):
    client.force_login(director)
    ann, ben = factories.player("Ann"), factories.player("Ben")
    response = client.post(
        reverse("games:create"),
        {"first_player": ann.pk, "second_player": ben.pk, "rules_preset": "wespa"},
    )
    game = Game.objects.get()
    assert response["Location"] == reverse("games:sheet", args=[game.pk])
    assert game.rules["challenge"] == "challenger_penalty" and game.created_by == director


def test_new_game_for_a_pairing_takes_its_players(client, director, event):
    division = factories.division(event)
    entries = factories.entries(division, 2)
    pairing = factories.round_with_pairings(division, entries).pairings.get()
    client.force_login(director)
    url = reverse("games:create") + f"?pairing={pairing.pk}"
    page = client.get(url)
    assert f'<option value="{entries[0].player.pk}" selected>' in page.text
    client.post(
        url,
        {"first_player": entries[0].player.pk, "second_player": entries[1].player.pk,
         "rules_preset": "naspa"},
    )  # fmt: skip
    assert Game.objects.get().pairing == pairing


@pytest.mark.parametrize("rows", [1, 20])
def test_game_list_queries_do_not_grow(client, django_assert_max_num_queries, rows, event):
    division = factories.division(event)
    entries = factories.entries(division, 2 * rows)
    paired = factories.round_with_pairings(division, entries)
    for pairing in paired.pairings.all():
        factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    for _ in range(rows):
        factories.game()
    with django_assert_max_num_queries(4):
        response = client.get(reverse("games:list"))
    assert response.status_code == 200
    assert response.text.count(event.name) == rows
