"""A club running itself: its own rating list (first ratings from a national list, provisional
until N games, club tournaments counted), corrections with undo and re-rating, guests, members
in bulk. Every rating is compared with a fresh rating of the same games by the pure core."""

import datetime

import pytest

from clubs.models import CasualGame, ClubGuest, Membership
from clubs.services import (
    ClubRefused,
    casual_game_add,
    casual_game_delete,
    casual_game_undo,
    casual_game_update,
    club_guest_add,
    club_guest_make_member,
    club_guest_match,
    club_update,
    memberships_import,
)
from core.models import AuditEntry
from players.bulk import NEW, plan_rows
from players.roster import parse_pasted_names
from ratings import systems as core
from ratings.games import session_games
from ratings.models import PlayerRating, RatingChange, RatingList
from ratings.selectors import club_ladder, player_rating_history
from ratings.services import (
    RatingRefused,
    club_rating_list_start,
    club_session_rate,
    club_session_rerate,
    club_session_unrate,
    rating_list_create,
    tournament_rate,
)
from tests import factories
from tests.ratings.rating_world import club_night, played_division, seeded_list

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 6)


def game(night, a, b, score_a=400, score_b=300, **fields):
    return casual_game_add(
        by=None, session=night, player_a=a, player_b=b, score_a=score_a, score_b=score_b, **fields
    )


def stored(rating_list) -> dict[int, tuple[float, int]]:
    return {
        row.player_id: (row.rating, row.games)
        for row in PlayerRating.objects.filter(rating_list=rating_list)
    }


def fresh(rating_list, nights, initial=None) -> dict[int, tuple[float, int]]:
    """The list rated from scratch by the pure core over the nights' games as they stand."""
    club = core.SYSTEMS[rating_list.system].club_variant is not None
    events = [core.RatedEvent(session_games([n.pk])[n.pk], club=club) for n in nights]
    final = core.recompute(events, system=rating_list.system, initial=initial or {})
    return {pk: (r.rating, r.career_games) for pk, r in final.items()}


@pytest.fixture
def club():
    return factories.club("Riverside Club")


@pytest.fixture
def people():
    return [factories.player(name) for name in ("Ann", "Ben", "Cat", "Dan")]


def test_an_officer_starts_the_clubs_list_with_the_systems_own_provisional_count(club):
    absp = club_rating_list_start(by=None, club=club, name="Riverside", system="absp")
    assert (absp.system, absp.provisional_games, absp.scope_club) == ("absp", 30, club)
    entry = AuditEntry.objects.get(action="rating_list.create")
    assert entry.scope == f"club:{club.pk}"
    assert entry.after["provisional_games"] == 30
    with pytest.raises(RatingRefused) as refused:
        club_rating_list_start(by=None, club=club, name="Second", system="glicko2")
    assert str(refused.value) == "Riverside Club already has a rating list: Riverside."
    assert RatingList.objects.count() == 1


@pytest.mark.parametrize(("system", "count"), [("naspa", 50), ("absp", 30), ("glicko2", 0)])
def test_each_system_has_its_own_provisional_count(system, count):
    assert rating_list_create(by=None, name=system, system=system).provisional_games == count


@pytest.mark.parametrize(("games", "provisional"), [(2, True), (3, False)])
def test_a_newcomer_is_provisional_until_n_rated_games(club, people, games, provisional):
    ann, ben, cat, dan = people
    club_rating_list_start(by=None, club=club, name="Club", system="glicko2", provisional_games=3)
    night = club_night(club, DAY)
    for opponent in (ben, cat, dan)[:games]:
        game(night, ann, opponent)
    club_session_rate(by=None, session=night)
    row = PlayerRating.objects.select_related("rating_list").get(player=ann)
    assert row.games == games
    assert row.provisional is provisional


def test_a_newcomer_on_the_national_list_starts_from_it_and_is_not_provisional(club, people):
    ann, ben, *_ = people
    national = seeded_list({ann: 1700.0})
    rating_list = club_rating_list_start(
        by=None, club=club, name="Club", system="glicko2", seed_list=national, provisional_games=5
    )
    night = club_night(club, DAY)
    game(night, ann, ben)
    club_session_rate(by=None, session=night)
    changes = {c.player_id: c for c in RatingChange.objects.all()}
    assert changes[ann.pk].before == 1700.0 and changes[ben.pk].before is None
    rows = {r.player_id: r for r in PlayerRating.objects.select_related("rating_list")}
    assert (rows[ann.pk].initial_rating, rows[ann.pk].initial_games) == (1700.0, 100)
    assert rows[ann.pk].provisional is False and rows[ben.pk].provisional is True
    initial = {ann.pk: core.PlayerRating(ann.pk, 1700.0, 100)}
    assert stored(rating_list) == fresh(rating_list, [night], initial)


def test_a_national_list_cannot_start_from_a_club_list(club):
    club_list = club_rating_list_start(by=None, club=club, name="Club", system="naspa")
    with pytest.raises(RatingRefused) as refused:
        rating_list_create(by=None, name="National", system="naspa", seed_list=club_list)
    assert str(refused.value) == "A first rating can only come from a national list."


def test_deleting_a_duplicate_re_rates_the_night_to_a_fresh_rating(club, people):
    ann, ben, cat, dan = people
    rating_list = club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    night = club_night(club, DAY)
    game(night, ann, ben, 420, 380)
    twice = game(night, ann, ben, 420, 380)
    game(night, cat, dan, 350, 360)
    club_session_rate(by=None, session=night)
    with_duplicate = stored(rating_list)
    casual_game_delete(by=None, game=twice)
    assert stored(rating_list) == fresh(rating_list, [night])
    assert stored(rating_list) != with_duplicate
    assert stored(rating_list)[ann.pk][1] == 1
    history = player_rating_history(ann, None)[0]
    assert [p.rating for p in history.points] == [round(stored(rating_list)[ann.pk][0])]
    # Undo brings the game back in its place, and the ratings with it.
    deleted = AuditEntry.objects.get(action="casual_game.delete")
    casual_game_undo(by=None, club=club, entry_id=deleted.pk)
    assert CasualGame.objects.filter(pk=twice.pk).exists()
    assert stored(rating_list) == with_duplicate
    with pytest.raises(ClubRefused) as refused:
        casual_game_undo(by=None, club=club, entry_id=deleted.pk)
    assert str(refused.value) == "This change has already been undone."


def test_correcting_a_game_re_rates_and_undo_puts_it_back(club, people):
    ann, ben, *_ = people
    rating_list = club_rating_list_start(by=None, club=club, name="Club", system="naspa")
    night = club_night(club, DAY)
    played = game(night, ann, ben, 420, 380)
    club_session_rate(by=None, session=night)
    before = stored(rating_list)
    casual_game_update(
        by=None, game=played, player_a=ann, player_b=ben, score_a=300, score_b=380, rated=True
    )
    assert stored(rating_list) == fresh(rating_list, [night])
    assert stored(rating_list)[ben.pk][0] > stored(rating_list)[ann.pk][0]
    corrected = AuditEntry.objects.get(action="casual_game.correct")
    assert (corrected.before["score_a"], corrected.after["score_a"]) == (420, 300)
    casual_game_undo(by=None, club=club, entry_id=corrected.pk)
    assert stored(rating_list) == before


def test_re_rating_a_night_twice_changes_nothing_and_unrating_is_undone(club, people):
    ann, ben, cat, dan = people
    rating_list = club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    first, second = club_night(club, DAY), club_night(club, DAY + datetime.timedelta(days=7))
    game(first, ann, ben)
    game(second, ann, cat)
    club_session_rate(by=None, session=first)
    club_session_rate(by=None, session=second)
    rated = stored(rating_list)
    club_session_rerate(by=None, session=first)
    club_session_rerate(by=None, session=first)
    assert stored(rating_list) == rated == fresh(rating_list, [first, second])
    club_session_unrate(by=None, session=first)
    assert stored(rating_list) == fresh(rating_list, [second])
    assert list(rating_list.events.values_list("club_session", "order")) == [(second.pk, 1)]
    # Rated again, the earlier night goes back before the later one, as at first.
    club_session_rate(by=None, session=first)
    assert list(rating_list.events.order_by("order").values_list("club_session", flat=True)) == [
        first.pk,
        second.pk,
    ]
    assert stored(rating_list) == rated


def test_a_night_not_rated_cannot_be_re_rated_or_taken_off(club, people):
    club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    night = club_night(club, DAY)
    game(night, *people[:2])
    with pytest.raises(RatingRefused) as refused:
        club_session_rerate(by=None, session=night)
    assert str(refused.value) == "This club night is not rated yet."
    with pytest.raises(RatingRefused) as refused:
        club_session_unrate(by=None, session=night)
    assert str(refused.value) == "This club night is not rated on Club."


def test_a_club_tournament_counts_on_the_club_list_when_the_club_chooses(club, people):
    ann, ben, *_ = people
    counting = club_rating_list_start(
        by=None, club=club, name="Club", system="naspa", count_tournaments=True
    )
    national = rating_list_create(by=None, name="National")
    event = factories.tournament(club=club)
    played_division([ann, ben], [[(1, 2, 400, 300)]], event=event)
    tournament_rate(by=None, tournament=event, rating_list=national)
    assert list(counting.events.values_list("tournament", flat=True)) == [event.pk]
    assert stored(counting) == stored(national)


def test_a_club_tournament_stays_off_a_club_list_that_does_not_count_them(club, people):
    ann, ben, *_ = people
    own = club_rating_list_start(by=None, club=club, name="Club", system="naspa")
    event = factories.tournament(club=club)
    played_division([ann, ben], [[(1, 2, 400, 300)]], event=event)
    tournament_rate(by=None, tournament=event, rating_list=rating_list_create(by=None, name="N"))
    assert own.events.count() == 0


@pytest.mark.parametrize(("guests_rated", "rated"), [(False, False), (True, True)])
def test_a_game_against_a_guest_is_rated_as_the_club_chooses(club, people, guests_rated, rated):
    club_update(by=None, club=club, guests_rated=guests_rated)
    night = club_night(club, DAY)
    guest = club_guest_add(by=None, club=club, name="  Visiting   Vera ", session=night)
    assert guest.player.name == "Visiting Vera"
    assert game(night, people[0], guest.player).rated is rated
    assert night.attendances.filter(player=guest.player).exists()


def test_a_guest_who_joins_keeps_their_games_and_ratings(club, people):
    ann, *_ = people
    club_update(by=None, club=club, guests_rated=True)
    rating_list = club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    night = club_night(club, DAY)
    guest = club_guest_add(by=None, club=club, name="Vera", session=night)
    game(night, ann, guest.player, 300, 400)
    club_session_rate(by=None, session=night)
    rated = stored(rating_list)
    membership = club_guest_make_member(by=None, guest=guest)
    assert membership.player == guest.player and membership.club == club
    assert not ClubGuest.objects.exists()
    assert CasualGame.objects.filter(player_b=guest.player).count() == 1
    assert stored(rating_list) == rated
    vera = next(row for row in club_ladder(club, 2025) if row.name == "Vera")
    assert (vera.games, vera.wins) == (1, 1.0)


def test_a_guest_matched_to_a_player_hands_over_their_games_and_the_night_is_re_rated(club, people):
    ann, ben, cat, _ = people
    club_update(by=None, club=club, guests_rated=True)
    rating_list = club_rating_list_start(by=None, club=club, name="Club", system="glicko2")
    night = club_night(club, DAY)
    guest = club_guest_add(by=None, club=club, name="B. Visitor", session=night)
    game(night, ann, guest.player, 300, 400)
    game(night, cat, ben, 300, 400)
    club_session_rate(by=None, session=night)
    stand_in = guest.player
    club_guest_match(by=None, guest=guest, player=ben)
    assert not type(stand_in).objects.filter(pk=stand_in.pk).exists()
    assert CasualGame.objects.filter(player_b=ben).count() == 2
    assert stored(rating_list) == fresh(rating_list, [night])
    assert stored(rating_list)[ben.pk][1] == 2


def test_undoing_the_move_of_a_matched_guest_s_game_is_refused_and_changes_nothing(club, people):
    # Matching a guest logs each game it moves as a correction; the guest's own record is gone
    # then, so the game cannot be put back on it: a clear refusal, not a crash.
    ann, dan = people[0], people[3]
    night = club_night(club, DAY)
    guest = club_guest_add(by=None, club=club, name="B. Visitor", session=night)
    moved = game(night, ann, guest.player, 300, 400)
    club_guest_match(by=None, guest=guest, player=dan)
    entry = AuditEntry.objects.filter(action="casual_game.correct").latest("pk")
    with pytest.raises(ClubRefused) as refused:
        casual_game_undo(by=None, club=club, entry_id=entry.pk)
    assert refused.value.template.startswith("The game cannot be put back: a player it had")
    moved.refresh_from_db()
    assert (moved.player_a_id, moved.player_b_id) == (ann.pk, dan.pk)


def test_undoing_a_move_whose_players_are_all_there_still_puts_it_back(club, people):
    ann, ben, cat, _ = people
    night = club_night(club, DAY)
    played = game(night, ann, ben)
    casual_game_update(
        by=None, game=played, player_a=ann, player_b=cat, score_a=400, score_b=300, rated=True
    )
    entry = AuditEntry.objects.filter(action="casual_game.correct").latest("pk")
    casual_game_undo(by=None, club=club, entry_id=entry.pk)
    played.refresh_from_db()
    assert played.player_b_id == ben.pk


def test_a_guest_cannot_be_matched_to_someone_they_played(club, people):
    ann, *_ = people
    night = club_night(club, DAY)
    guest = club_guest_add(by=None, club=club, name="Vera", session=night)
    game(night, ann, guest.player)
    with pytest.raises(ClubRefused) as refused:
        club_guest_match(by=None, guest=guest, player=ann)
    assert str(refused.value) == "Vera played Ann at a club night: they cannot be the same person."
    assert ClubGuest.objects.filter(pk=guest.pk).exists()


def test_twenty_pasted_names_become_members_with_one_duplicate_reviewed(club, people):
    ann = people[0]
    names = "\n".join(["Ann", *(f"Member {n}" for n in range(1, 20))])
    plan = plan_rows(parse_pasted_names(names), set(), viewer=None)
    assert [p.row.name for p in plan.duplicates] == ["Ann"]
    choices = [(p.row, str(ann.pk) if p.row.name == "Ann" else NEW) for p in plan.rows]
    added = memberships_import(by=None, club=club, rows=choices)
    assert len(added) == 20
    assert club.memberships.filter(player=ann).exists()
    assert AuditEntry.objects.filter(action="membership.add", scope=f"club:{club.pk}").count() == 20
    # The same paste again: everyone is a member already, nothing is added twice.
    again = plan_rows(parse_pasted_names(names), {m.player_id for m in added}, viewer=None)
    assert again.rows[0].entered == {ann.pk}
    with pytest.raises(ClubRefused) as refused:
        memberships_import(by=None, club=club, rows=[(again.rows[0].row, str(ann.pk))])
    assert str(refused.value) == "Line 1: Ann is already a member of this club."
    assert club.memberships.count() == 20


def test_a_lapsed_member_keeps_the_date_it_lapsed(club, people):
    from clubs.services import membership_set_status

    membership = Membership.objects.create(club=club, player=people[0])
    membership_set_status(by=None, membership=membership, status="lapsed", on=DAY)
    membership.refresh_from_db()
    assert (membership.status, membership.status_since) == ("lapsed", DAY)


def test_a_club_tournament_rated_on_the_clubs_list_starts_newcomers_from_the_national_list(
    club, people
):
    ann, ben, *_ = people
    national = seeded_list({ann: 1650.0})
    own = club_rating_list_start(
        by=None, club=club, name="Club", system="naspa", seed_list=national
    )
    event = factories.tournament(club=club)
    played_division([ann, ben], [[(1, 2, 400, 300)]], event=event)
    tournament_rate(by=None, tournament=event, rating_list=own)
    change = RatingChange.objects.get(player=ann, event__rating_list=own)
    assert change.before == 1650.0
