"""Next year's event from last year's: settings, divisions (their own rules, plans, sizes),
prize bands; entries only when asked, as fresh registrations; never rounds or results. A
template saves the divisions and adds them to another event; a refusal leaves nothing."""

import pytest
from django.core.management import call_command

from core.models import AuditEntry
from tests import factories
from tournaments.models import Division, Entry, EventTemplate, PrizeBand, Round, Tournament
from tournaments.services.divisions import DivisionRefused
from tournaments.services.event_copy import (
    MAX_DIVISIONS,
    CopyRefused,
    divisions_create_from,
    divisions_from_template,
    event_copy,
    template_save,
)
from tournaments.services.prizes import prize_band_create
from tournaments.services.rounds import round_pair
from tournaments.services.rules import division_rules_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_year(director):
    event = factories.tournament(
        director=director, slug="kings-cup-2025", venue="Bangkok", country="TH", language="th"
    )
    thai = factories.division(
        event, name="Thai U12", rounds=9, pairing_plan="1-3 random; 4-9 swiss", avoid_team_rounds=2
    )
    division_rules_update(by=director, division=thai, preset="thai")
    prize_band_create(by=director, division=thai, kind="rank", label="Top three", places=3)
    open_ = factories.division(event, name="Open", rounds=12, max_repeats=1)
    prize_band_create(by=director, division=open_, kind="high_game", label="High game")
    people = factories.entries(thai, 4)
    people[0].team = "Bangkok Christian College"
    people[0].player_class = "B"
    people[0].save()
    people[0].player.rating = 1777
    people[0].player.save()
    round_pair(by=director, division=thai, round_number=1, seed=3)
    return event


def test_a_copy_keeps_settings_divisions_rules_and_prizes_not_results(director, last_year):
    new = event_copy(by=director, source=last_year, name="King's Cup 2026", director=director)
    assert (new.venue, new.country, new.language, new.slug) == (
        "Bangkok",
        "TH",
        "th",
        "kings-cup-2026",
    )
    thai = new.divisions.get(name="Thai U12")
    assert (thai.rounds, thai.pairing_plan, thai.avoid_team_rounds, thai.rules_preset) == (
        9,
        "1-3 random; 4-9 swiss",
        2,
        "thai",
    )
    assert new.divisions.get(name="Open").max_repeats == 1
    assert list(
        PrizeBand.objects.filter(division__tournament=new)
        .values_list("label", flat=True)
        .order_by("label")
    ) == ["High game", "Top three"]
    assert not Entry.objects.filter(division__tournament=new).exists()
    assert not Round.objects.filter(division__tournament=new).exists()
    assert new.roles.get().user == director
    assert AuditEntry.objects.filter(tournament_id=new.pk, action="division.create").count() == 2


def test_entries_are_copied_as_fresh_registrations_when_asked(director, last_year):
    new = event_copy(by=director, source=last_year, name="Cup 2026", copy_entries=True)
    entries = list(Entry.objects.filter(division__tournament=new).order_by("number"))
    assert [e.number for e in entries] == [1, 2, 3, 4]
    first = entries[0]
    assert (first.status, first.paid, first.rating, first.team, first.player_class) == (
        "registered",
        False,
        1777,
        "Bangkok Christian College",
        "B",
    )
    assert AuditEntry.objects.filter(tournament_id=new.pk, action="entry.copy").count() == 4


def test_a_template_adds_the_same_divisions_to_another_event(director, last_year):
    template = template_save(by=director, tournament=last_year, name="King's Cup divisions")
    target = factories.tournament(director=director)
    made = divisions_from_template(by=director, tournament=target, template=template)
    assert [d.name for d in made] == ["Open", "Thai U12"]
    assert target.divisions.get(name="Thai U12").rules_preset == "thai"
    assert PrizeBand.objects.filter(division__tournament=target).count() == 2


def test_a_second_template_of_the_same_name_is_refused(director, last_year):
    template_save(by=director, tournament=last_year, name="Cup")
    with pytest.raises(CopyRefused, match="already a template"):
        template_save(by=director, tournament=last_year, name="Cup")
    assert EventTemplate.objects.count() == 1


def test_a_refused_division_leaves_no_event_behind(director, last_year):
    bad = [
        {"name": "Fine", "rounds": 5},
        {"name": "Broken", "rounds": 5, "pairing_plan": "1-9 nonsense"},
    ]
    target = factories.tournament(director=director)
    with pytest.raises(DivisionRefused):
        divisions_create_from(by=director, tournament=target, specs=bad)
    assert not Division.objects.filter(tournament=target).exists()


@pytest.mark.parametrize("count, refused", [(MAX_DIVISIONS, False), (MAX_DIVISIONS + 1, True)])
def test_at_most_max_divisions_a_template(director, count, refused, monkeypatch):
    target = factories.tournament(director=director)
    created = []
    monkeypatch.setattr(
        "tournaments.services.event_copy.division_create",
        lambda **kw: created.append(kw["name"]) or Division(name=kw["name"]),
    )
    specs = [{"name": f"D{n}"} for n in range(count)]
    if refused:
        with pytest.raises(CopyRefused, match="at most 200 divisions"):
            divisions_create_from(by=director, tournament=target, specs=specs)
    else:
        divisions_create_from(by=director, tournament=target, specs=specs)
    assert len(created) == (0 if refused else count)


def test_forty_divisions_copied_by_the_command(director, capsys):
    event = factories.tournament(director=director, slug="big-2025")
    for n in range(40):
        factories.division(event, name=f"Div {n:02d}", rounds=7 + n % 5)
    call_command(
        "copy_event", "big-2025", "Big 2026", "--slug", "big-2026", "--start", "2026-06-01"
    )
    assert "with 40 divisions" in capsys.readouterr().out
    new = Tournament.objects.get(slug="big-2026")
    assert new.divisions.count() == 40 and str(new.start_date) == "2026-06-01"
    call_command("copy_event", "big-2025", "--save-template", "Forty")
    target = factories.tournament(slug="other")
    call_command("copy_event", "other", "--from-template", "Forty")
    assert target.divisions.count() == 40
