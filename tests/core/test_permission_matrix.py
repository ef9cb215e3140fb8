"""Who may do what, for every role, as the README says: organisers are staff, directors (of any
event) and club officers; an assistant enters results and asks the judge, nothing more."""

import pytest
from django.contrib.auth.models import AnonymousUser

from core import permissions as p
from tests import factories

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "user", "player", "assistant", "director", "officer", "staff", "inactive"]

# predicate -> the roles it allows (every other role is refused)
MATRIX = {
    p.may_manage_players: {"director", "officer", "staff"},
    p.may_create_tournaments: {"director", "officer", "staff"},
    p.may_create_clubs: {"staff"},
    p.may_upload_word_list: {"director", "staff"},
    p.may_lift_lockouts: {"director", "staff"},
    p.may_judge: {"assistant", "director", "staff"},
    p.may_start_game: {"player", "assistant", "director", "officer", "staff"},
}


def someone(role: str):
    if role == "anonymous":
        return AnonymousUser()
    account = factories.user(is_staff=role == "staff", is_active=role != "inactive")
    if role == "inactive":  # would be a director, but the account is switched off
        factories.tournament(director=account)
    if role == "player":
        factories.player(user=account)
    if role == "assistant":
        factories.tournament(assistant=account)
    if role == "director":
        factories.tournament(director=account)
    if role == "officer":
        factories.officer(factories.club(), account=account)
    return account


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_exactly_its_rights(role):
    user = someone(role)
    allowed = {predicate.__name__ for predicate in MATRIX if predicate(user)}
    expected = {predicate.__name__ for predicate, roles in MATRIX.items() if role in roles}
    assert allowed == expected


@pytest.mark.parametrize("role", ROLES)
def test_only_the_events_own_director_changes_it_and_its_staff_enter_results(role):
    user = someone(role)
    event = factories.tournament()
    assert p.may_change(user, event) is (role == "staff")
    assert p.may_change(user, event, p.RESULTS) is (role == "staff")


def test_an_assistant_of_the_event_enters_results_but_does_not_change_it():
    assistant = factories.user()
    event = factories.tournament(assistant=assistant)
    assert p.may_change(assistant, event, p.RESULTS) is True
    assert p.may_change(assistant, event) is False


def test_an_assistant_of_one_event_is_not_an_organiser():
    assistant = factories.user()
    factories.tournament(assistant=assistant)
    assert p.may_create_tournaments(assistant) is False
    assert p.may_manage_players(assistant) is False
