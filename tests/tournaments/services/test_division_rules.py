"""Rule sets per division: inherited from the event, overridable, edited through one audited
service, free until the first result and confirmed after it."""

from dataclasses import replace

import pytest
from django.urls import reverse

from core.models import AuditEntry
from games.engine.rules import NASPA, PRESETS
from tests import factories
from tournaments.models import Division, Pairing, Tournament
from tournaments.services.rules import (
    CONFIRM_PLAYED,
    RulesRefused,
    division_rules_update,
    tournament_rules_update,
)

pytestmark = pytest.mark.django_db
THAI = PRESETS["thai"]


@pytest.fixture
def division(event):
    return factories.division(event, name="A")


@pytest.fixture
def played(division):
    """Round 1 of four players: table 1 reported 400-350, table 2 not yet."""
    players = factories.entries(division, 4)
    paired = factories.round_with_pairings(division, players)
    paired.pairings.filter(table=1).update(first_score=400, second_score=350)
    return paired


def rules_url(division) -> str:
    return reverse("tournaments:division_rules", args=[division.tournament.slug, division.name])


def form_data(rules, preset: str = "thai", **extra) -> dict:
    data = {"preset": preset}
    for key, value in rules.to_dict().items():
        if key == "name" or value is None or value is False:
            continue
        data[key] = "on" if value is True else value
    return data | extra


def fresh(division) -> Division:
    return Division.objects.select_related("tournament").get(pk=division.pk)


# --- inheritance ---------------------------------------------------------------------------


def test_a_division_without_rules_of_its_own_plays_under_its_events(division):
    assert division.inherits_rules
    assert division.rule_set() == NASPA  # the event's preset, naspa by default
    Tournament.objects.filter(pk=division.tournament_id).update(
        rules_preset="thai", rules={"max_turns_per_player": 15}
    )
    assert fresh(division).rule_set() == replace(THAI, max_turns_per_player=15)


def test_a_division_with_its_own_preset_overrides_the_events(division, director):
    division_rules_update(
        by=director, division=division, preset="thai", fields={"late_forfeit_minutes": 10}
    )
    found = fresh(division)
    assert (found.rules_preset, found.rules) == ("thai", {"late_forfeit_minutes": 10})
    assert found.rule_set() == replace(THAI, late_forfeit_minutes=10)
    Tournament.objects.filter(pk=division.tournament_id).update(rules_preset="home")
    assert fresh(division).rule_set() == replace(THAI, late_forfeit_minutes=10)


def test_an_empty_preset_returns_the_division_to_its_events_rules(division, director):
    division_rules_update(by=director, division=division, preset="thai")
    division_rules_update(by=director, division=division, preset="")
    found = fresh(division)
    assert (found.rules_preset, found.rules, found.rule_set()) == ("", {}, NASPA)


def test_only_the_fields_that_differ_from_the_preset_are_stored(division, director):
    division_rules_update(
        by=director, division=division, preset="thai", fields=THAI.to_dict() | {"rack_size": 8}
    )
    assert fresh(division).rules == {"rack_size": 8}


def test_the_events_rules_reach_its_inheriting_divisions_only(event, division, director):
    own = factories.division(event, name="B")
    division_rules_update(by=director, division=own, preset="home")
    tournament_rules_update(by=director, tournament=event, preset="thai")
    assert (fresh(division).rule_set(), fresh(own).rule_set()) == (THAI, PRESETS["home"])


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "fields"),
    [("chess", {}), ("thai", {"rack_size": 16}), ("thai", {"rack_size": 1}), ("thai", {"x": 1})],
)
def test_impossible_rules_are_refused_and_change_nothing(division, director, preset, fields):
    with pytest.raises(RulesRefused):
        division_rules_update(by=director, division=division, preset=preset, fields=fields)
    found = fresh(division)
    assert (found.rules_preset, found.rules) == ("", {})
    assert not AuditEntry.objects.filter(action="division.rules").exists()


def test_rack_size_fifteen_is_allowed_and_sixteen_is_not(division, director):
    division_rules_update(by=director, division=division, preset="home", fields={"rack_size": 15})
    assert fresh(division).rule_set().rack_size == 15
    with pytest.raises(RulesRefused):
        division_rules_update(
            by=director, division=division, preset="home", fields={"rack_size": 16}
        )
    assert fresh(division).rule_set().rack_size == 15


# --- before and after the first result -----------------------------------------------------


def test_before_the_first_result_the_rules_change_freely(division, director):
    players = factories.entries(division, 3)
    factories.round_with_pairings(division, players)  # paired, a bye, nothing reported
    division_rules_update(by=director, division=division, preset="thai")
    assert fresh(division).rule_set() == THAI


def test_after_the_first_result_a_change_needs_confirmation(division, director, played):
    with pytest.raises(RulesRefused) as refused:
        division_rules_update(by=director, division=division, preset="thai")
    assert refused.value.template == CONFIRM_PLAYED
    assert fresh(division).rule_set() == NASPA
    assert not AuditEntry.objects.filter(action="division.rules").exists()
    division_rules_update(by=director, division=division, preset="thai", confirm_played=True)
    assert fresh(division).rule_set() == THAI


def test_saving_the_same_rules_after_results_needs_no_confirmation(division, director, played):
    division_rules_update(by=director, division=division, preset="naspa")
    assert fresh(division).rules_preset == "naspa"


def test_a_forfeit_counts_as_a_result_entered(division, director):
    players = factories.entries(division, 2)
    pairing = factories.round_with_pairings(division, players).pairings.get()
    Pairing.objects.filter(pk=pairing.pk).update(kind="forfeit", forfeited_by=players[0])
    with pytest.raises(RulesRefused):
        division_rules_update(by=director, division=division, preset="thai")


def test_the_events_change_needs_confirmation_once_an_inheriting_division_has_results(
    event, division, director, played
):
    with pytest.raises(RulesRefused):
        tournament_rules_update(by=director, tournament=event, preset="thai")
    division_rules_update(by=director, division=division, preset="naspa")  # now its own
    tournament_rules_update(by=director, tournament=event, preset="thai")
    assert Tournament.objects.get(pk=event.pk).rule_set() == THAI


def test_the_audit_entry_records_the_old_and_new_rules(division, director, played):
    division_rules_update(
        by=director,
        division=division,
        preset="thai",
        fields={"max_turns_per_player": 18},
        confirm_played=True,
    )
    entry = AuditEntry.objects.get(action="division.rules")
    assert entry.actor == director and entry.tournament_id == division.tournament_id
    assert entry.before == {"rules_preset": "", "rules": {}, "rule_set": NASPA.to_dict()}
    assert entry.after == {
        "rules_preset": "thai",
        "rules": {"max_turns_per_player": 18},
        "rule_set": replace(THAI, max_turns_per_player=18).to_dict(),
    }


# --- the pages -----------------------------------------------------------------------------


def test_the_division_and_event_pages_show_the_rules_as_sentences(client, division):
    Tournament.objects.filter(pk=division.tournament_id).update(rules_preset="thai")
    url = reverse("tournaments:division", args=[division.tournament.slug, "A"])
    for page in (client.get(url), client.get(division.tournament.get_absolute_url())):
        assert "Rules: Thai association" in page.text
        assert "<li>1 minute per turn; a turn over time is lost.</li>" in page.text
        assert "<li>20 turns a side.</li>" in page.text
    assert rules_url(division) not in client.get(url).text  # no edit link for visitors


def test_the_director_sees_the_edit_link_and_the_form_starts_from_a_preset(
    client, division, director
):
    client.force_login(director)
    page = client.get(reverse("tournaments:division", args=[division.tournament.slug, "A"]))
    assert rules_url(division) in page.text
    form = client.get(rules_url(division), {"preset": "thai"})
    assert form.status_code == 200
    assert 'name="max_turns_per_player" value="20"' in form.text
    assert 'name="preset" value="thai"' in form.text
    assert "confirm_played" not in form.text


def test_the_form_saves_a_changed_preset(client, division, director):
    client.force_login(director)
    data = form_data(replace(THAI, max_turns_per_player=25))
    response = client.post(rules_url(division), data)
    assert response.status_code == 302
    assert fresh(division).rule_set() == replace(THAI, max_turns_per_player=25)


def test_the_form_refuses_an_out_of_bounds_field_and_changes_nothing(client, division, director):
    client.force_login(director)
    response = client.post(rules_url(division), form_data(THAI, rack_size=16))
    assert response.status_code == 200
    assert "Enter a whole number from 2 to 15." in response.text
    assert fresh(division).rules_preset == ""


def test_after_results_the_form_says_which_games_were_played_under_which_rules(
    client, division, director, played
):
    factories.round_with_pairings(division, list(division.entries.order_by("number")), 2)
    Pairing.objects.filter(round__number=2, table=1).update(first_score=390, second_score=380)
    client.force_login(director)
    form = client.get(rules_url(division))
    assert "2 games in rounds 1–2 were played under the current rules (Rule set: NASPA" in (
        form.text
    )
    refused = client.post(rules_url(division), form_data(THAI))
    assert refused.status_code == 200
    assert "confirm the change" in refused.text
    assert fresh(division).rules_preset == ""
    confirmed = client.post(rules_url(division), form_data(THAI, confirm_played="on"))
    assert confirmed.status_code == 302
    assert fresh(division).rule_set() == THAI


def test_one_game_in_one_round_reads_singular(client, division, director, played):
    client.force_login(director)
    form = client.get(rules_url(division))
    assert "1 game in round 1 was played under the current rules" in form.text


def test_the_form_can_return_the_division_to_the_events_rules(client, division, director):
    division_rules_update(by=director, division=division, preset="thai")
    client.force_login(director)
    client.post(rules_url(division), form_data(THAI, inherit="on"))
    assert fresh(division).inherits_rules


def test_strangers_may_not_edit_the_rules(client, division, stranger):
    client.force_login(stranger)
    assert client.get(rules_url(division)).status_code == 403
    assert client.post(rules_url(division), form_data(THAI)).status_code == 403
    assert fresh(division).rules_preset == ""


def test_the_event_rules_page_saves_the_events_rules(client, event, director):
    client.force_login(director)
    url = reverse("tournaments:rules", args=[event.slug])
    response = client.post(url, form_data(PRESETS["wespa"], preset="wespa"))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=event.pk).rule_set() == PRESETS["wespa"]


def test_filling_the_fields_from_a_preset_unticks_the_events_rules(client, division, director):
    client.force_login(director)
    plain = client.get(rules_url(division))
    filled = client.get(rules_url(division), {"preset": "thai"})
    assert 'name="inherit" id="id_inherit" checked' in plain.text
    assert 'name="inherit" id="id_inherit" checked' not in filled.text


def test_a_changed_field_with_the_events_rules_ticked_is_refused_not_dropped(
    client, division, director
):
    client.force_login(director)
    data = form_data(replace(NASPA, max_turns_per_player=25), preset="naspa", inherit="on")
    response = client.post(rules_url(division), data)
    assert response.status_code == 200
    assert "You changed some rules, but “Play under the event&#x27;s rules” is ticked" in (
        response.text
    )
    assert fresh(division).inherits_rules
    assert fresh(division).rule_set() == division.tournament.rule_set()


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en", "Suggested for a finish-line game: 70 for beginners, 120 for intermediate"),
        ("ja", "目標点先取方式の目安: 初心者 70、中級者 120、上級者 200"),
    ],
)
def test_the_target_score_suggests_the_rules_two_player_targets(
    client, division, director, language, hint
):
    client.force_login(director)
    page = client.get(rules_url(division), HTTP_ACCEPT_LANGUAGE=language).text
    assert hint in page
