"""The end of a division and what is printed before it: "Division complete" with the final
report once the last round is in (not "Pair the next round"), a standings PDF printed with games
missing says it is provisional, and a withdrawal says after which round (message, audit line and
wall chart)."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from core.models import AuditEntry
from games.broadcast.models import EventBroadcast
from printouts.standings import build_standings_pdf
from printouts.wall_chart import build_wall_chart_pdf
from tests import factories
from tests.tournaments import reports_world
from tournaments.models import Pairing
from tournaments.result_text import audit_rows
from tournaments.selectors.rounds import division_complete
from tournaments.services import results as result_services

pytestmark = pytest.mark.django_db


def pdf_text(data: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )


@pytest.fixture
def three_rounds(director):
    """reports_world as a three-round division run by ``director``: round 3 paired, not in."""
    event = factories.tournament(name="Spring Open", slug="spring-open", director=director)
    return reports_world.build(event, rounds=3)


def finish_round_3(division, director):
    for pairing in Pairing.objects.filter(round__division=division, round__number=3):
        result_services.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=400,
            second_score=350,
            expected_version=pairing.version,
        )


def results_url(division, number):
    return reverse("tournaments:results", args=[division.tournament.slug, division.name, number])


def test_complete_only_once_the_last_round_is_paired_and_every_game_is_in(three_rounds, director):
    assert division_complete(three_rounds) is False  # round 3 paired, games missing
    finish_round_3(three_rounds, director)
    assert division_complete(three_rounds) is True
    three_rounds.rounds = 4
    three_rounds.save()
    assert division_complete(three_rounds) is False  # a round still to pair


def test_after_the_last_round_the_pages_say_division_complete(client, director, three_rounds):
    client.force_login(director)
    finish_round_3(three_rounds, director)
    final = reverse("tournaments:print", args=["spring-open", "A", "final-report"])
    entry = client.get(results_url(three_rounds, 3)).text
    assert "Division complete" in entry and final in entry
    assert "Pair the next round" not in entry
    detail = client.get(reverse("tournaments:division", args=["spring-open", "A"])).text
    assert "Division complete" in detail and final in detail


def test_before_the_last_round_the_entry_page_still_offers_the_next_round(
    client, director, three_rounds
):
    client.force_login(director)
    page = client.get(results_url(three_rounds, 2)).text  # round 2 all in, round 3 to come
    assert "Pair the next round" in page and "Division complete" not in page
    detail = client.get(reverse("tournaments:division", args=["spring-open", "A"])).text
    assert "Division complete" not in detail


def test_a_standings_pdf_printed_with_games_missing_says_provisional(three_rounds, director):
    assert "Provisional: 3 games missing" in pdf_text(build_standings_pdf(three_rounds))
    assert "Provisional" not in pdf_text(build_standings_pdf(three_rounds, through_round=2))
    first = Pairing.objects.get(round__division=three_rounds, round__number=3, table=1)
    result_services.result_record(
        by=director, pairing_id=first.pk, first_score=401, second_score=380, expected_version=0
    )
    assert "Provisional: 2 games missing" in pdf_text(build_standings_pdf(three_rounds))
    finish_round_3(three_rounds, director)
    assert "Provisional" not in pdf_text(build_standings_pdf(three_rounds))


def test_a_withdrawal_says_after_which_round_in_the_message_audit_and_wall_chart(client, director):
    event = factories.tournament(name="Spring Open", slug="spring-open", director=director)
    division = reports_world.build(event, rounds=5)
    Pairing.objects.filter(round__number=3).delete()
    division.round_set.filter(number=3).delete()
    entry = division.entries.get(number=4)
    client.force_login(director)
    url = reverse("tournaments:entry_update", args=["spring-open", "A", entry.pk])
    answer = client.post(
        url, {"action": "withdraw", "after_round": 2, "confirm": "on"}, follow=True
    )
    assert "#4 สมชาย ใจดี withdrawn after round 2." in answer.text
    assert "updated." not in answer.text
    (row,) = audit_rows([AuditEntry.objects.get(action="entry.withdraw")])
    assert row["text"] == "Withdrew สมชาย ใจดี after round 2"
    assert "สมชาย ใจดี (withdrawn after round 2)" in pdf_text(build_wall_chart_pdf(division))


def test_a_withdrawal_before_the_start_says_so(client, director):
    division = factories.division(factories.tournament(director=director), rounds=3)
    (entry,) = factories.entries(division, 1)
    client.force_login(director)
    url = reverse(
        "tournaments:entry_update", args=[division.tournament.slug, division.name, entry.pk]
    )
    answer = client.post(
        url, {"action": "withdraw", "after_round": 0, "confirm": "on"}, follow=True
    )
    assert f"#1 {entry.player.name} withdrawn before the start." in answer.text
    (row,) = audit_rows([AuditEntry.objects.get(action="entry.withdraw")])
    assert row["text"] == f"Withdrew {entry.player.name} before the start"


def test_during_a_broadcast_delay_the_public_is_not_told_the_division_is_complete(
    client, director, three_rounds
):
    finish_round_3(three_rounds, director)
    EventBroadcast.objects.create(tournament=three_rounds.tournament, delay_minutes=15)
    # A scoresheet saved just now holds its game's result back from the public for 15 minutes.
    last = Pairing.objects.filter(round__division=three_rounds, round__number=3).first()
    factories.game(last.first.player, last.second.player, pairing=last)
    url = reverse("tournaments:division", args=["spring-open", "A"])
    public = client.get(url).text
    assert "Division complete" not in public  # round 3's results are still held back
    client.force_login(director)
    assert "Division complete" in client.get(url).text  # the director sees every result


def test_a_withdrawal_before_the_start_is_said_so_everywhere(client, director):
    # Round 0 is how the check-in desk withdraws a no-show: no page says "after round 0".
    event = factories.tournament(name="Spring Open", slug="spring-open", director=director)
    division = reports_world.build(event, rounds=5)
    # As the check-in desk stores a no-show (the service refuses it for a player already paired).
    division.entries.filter(number=4).update(withdrawn_after_round=0)
    said = "withdrawn before the start"
    assert f"สมชาย ใจดี ({said})" in pdf_text(build_wall_chart_pdf(division))
    player = client.get(reverse("tournaments:public_player", args=["spring-open", "A", 4])).text
    assert "Withdrawn before the start." in player
    client.force_login(director)
    detail = client.get(reverse("tournaments:division", args=["spring-open", "A"])).text
    assert f'<span class="chip bad">{said}</span>' in detail
    assert "after round 0" not in detail + player
