"""Club nights: attendance, casual games, the season ladder and club tournaments."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Attendance, CasualGame, Membership
from clubs.services import (
    ClubRefused,
    attendance_mark,
    casual_game_add,
    club_session_create,
    membership_update,
)
from core.models import AuditEntry
from ratings import systems as core
from ratings.games import session_games
from ratings.rating_text import rating_change_text
from ratings.selectors import club_ladder
from ratings.services import club_session_rate
from tests import factories
from tests.ratings.rating_world import club_night, seeded_list
from tournaments.services.events import tournament_create

pytestmark = pytest.mark.django_db


def test_a_casual_game_marks_both_players_present_and_is_audited():
    club = factories.club()
    anna, ben = factories.player("Anna"), factories.player("Ben")
    night = club_session_create(by=None, club=club, date=datetime.date(2025, 5, 6), note="Spring")
    casual_game_add(by=None, session=night, player_a=anna, player_b=ben, score_a=380, score_b=402)
    attendance_mark(by=None, session=night, player=anna)
    assert set(Attendance.objects.values_list("player__name", flat=True)) == {"Anna", "Ben"}
    assert list(AuditEntry.objects.order_by("id").values_list("action", "object_id")) == [
        ("club_session.create", str(night.pk)),
        ("club_session.attend", str(Attendance.objects.get(player=anna).pk)),
        ("club_session.attend", str(Attendance.objects.get(player=ben).pk)),
        ("casual_game.add", str(CasualGame.objects.get().pk)),
    ]
    assert set(AuditEntry.objects.values_list("scope", flat=True)) == {f"club:{club.pk}"}


def test_a_player_cannot_play_themself():
    night = club_night(factories.club())
    anna = factories.player("Anna")
    with pytest.raises(ClubRefused) as caught:
        casual_game_add(by=None, session=night, player_a=anna, player_b=anna, score_a=1, score_b=2)
    assert str(caught.value) == "A game needs two different players."


def test_club_night_games_go_into_the_first_round_free_for_both_players():
    night = club_night(factories.club())
    a, b, c, d = (factories.player(n) for n in "ABCD")
    for first, second in ((a, b), (c, d), (a, c), (b, d), (a, b)):
        casual_game_add(
            by=None, session=night, player_a=first, player_b=second, score_a=400, score_b=300
        )
    assert [(g.round, g.player, g.opponent) for g in session_games([night.pk])[night.pk]] == [
        (1, a.pk, b.pk),
        (1, c.pk, d.pk),
        (2, a.pk, c.pk),
        (2, b.pk, d.pk),
        (3, a.pk, b.pk),
    ]


def test_season_ladder_counts_wins_spread_games_and_rating_change():
    club = factories.club()
    anna, ben, cleo = (factories.player(n) for n in ("Anna", "Ben", "Cleo"))
    seeded_list({anna: 1500, ben: 1500, cleo: 1500}, scope_club=club)
    march = club_night(club, datetime.date(2025, 3, 4))
    casual_game_add(by=None, session=march, player_a=anna, player_b=ben, score_a=420, score_b=380)
    casual_game_add(by=None, session=march, player_a=cleo, player_b=anna, score_a=350, score_b=350)
    club_session_rate(by=None, session=march)
    # A game of another season does not count.
    older = club_night(club, datetime.date(2024, 11, 5))
    casual_game_add(by=None, session=older, player_a=ben, player_b=cleo, score_a=500, score_b=200)
    rows = club_ladder(club, 2025)
    assert [(r.name, r.games, r.wins, r.spread) for r in rows] == [
        ("Anna", 2, 1.5, 40),
        ("Cleo", 1, 0.5, 0),
        ("Ben", 1, 0.0, -40),
    ]
    initial = {p.pk: core.PlayerRating(p.pk, 1500.0, 100) for p in (anna, ben, cleo)}
    changes = core.rate_event(initial, session_games([march.pk])[march.pk], club=True)
    assert {r.name: r.rating_change for r in rows} == {
        "Anna": changes[anna.pk].after - 1500,
        "Ben": changes[ben.pk].after - 1500,
        "Cleo": changes[cleo.pk].after - 1500,
    }
    assert [r.name for r in club_ladder(club, 2024)] == ["Ben", "Cleo"]


def test_club_tournament_is_directed_by_the_officer_who_created_it():
    club = factories.club()
    officer = factories.officer(club).player.user
    tournament = tournament_create(by=officer, club=club, director=officer, name="Club Cup")
    assert tournament.club == club
    assert list(tournament.roles.values_list("user", "role")) == [(officer.pk, "director")]


def test_membership_update_changes_the_role_and_audits_it_in_the_clubs_scope():
    club = factories.club()
    membership = factories.officer(club)
    updated = membership_update(by=None, membership=membership, role=Membership.Role.MEMBER)
    assert updated.role == Membership.Role.MEMBER
    entry = AuditEntry.objects.get(action="membership.update")
    assert (entry.scope, entry.before["role"], entry.after["role"]) == (
        f"club:{club.pk}",
        "officer",
        "member",
    )


def test_membership_update_refuses_an_end_before_the_start():
    membership = factories.officer(factories.club())
    with pytest.raises(ValidationError):
        membership_update(
            by=None,
            membership=membership,
            since=datetime.date(2025, 5, 1),
            until=datetime.date(2025, 4, 30),
        )
    assert not AuditEntry.objects.filter(action="membership.update").exists()


def test_a_newcomers_first_rating_shows_as_such_not_as_a_change_of_0():
    from ratings.models import RatingChange

    club = factories.club()
    anna, newcomer = factories.player("Anna"), factories.player("Nell")
    seeded_list({anna: 1500}, scope_club=club)
    march = club_night(club, datetime.date(2025, 3, 4))
    casual_game_add(by=None, session=march, player_a=anna, player_b=newcomer, score_a=420,
                    score_b=380)  # fmt: skip
    club_session_rate(by=None, session=march)
    first = RatingChange.objects.get(player=newcomer)
    assert first.before is None
    rows = {r.name: r for r in club_ladder(club, 2025)}
    assert rows["Nell"].first_rating == first.after
    assert rating_change_text(rows["Nell"]) == f"first rating {round(first.after)}"
    assert rows["Anna"].first_rating is None
    assert not rating_change_text(rows["Anna"]).startswith("first rating")
