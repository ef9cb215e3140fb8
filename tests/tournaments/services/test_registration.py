"""Registration: paid (with a note) and checked in, each on its own; late entries; withdrawals."""

import functools
from decimal import Decimal

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.tournaments.division_setup import field, play_round
from tournaments.models import Entry, TournamentRole
from tournaments.services import entries as services
from tournaments.services.entries import RegistrationRefused
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _url(division, name="registration", **kwargs):
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name}
        | kwargs,
    )


def test_entrant_moves_from_registered_to_paid_to_checked_in():
    division = factories.division(rounds=3)
    player = factories.player("Ada Lovelace", rating=1700)
    entry = services.entry_add(by=None, division=division, player=player)
    assert (entry.number, entry.rating, entry.status) == (1, 1700, Entry.Status.REGISTERED)
    entry = services.entry_mark_paid(by=None, entry=entry, note=" cash ")
    assert (entry.status, entry.paid, entry.payment_note) == (
        Entry.Status.REGISTERED,
        True,
        "cash",
    )
    entry = services.entry_check_in(by=None, entry=entry)
    assert (entry.status, entry.paid) == (Entry.Status.CHECKED_IN, True)
    actions = list(
        AuditEntry.objects.filter(object_id=str(entry.pk), object_type="tournaments.entry")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["entry.add", "entry.paid", "entry.check_in"]


def test_a_player_enters_a_division_once():
    division = factories.division()
    player = factories.player()
    services.entry_add(by=None, division=division, player=player)
    with pytest.raises(RegistrationRefused, match="already entered"):
        services.entry_add(by=None, division=division, player=player)


def test_a_late_entry_cannot_join_a_round_already_paired():
    division, entries = field(4, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    with pytest.raises(RegistrationRefused) as refused:
        services.entry_add(by=None, division=division, player=factories.player(), joins_at_round=1)
    assert str(refused.value) == "Round 1 is already paired; a late entry can join from round 2."


def test_a_starting_record_must_be_whole_games_and_spread_needs_games():
    division = factories.division(rounds=5)
    with pytest.raises(RegistrationRefused, match="whole games"):
        services.entry_add(
            by=None,
            division=division,
            player=factories.player(),
            joins_at_round=3,
            starting_wins=Decimal("1.5"),
        )
    with pytest.raises(RegistrationRefused, match="needs a starting record"):
        services.entry_add(
            by=None,
            division=division,
            player=factories.player(),
            joins_at_round=3,
            starting_spread=30,
        )
    entry = services.entry_add(
        by=None,
        division=division,
        player=factories.player(),
        joins_at_round=3,
        starting_wins=Decimal("1.5"),
        starting_losses=Decimal("0.5"),
        starting_spread=-20,
    )
    assert (entry.starting_wins, entry.starting_losses) == (Decimal("1.5"), Decimal("0.5"))


@pytest.mark.parametrize(
    ("joins_at", "wins", "losses", "taken"),
    [
        (3, 2, 0, True),
        (3, 1, 1, True),
        (3, 2, 1, False),
        (3, 3, 0, False),
        (1, 0, 0, True),
        (1, 1, 0, False),
    ],
)
def test_a_starting_record_holds_at_most_one_game_a_round_missed(joins_at, wins, losses, taken):
    division = factories.division(rounds=5)
    add = functools.partial(
        services.entry_add,
        by=None,
        division=division,
        player=factories.player(),
        joins_at_round=joins_at,
        starting_wins=wins,
        starting_losses=losses,
    )
    if taken:
        assert add().starting_wins == wins
        return
    with pytest.raises(RegistrationRefused) as refused:
        add()
    assert str(refused.value) == (
        "A starting record holds the games of the rounds missed: at most "
        f"{joins_at - 1} for a player joining at round {joins_at}."
    )


def test_withdrawal_is_refused_while_the_player_is_paired_in_a_later_round():
    division, entries = field(4, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    with pytest.raises(RegistrationRefused) as refused:
        services.entry_withdraw(by=None, entry=entries[0], after_round=0)
    assert str(refused.value) == "#1 is paired in round 1; re-pair that round or withdraw after it."
    play_round(division, 1)
    entry = services.entry_withdraw(by=None, entry=entries[0], after_round=1)
    assert entry.withdrawn_after_round == 1
    assert not entry.is_active_in(2)
    entry = services.entry_reinstate(by=None, entry=entry)
    assert entry.is_active_in(2)


def test_director_registers_pays_checks_in_and_withdraws_from_the_page(client, director):
    division, entries = field(2, director=director, rounds=3)
    client.force_login(director)
    newcomer = factories.player("Grace Hopper", rating=1800)
    response = client.post(
        _url(division),
        {
            "player": newcomer.pk,
            "joins_at_round": 1,
            "starting_wins": 0,
            "starting_losses": 0,
            "starting_spread": 0,
        },
    )
    assert response.status_code == 302
    entry = Entry.objects.get(division=division, player=newcomer)
    assert (entry.number, entry.status, entry.rating) == (3, Entry.Status.REGISTERED, 1800)
    update = _url(division, "entry_update", entry_id=entry.pk)
    client.post(update, {"action": "paid", "note": "receipt 12"})
    client.post(update, {"action": "check_in"})
    client.post(update, {"action": "table", "table": 4})
    entry.refresh_from_db()
    assert (entry.status, entry.payment_note, entry.fixed_table) == (
        Entry.Status.CHECKED_IN,
        "receipt 12",
        4,
    )
    client.post(update, {"action": "withdraw", "after_round": 0, "confirm": "on"})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 0
    page = client.get(_url(division))
    assert page.status_code == 200
    assert "Grace Hopper" in page.content.decode()
    assert "receipt 12" in page.content.decode()


def test_the_page_shows_a_refusal_as_a_message(client, director):
    division, entries = field(2, director=director, rounds=3)
    client.force_login(director)
    response = client.post(
        _url(division, "entry_update", entry_id=entries[0].pk),
        {"action": "withdraw", "after_round": 7, "confirm": "on"},
        follow=True,
    )
    assert "can withdraw after round 0 to 2" in response.content.decode()
    entries[0].refresh_from_db()
    assert entries[0].withdrawn_after_round is None


def test_director_adds_a_late_entry_with_a_starting_record(client, director):
    division, entries = field(4, director=director, rounds=4)
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.force_login(director)
    late = factories.player("Late Lou")
    client.post(
        _url(division),
        {
            "player": late.pk,
            "joins_at_round": 2,
            "starting_wins": "0.5",
            "starting_losses": "0.5",
            "starting_spread": 0,
            "checked_in": "on",
        },
    )
    entry = Entry.objects.get(player=late)
    assert (entry.joins_at_round, entry.starting_wins, entry.status) == (
        2,
        Decimal("0.5"),
        Entry.Status.CHECKED_IN,
    )


def test_strangers_and_assistants_cannot_use_the_registration_page(client, stranger):
    assistant = factories.user()
    division, entries = field(2, rounds=3)
    TournamentRole.objects.create(
        tournament=division.tournament, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    for user in (stranger, assistant):
        client.force_login(user)
        assert client.get(_url(division)).status_code == 403
        response = client.post(
            _url(division, "entry_update", entry_id=entries[0].pk), {"action": "check_in"}
        )
        assert response.status_code == 403
