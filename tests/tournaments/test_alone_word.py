"""A pairing without an opponent reads by its kind everywhere: "bye" for a bye, "forfeit" for a
forfeit without an opponent (a TSH ``0`` with a negative score, a withdrawn player's round),
which ``results.outcomes`` counts as a loss. No output infers "bye" from the missing opponent."""

import io

import pytest
from django.urls import reverse

from games.broadcast.models import EventBroadcast
from printouts.pairings import build_pairings_pdf
from tests import factories
from tests.printouts.test_reports import flat, pages
from tournaments.management.commands.pair import pairing_lines
from tournaments.management.desk.session import Session
from tournaments.management.desk.shows import show_pairings
from tournaments.models import Entry, Pairing, Round
from tournaments.selectors.entry_links import entry_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_two(director):
    """Round 2 of a public event: #1 v #2 at table 1, #3 a bye, #4 a forfeit without opponent."""
    event = factories.tournament(director=director, is_public=True, slug="open")
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, 4)
    Entry.objects.filter(division=division).update(status=Entry.Status.REGISTERED)
    paired = Round.objects.create(division=division, number=2)
    Pairing.objects.create(round=paired, table=1, first=entries[0], second=entries[1])
    Pairing.objects.create(round=paired, first=entries[2], kind=Pairing.Kind.BYE)
    Pairing.objects.create(
        round=paired,
        first=entries[3],
        kind=Pairing.Kind.FORFEIT,
        forfeited_by=entries[3],
        first_score=-50,
    )
    return division, entries


def _url(division, name, *args):
    return reverse(f"tournaments:{name}", args=[division.tournament.slug, division.name, *args])


def _line_of(text: str, name: str) -> str:
    start = text.index(name)
    return text[start : start + 120]


def test_the_division_page_says_forfeit_and_bye_by_kind(client, round_two):
    division, entries = round_two
    page = client.get(_url(division, "division")).text
    forfeit, bye = _line_of(page, entries[3].player.name), _line_of(page, entries[2].player.name)
    assert "<em>forfeit</em>" in forfeit and "<em>bye</em>" not in forfeit
    assert "<em>bye</em>" in bye


def test_the_round_results_table_says_forfeit_and_bye_by_kind(client, director, round_two):
    division, entries = round_two
    client.force_login(director)
    page = client.get(_url(division, "results", 2)).text
    forfeit = page[page.index(entries[3].player.name) :]
    assert forfeit[: forfeit.index("</tr>")].count(">forfeit<") == 1
    bye = page[page.index(entries[2].player.name) :]
    assert '<td class="rr-second">bye</td>' in bye[: bye.index("</tr>")]


def test_the_public_pairings_show_a_bye_card_only_for_the_bye(client, round_two):
    division, entries = round_two
    page = client.get(_url(division, "public_pairings")).text
    forfeit = page[page.index(entries[3].player.name) :]
    forfeit = forfeit[: forfeit.index("</tr>")]
    assert "bye-card" not in forfeit and ">forfeit<" in forfeit
    bye = page[page.index(entries[2].player.name) :]
    assert "bye-card" in bye[: bye.index("</tr>")]


def _row(page: str, name: str) -> str:
    row = page[page.index(name) :]
    return row[: row.index("</tr>")]


def test_the_hall_screen_says_forfeit_and_bye_by_kind(client, round_two):
    division, entries = round_two
    page = client.get(_url(division, "hall")).text
    assert _row(page, entries[3].player.name).endswith("<td>Forfeit</td>")
    assert _row(page, entries[2].player.name).endswith("<td>Bye</td>")


def test_the_pairings_printout_says_forfeit_and_bye_by_kind(round_two):
    division, entries = round_two
    text = flat(" ".join(pages(build_pairings_pdf(division, 2))))
    # Number, name, record, spread, then where the second player would be.
    assert f"3 {entries[2].player.name} 0–0 0 bye 4" in text
    assert text.endswith(f"4 {entries[3].player.name} 0–0 0 forfeit")


def test_the_console_and_the_pair_command_say_forfeit_and_bye_by_kind(round_two):
    division, entries = round_two
    out = io.StringIO()
    session = Session(division.tournament, division, None, None, out)
    show_pairings(session, division.round_set.get(number=2))
    lines = out.getvalue().splitlines()
    assert [line.split()[-1] for line in lines if entries[3].player.name in line] == ["forfeit"]
    assert [line.split()[-1] for line in lines if entries[2].player.name in line] == ["bye"]
    command = pairing_lines(division, 2)
    assert [line.split()[-1] for line in command if entries[3].player.name in line] == ["forfeit"]
    assert [line.split()[-1] for line in command if entries[2].player.name in line] == ["bye"]


def test_the_player_page_names_the_forfeit_where_the_opponent_would_be(client, round_two):
    division, entries = round_two
    page = client.get(_url(division, "public_player", 4)).text
    rounds = page[page.index("<tbody") :]
    assert '<td class="player">forfeit</td>' in rounds[: rounds.index("</tbody>")]
    assert 'class="bye"' not in rounds[: rounds.index("</tbody>")]


def _personal_page(client, division, entry) -> str:
    url = reverse("tournaments:entry_link", args=[division.tournament.slug, entry_token(entry.pk)])
    page = client.get(url).text
    game = page[page.index('id="table-title"') :]
    return " ".join(game[: game.index("</section>")].split())


def test_the_personal_page_of_a_forfeit_without_opponent_says_so(client, round_two):
    division, entries = round_two
    assert "Round 2: forfeit loss" in _personal_page(client, division, entries[3])
    assert "Round 2: you have a bye." in _personal_page(client, division, entries[2])


def test_the_personal_page_gives_the_result_from_the_player_s_side(client, round_two):
    division, entries = round_two
    Pairing.objects.filter(round__number=2, table=1).update(first_score=380, second_score=420)
    assert "Result: L 380–420" in _personal_page(client, division, entries[0])
    assert "Result: W 420–380" in _personal_page(client, division, entries[1])
    Pairing.objects.filter(round__number=2, table=1).update(
        second_score=380, playoff_winner=entries[1]
    )
    assert "Result: W (tie won) 380–380" in _personal_page(client, division, entries[1])


def test_the_personal_page_keeps_a_result_the_broadcast_delay_holds_back(client, round_two):
    division, entries = round_two
    game = Pairing.objects.get(round__number=2, table=1)
    Pairing.objects.filter(pk=game.pk).update(first_score=380, second_score=420)
    EventBroadcast.objects.create(tournament=division.tournament, delay_minutes=15)
    factories.game(entries[0].player, entries[1].player, pairing=game)  # saved just now
    shown = _personal_page(client, division, entries[1])
    assert "Result:" not in shown
    assert "table 1 against" in shown


def test_the_division_page_and_the_round_results_name_the_forfeiter_and_the_playoff_winner(
    client, director, round_two
):
    division, entries = round_two
    Pairing.objects.filter(round__number=2, table=1).update(
        first_score=400, second_score=400, playoff_winner=entries[1]
    )
    won = f"400–400, tie won by {entries[1].player.name} (#2)"
    page = client.get(_url(division, "division")).text
    assert won in _row(page, entries[0].player.name)
    assert "forfeit by #4" in _row(page, entries[3].player.name)
    client.force_login(director)
    results = client.get(_url(division, "results", 2)).text
    assert f'<td class="rr-result">{won}</td>' in results
    assert '<td class="rr-result">forfeit by #4</td>' in _row(results, entries[3].player.name)
