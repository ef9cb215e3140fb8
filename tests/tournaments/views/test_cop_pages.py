"""COP on the director's pages: settings on the division edit page, the round's explanation
and the choices after an overconstrained round on the pairing page."""

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.division_setup import field, games, play_round
from tournaments.models import Division, Round, TournamentRole
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

FAST = {"division_sims": 1000, "control_loss_sims": 200}
CONFLICT = {"top_down_byes": True, "control_loss_threshold": 0, "control_loss_activation_round": 0}
DIVISION = {
    "name": "A",
    "rounds": 2,
    "pairing_plan": "",
    "bye_spread": 50,
    "forfeit_spread": 50,
    "max_repeats": 0,
    "gibsonize": "on",
    "prize_places": 3,
    "max_spread_per_round": 250,
    "pair_checked_in_only": "on",
    "withdrawn_last": "on",
}
COP = {
    "cop-place_prizes": "",
    "cop-class_prizes": "",
    "cop-gibson_spread": "250, 200",
    "cop-hopefulness": "0.1, 0.1, 0.05, 0.02, 0.01",
    "cop-control_loss_threshold": "0.25",
    "cop-control_loss_activation_round": "",
    "cop-division_sims": "100000",
    "cop-control_loss_sims": "10000",
}


def _url(division, name="pairing"):
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name},
    )


def _edit(client, division, **cop):
    data = DIVISION | {"name": division.name} | COP | {f"cop-{k}": v for k, v in cop.items()}
    return client.post(_url(division, "division_edit"), data)


@pytest.fixture
def division(director):
    found, _ = field(4, director=director, rounds=2)
    return found


def test_tsh_defaults_are_stored_as_nothing(client, director, division):
    client.force_login(director)
    assert _edit(client, division).status_code == 302
    division.refresh_from_db()
    assert division.cop_settings == {}


def test_the_director_stores_the_cop_settings_that_differ_from_tsh(client, director, division):
    client.force_login(director)
    response = _edit(
        client,
        division,
        place_prizes="2",
        class_prizes="b: 1, C=2",
        gibson_spread="300",
        hopefulness="1",
        control_loss_threshold="1",
        control_loss_activation_round="2",
        division_sims="1",
        control_loss_sims="1000000",
        top_down_byes="on",
    )
    assert response.status_code == 302
    division.refresh_from_db()
    assert division.cop_settings == {
        "place_prizes": 2,
        "class_prizes": {"B": 1, "C": 2},
        "gibson_spread": [300],
        "hopefulness": [1.0],
        "control_loss_threshold": 1.0,
        "control_loss_activation_round": 2,
        "division_sims": 1,
        "control_loss_sims": 1000000,
        "top_down_byes": True,
    }
    page = client.get(_url(division, "division_edit")).content.decode()
    assert 'value="B: 1, C: 2"' in page


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("place_prizes", "0"),
        ("class_prizes", "B"),
        ("class_prizes", "B: -1"),
        ("gibson_spread", "-1"),
        ("gibson_spread", "1001"),
        ("gibson_spread", "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11"),
        ("gibson_spread", "lots"),
        ("hopefulness", "0"),
        ("hopefulness", "1.01"),
        ("control_loss_threshold", "0"),
        ("control_loss_threshold", "1.01"),
        ("control_loss_activation_round", "-1"),
        ("control_loss_activation_round", "3"),
        ("division_sims", "0"),
        ("division_sims", "1000001"),
        ("control_loss_sims", "0"),
        ("control_loss_sims", "1000001"),
    ],
)
def test_cop_settings_out_of_bounds_are_refused(client, director, division, setting, value):
    client.force_login(director)
    response = _edit(client, division, **{setting: value})
    assert response.status_code == 200
    assert response.context["cop_form"].errors.keys() == {setting}
    division.refresh_from_db()
    assert division.cop_settings == {}


def test_the_edges_of_each_bound_are_accepted(client, director, division):
    client.force_login(director)
    response = _edit(
        client,
        division,
        place_prizes="1",
        gibson_spread="0, 1000",
        hopefulness="0.0001, 1",
        control_loss_threshold="0.0001",
        control_loss_activation_round="0",
        division_sims="1000000",
        control_loss_sims="1",
    )
    assert response.status_code == 302


@pytest.mark.parametrize("role", [None, TournamentRole.Role.ASSISTANT])
def test_a_stranger_or_an_assistant_cannot_change_cop_settings(client, division, role):
    someone = factories.user()
    if role:
        TournamentRole.objects.create(tournament=division.tournament, user=someone, role=role)
    client.force_login(someone)
    assert _edit(client, division, top_down_byes="on").status_code == 403
    assert Division.objects.get(pk=division.pk).cop_settings == {}


def test_the_service_refuses_stored_settings_the_core_would_refuse(director, division):
    from tournaments.services.divisions import DivisionRefused, division_update

    for bad in ({"hopefulness": [0]}, {"surprise": 1}, {"class_prizes": "B"}):
        with pytest.raises(DivisionRefused):
            division_update(by=director, division=division, cop_settings=bad)


def _final_round(director, name="Entrant", **cop):
    """Five players, Swiss then COP, two paid places; round 1 played (see test_cop_pairing)."""
    division, entries = field(
        5,
        director=director,
        rounds=2,
        pairing_plan="1-1 swiss; 2-N cop",
        prize_places=2,
        cop_settings=FAST | cop,
    )
    entries[0].player.name = name
    entries[0].player.save()
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    return division


def test_the_pairing_page_explains_the_cop_round_with_names_escaped(client, director):
    hostile = "<script>alert(1)</script>"
    division = _final_round(director, name=hostile)
    round_pair(by=director, division=division, round_number=2, seed=2)
    client.force_login(director)
    page = client.get(_url(division)).content.decode()
    assert "How COP paired round 2" in page
    assert "Hopeful to finish in the 2 paid places:" in page
    assert "Final round, king of the hill among the cash contenders:" in page
    assert hostile not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def _conflict(director):
    """Round 2 of 3 where top-down byes and control loss clash (see test_cop_pairing)."""
    division, _ = field(
        5,
        director=director,
        rounds=3,
        pairing_plan="1-1 swiss; 2-N cop",
        prize_places=2,
        cop_settings=FAST | CONFLICT,
    )
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1, margin=lambda pairing: 100 * (pairing.table or 1))
    return division


def test_an_overconstrained_round_shows_the_reason_and_the_choices(client, director):
    division = _conflict(director)
    client.force_login(director)
    response = client.post(_url(division), {"round_number": 2, "seed": 2})
    assert response.status_code == 200
    page = response.content.decode()
    assert "COP cannot pair this round" in page
    assert "any one of: top-down byes, control loss" in page
    labels = [choice.label for choice in response.context["cop_choices"]]
    assert labels[:2] == [
        "Pair round 2 without top-down byes",
        "Pair round 2 without control loss",
    ]
    assert labels[2].startswith("Pair round 2 by hand")
    assert not Round.objects.filter(division=division, number=2).exists()


@pytest.mark.parametrize("choice", [0, 1, 2])
def test_each_choice_pairs_the_round(client, director, choice):
    division = _conflict(director)
    client.force_login(director)
    offered = client.post(_url(division), {"round_number": 2, "seed": 2}).context["cop_choices"]
    data = {}
    for name, value in offered[choice].fields:
        data.setdefault(name, []).append(value)
    response = client.post(_url(division), data)
    assert response.status_code == 302
    assert sorted(len(game) for game in games(division, 2)) == [1, 2, 2]
    paired = Round.objects.get(division=division, number=2)
    assert paired.system == ("manual" if choice == 2 else "cop")


@pytest.mark.parametrize("count", [1, 40])
def test_pairing_page_queries_do_not_grow(client, director, django_assert_max_num_queries, count):
    division, _ = field(count + 1, director=director, rounds=2, pairing_plan="1-N cop")
    division.cop_settings = FAST
    division.save()
    round_pair(by=director, division=division, round_number=1, seed=1)
    client.force_login(director)
    with django_assert_max_num_queries(8):
        assert client.get(_url(division)).status_code == 200
