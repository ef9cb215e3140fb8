"""The director's queue of players' reports: disputed games first, one key per side."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing, ScoreReport
from tournaments.services.self_reporting import report_submit

pytestmark = pytest.mark.django_db


def queue_url(division) -> str:
    return reverse("tournaments:score_reports", args=[division.tournament.slug, division.name])


def field(event, players: int):
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    division = factories.division(event, name=f"D{players}")
    entries = factories.entries(division, players)
    factories.round_with_pairings(division, entries)
    return division, list(Pairing.objects.filter(round__division=division).order_by("table"))


def dispute(game: Pairing, mine=(410, 380), theirs=(380, 410)):
    report_submit(
        by=None,
        as_entry_id=game.first_id,
        pairing_id=game.pk,
        first_score=mine[0],
        second_score=mine[1],
    )
    report_submit(
        by=None,
        as_entry_id=game.second_id,
        pairing_id=game.pk,
        first_score=theirs[0],
        second_score=theirs[1],
    )


def test_a_disputed_game_comes_first_with_a_key_for_each_side(client, director, event):
    division, games = field(event, 6)
    report_submit(
        by=None,
        as_entry_id=games[0].first_id,
        pairing_id=games[0].pk,
        first_score=400,
        second_score=300,
    )
    dispute(games[2])
    client.force_login(director)
    response = client.get(queue_url(division))
    queue = response.context["queue"]
    assert [(item["pairing"].table, item["disputed"]) for item in queue] == [(3, True), (1, False)]
    page = response.content.decode()
    assert page.count("data-queue-key=") == 2
    assert 'data-queue-key="1"' in page and 'data-queue-key="2"' in page
    assert "desk/report-queue.js" in page and "<script>" not in page


def test_accepting_the_second_players_report_resolves_the_dispute(client, director, event):
    division, games = field(event, 4)
    dispute(games[0])
    second = ScoreReport.objects.get(reported_by=games[0].second_id)
    client.force_login(director)
    client.post(queue_url(division), {"report": second.pk})
    games[0].refresh_from_db()
    assert (games[0].first_score, games[0].second_score) == (380, 410)
    assert client.get(queue_url(division)).context["queue"] == []
    # The result went through the result service, so the audit log can undo it.
    recorded = AuditEntry.objects.filter(action="result.record").latest("pk")
    client.post(reverse("tournaments:audit_undo", args=[event.slug, recorded.pk]))
    games[0].refresh_from_db()
    assert games[0].first_score is None


@pytest.mark.parametrize("players", [6, 60])
def test_queue_queries_do_not_grow(client, director, event, players, django_assert_max_num_queries):
    division, games = field(event, players)
    for game in games[: players // 4]:
        dispute(game)
    client.force_login(director)
    with django_assert_max_num_queries(8):
        assert client.get(queue_url(division)).status_code == 200


def test_result_entry_and_the_division_page_link_the_queue_with_its_counts(client, director, event):
    division, games = field(event, 6)
    report_submit(
        by=None, as_entry_id=games[0].first_id, pairing_id=games[0].pk, first_score=400,
        second_score=300,
    )  # fmt: skip
    dispute(games[2])
    client.force_login(director)
    entry = reverse("tournaments:results", args=[event.slug, division.name, 1])
    page = reverse("tournaments:division", args=[event.slug, division.name])
    for address in (entry, page):
        text = client.get(address).content.decode()
        assert f'href="{queue_url(division)}"' in text, address
        assert "2 to settle · 1 disputed" in text, address


def test_the_link_shows_none_to_settle_while_players_may_report(client, director, event):
    division, _games = field(event, 4)
    client.force_login(director)
    text = client.get(reverse("tournaments:division", args=[event.slug, division.name])).text
    assert "0 to settle" in text and "disputed" not in text
    event.self_reporting = False
    event.save(update_fields=["self_reporting"])
    text = client.get(reverse("tournaments:division", args=[event.slug, division.name])).text
    assert queue_url(division) not in text
