"""Late arrival (docs/RULES.md, Late arrival): the director starts the round, the result
entry page lists the tables not yet started, and once the division's late-forfeit minutes have
passed a No-show button records the forfeit (an audited result, undone like any other).
Nothing is forfeited automatically."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing
from tournaments.selectors.lateness import late_arrivals, unstarted_games
from tournaments.selectors.self_reports import report_queue
from tournaments.services import lateness
from tournaments.services import results as result_services
from tournaments.services.self_reporting import report_submit

pytestmark = pytest.mark.django_db
START = datetime.datetime(2026, 3, 7, 9, 0, tzinfo=datetime.UTC)
FIFTEEN = datetime.timedelta(minutes=15)
SECOND = datetime.timedelta(seconds=1)


def thai_round(director, preset="thai", players=5):
    event = factories.tournament(director=director, rules_preset=preset)
    division = factories.division(event, name="A")
    return factories.round_with_pairings(division, factories.entries(division, players))


@pytest.fixture
def round_(director):
    """Two tables and a bye under the Thai rules (15 minutes late forfeits)."""
    return thai_round(director)


@pytest.fixture
def started(round_, director):
    lateness.round_start(by=director, round_id=round_.pk, now=START)
    round_.refresh_from_db()
    return round_


def table(round_, number) -> Pairing:
    return round_.pairings.get(table=number)


def entry_url(round_) -> str:
    division = round_.division
    return reverse("tournaments:results", args=[division.tournament.slug, "A", round_.number])


def no_show_url(pairing) -> str:
    return reverse("tournaments:no_show", args=[pairing.round.division.tournament.slug, pairing.pk])


def test_starting_a_round_records_its_start_and_an_audit_entry(round_, director):
    lateness.round_start(by=director, round_id=round_.pk, now=START)
    round_.refresh_from_db()
    assert round_.started_at == START
    entry = AuditEntry.objects.get(action="round.start")
    assert (entry.before, entry.after) == ({"started_at": None}, {"started_at": START.isoformat()})


def test_a_round_starts_only_once(started, director):
    with pytest.raises(lateness.LatenessRefused, match="already started at"):
        lateness.round_start(by=director, round_id=started.pk, now=START + FIFTEEN)
    started.refresh_from_db()
    assert started.started_at == START


def test_a_no_show_one_second_before_the_limit_is_refused(started, director):
    pairing = table(started, 1)
    with pytest.raises(lateness.LatenessRefused, match="15 minutes after the round started"):
        lateness.no_show_record(
            by=director,
            pairing_id=pairing.pk,
            entry_id=pairing.first_id,
            now=START + FIFTEEN - SECOND,
        )
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.forfeited_by_id, pairing.version) == ("played", None, 0)


def test_a_no_show_at_the_limit_records_a_forfeit_by_that_player(started, director):
    pairing = table(started, 1)
    outcome = lateness.no_show_record(
        by=director, pairing_id=pairing.pk, entry_id=pairing.second_id, now=START + FIFTEEN
    )
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.forfeited_by_id, pairing.version) == (
        "forfeit",
        pairing.second_id,
        1,
    )
    assert outcome.audit_entry.action == "result.record"
    assert outcome.audit_entry.after["forfeited_by"] == pairing.second_id


def test_a_no_show_is_undone_with_the_audit_log_undo(started, director):
    pairing = table(started, 2)
    outcome = lateness.no_show_record(
        by=director, pairing_id=pairing.pk, entry_id=pairing.first_id, now=START + FIFTEEN
    )
    result_services.audit_undo(by=director, entry_id=outcome.audit_entry.pk)
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.forfeited_by_id, pairing.version) == ("played", None, 2)
    assert [p.table for p in unstarted_games(started)] == [1, 2]


def test_a_no_show_before_the_round_starts_is_refused(round_, director):
    pairing = table(round_, 1)
    with pytest.raises(lateness.LatenessRefused, match="Start the round first"):
        lateness.no_show_record(
            by=director, pairing_id=pairing.pk, entry_id=pairing.first_id, now=START + FIFTEEN
        )


def test_a_division_without_a_late_forfeit_rule_records_no_no_show(director):
    round_ = thai_round(director, preset="naspa")
    lateness.round_start(by=director, round_id=round_.pk, now=START)
    pairing = table(round_, 1)
    with pytest.raises(lateness.LatenessRefused, match="do not forfeit a game for arriving late"):
        lateness.no_show_record(
            by=director,
            pairing_id=pairing.pk,
            entry_id=pairing.first_id,
            now=START + datetime.timedelta(hours=5),
        )
    round_.refresh_from_db()
    late = late_arrivals(round_, START + datetime.timedelta(hours=5))
    assert (late.minutes, late.no_show_from, late.may_record_no_show) == (None, None, False)
    assert [p.table for p in late.unstarted] == [1, 2]


def test_a_table_with_its_result_in_is_started_and_has_no_no_show(started, director):
    pairing = table(started, 1)
    result_services.result_record(
        by=director, pairing_id=pairing.pk, first_score=400, second_score=350, expected_version=0
    )
    assert [p.table for p in unstarted_games(started)] == [2]
    with pytest.raises(lateness.LatenessRefused, match="Table 1 has already started"):
        lateness.no_show_record(
            by=director, pairing_id=pairing.pk, entry_id=pairing.first_id, now=START + FIFTEEN
        )


def test_a_table_a_player_reported_is_started_and_has_no_no_show(started, director):
    event = started.division.tournament
    event.self_reporting = True
    event.save(update_fields=["self_reporting"])
    pairing = table(started, 1)
    assert [p.table for p in unstarted_games(started)] == [1, 2]
    report = report_submit(
        by=None, as_entry_id=pairing.first_id, pairing_id=pairing.pk, first_score=420,
        second_score=380,
    )  # fmt: skip
    late = late_arrivals(started, START + FIFTEEN)
    assert [p.table for p in late.unstarted] == [2]
    with pytest.raises(lateness.LatenessRefused, match="Table 1 has already started"):
        lateness.no_show_record(
            by=director, pairing_id=pairing.pk, entry_id=pairing.second_id, now=START + FIFTEEN
        )
    pairing.refresh_from_db()
    report.refresh_from_db()
    assert (pairing.kind, pairing.version, report.status) == ("played", 0, "submitted")
    assert [g["pairing"].pk for g in report_queue(started.division)] == [pairing.pk]


def test_a_table_whose_scoresheet_clock_started_is_started(started, director):
    from games.services.clock import clock_act

    pairing = table(started, 2)
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    assert [p.table for p in unstarted_games(started)] == [1, 2]
    clock_act(by=director, game=game, action="start", player=0)
    assert [p.table for p in unstarted_games(started)] == [1]


def test_only_a_player_of_the_table_can_be_a_no_show(started, director):
    pairing = table(started, 1)
    other = table(started, 2)
    with pytest.raises(lateness.LatenessRefused, match="Only one of the two players"):
        lateness.no_show_record(
            by=director, pairing_id=pairing.pk, entry_id=other.first_id, now=START + FIFTEEN
        )


def test_the_page_offers_start_round_before_the_start(client, round_, director):
    client.force_login(director)
    page = client.get(entry_url(round_)).text
    assert "data-round-start" in page and "No-show:" not in page


def test_the_start_round_button_starts_the_round(client, round_, director):
    client.force_login(director)
    url = reverse("tournaments:round_start", args=[round_.division.tournament.slug, "A", 1])
    response = client.post(url)
    assert response.status_code == 302 and response["Location"] == entry_url(round_)
    round_.refresh_from_db()
    assert round_.started_at is not None


def test_the_page_lists_unstarted_tables_without_no_show_before_the_limit(client, round_, director):
    lateness.round_start(
        by=director, round_id=round_.pk, now=timezone.now() - FIFTEEN + 60 * SECOND
    )
    client.force_login(director)
    page = client.get(entry_url(round_)).text
    assert "Tables not yet started" in page and 'data-table="2"' in page
    assert "No-show:" not in page and "No-shows can be recorded from" in page


def test_a_no_show_post_before_the_limit_is_refused_with_a_message(client, round_, director):
    lateness.round_start(
        by=director, round_id=round_.pk, now=timezone.now() - FIFTEEN + 60 * SECOND
    )
    pairing = table(round_, 1)
    client.force_login(director)
    response = client.post(no_show_url(pairing), {"entry": pairing.first_id}, follow=True)
    assert "A no-show can be recorded from" in response.text
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.version) == ("played", 0)


def test_after_the_limit_one_click_records_the_no_show(client, round_, director):
    lateness.round_start(by=director, round_id=round_.pk, now=timezone.now() - FIFTEEN - SECOND)
    pairing = table(round_, 1)
    client.force_login(director)
    page = client.get(entry_url(round_)).text
    assert f'name="entry" value="{pairing.first_id}"' in page
    assert page.count("No-show:") == 4  # two tables, a button per player
    response = client.post(no_show_url(pairing), {"entry": pairing.first_id}, follow=True)
    assert f"No-show recorded: {pairing.first.player.name} forfeits at table 1." in response.text
    pairing.refresh_from_db()
    assert (pairing.kind, pairing.forfeited_by_id) == ("forfeit", pairing.first_id)
    assert response.text.count("No-show:") == 2


def test_a_no_show_post_naming_someone_else_changes_nothing(client, round_, director):
    lateness.round_start(by=director, round_id=round_.pk, now=timezone.now() - FIFTEEN - SECOND)
    pairing = table(round_, 1)
    client.force_login(director)
    response = client.post(no_show_url(pairing), {"entry": table(round_, 2).first_id}, follow=True)
    assert "Choose which player of the table has not arrived." in response.text
    pairing.refresh_from_db()
    assert pairing.version == 0


def test_result_rows_link_their_scoresheet(client, round_, director):
    client.force_login(director)
    page = client.get(entry_url(round_)).text
    for pairing in Pairing.objects.filter(second__isnull=False):
        assert f'href="{reverse("games:create")}?pairing={pairing.pk}"' in page
    assert page.count(">Scoresheet</a>") == 2
