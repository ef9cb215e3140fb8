"""Who may start games, ask the judge and upload word lists: predicates of the one permission
module, core.permissions (games has no permission module of its own)."""

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser

from core.permissions import may_judge, may_start_game, may_upload_word_list
from tests import factories
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db


def test_games_has_no_permission_module_of_its_own():
    games = Path(__file__).resolve().parents[2] / "games"
    assert not (games / "permissions.py").exists()
    importers = [
        path.relative_to(games).as_posix()
        for path in games.rglob("*.py")
        if re.search(r"from \.+permissions import|games\.permissions", path.read_text("utf-8"))
    ]
    assert importers == []


def test_predicates_for_each_kind_of_user(director, stranger, staff, event):
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=event, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    officer = factories.officer(factories.club()).player.user
    with_player = factories.player(user=factories.user()).user
    inactive = factories.user(is_active=False, is_staff=True)
    users = {
        "anonymous": AnonymousUser(),
        "stranger": stranger,
        "player": with_player,
        "officer": officer,
        "assistant": assistant,
        "director": director,
        "staff": staff,
        "inactive": inactive,
    }
    table = {
        name: (may_start_game(user), may_judge(user), may_upload_word_list(user))
        for name, user in users.items()
    }
    assert table == {
        "anonymous": (False, False, False),
        "stranger": (False, False, False),
        "player": (True, False, False),
        "officer": (True, False, False),
        "assistant": (True, True, False),
        "director": (True, True, True),
        "staff": (True, True, True),
        "inactive": (False, False, False),
    }
    assert may_start_game(None) is False
