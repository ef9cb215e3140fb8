"""Correcting a result after the tournament was rated: directors only, and the lists re-rate."""

import pytest
from django.urls import reverse

from core.models import AuditEntry
from ratings.models import PlayerRating, RatingChange
from ratings.services import tournament_rate
from tests import factories
from tests.ratings.rating_world import played_division, seeded_list
from tournaments.models import Pairing
from tournaments.services import results as services

pytestmark = pytest.mark.django_db

SEEDS = {"Anna": 1700, "Ben": 1600, "Cleo": 1500}


@pytest.fixture
def rated(director):
    """Two events rated in order on one list; the first one's only game is Anna v Ben."""
    assistant = factories.user()
    people = {name: factories.player(name) for name in SEEDS}
    anna, ben, cleo = people.values()
    national = seeded_list({people[name]: rating for name, rating in SEEDS.items()})
    event = factories.tournament(director=director, assistant=assistant)
    first = played_division([anna, ben], [[(1, 2, 300, 450)]], event=event)
    second = played_division([anna, cleo, ben], [[(1, 2, 400, 380), (3, None, 50, None)]])
    for division in (first, second):
        tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    return {
        "list": national,
        "people": people,
        "first": first,
        "second": second,
        "game": Pairing.objects.get(round__division=first),
        "assistant": assistant,
    }


def ratings(rating_list) -> dict[str, float]:
    rows = PlayerRating.objects.filter(rating_list=rating_list).select_related("player")
    return {row.player.name: row.rating for row in rows}


def changes(rating_list) -> dict[tuple[str, str], tuple[float | None, float]]:
    """Each stored change as (division, player) -> (before, after)."""
    rows = RatingChange.objects.filter(event__rating_list=rating_list).select_related(
        "player", "event__division"
    )
    return {(row.event.division.name, row.player.name): (row.before, row.after) for row in rows}


def fresh_rating(rated) -> tuple[dict, dict]:
    """Rate both events from the same seeds into a new list, as if never rated before."""
    fresh = seeded_list(
        {rated["people"][name]: rating for name, rating in SEEDS.items()}, name="Fresh"
    )
    for division in (rated["first"], rated["second"]):
        tournament_rate(by=None, tournament=division.tournament, rating_list=fresh)
    return ratings(fresh), changes(fresh)


def correct(by, game, first_score=450, second_score=300):
    game.refresh_from_db()
    return services.result_record(
        by=by,
        pairing_id=game.pk,
        first_score=first_score,
        second_score=second_score,
        expected_version=game.version,
    )


def test_a_director_corrects_a_rated_result_and_every_later_rating_follows(director, rated):
    national = rated["list"]
    ratings_before, changes_before = ratings(national), changes(national)
    correct(director, rated["game"])
    # Anna won the first game after all: her rating going into the second event moved too.
    later = (rated["second"].name, "Anna")
    assert changes(national)[later][0] != changes_before[later][0]
    assert ratings(national) != ratings_before
    assert (ratings(national), changes(national)) == fresh_rating(rated)
    recompute = AuditEntry.objects.get(action="rating_list.recompute")
    assert (recompute.actor, recompute.after["from_order"]) == (director, 1)


def test_a_system_correction_also_rerates(rated):
    correct(None, rated["game"])
    assert (ratings(rated["list"]), changes(rated["list"])) == fresh_rating(rated)


def test_an_assistant_is_told_a_director_must_correct_a_rated_result(rated):
    national = rated["list"]
    ratings_before, audit_count = ratings(national), AuditEntry.objects.count()
    with pytest.raises(services.ResultRefused) as caught:
        correct(rated["assistant"], rated["game"])
    assert str(caught.value) == (
        "The tournament is finalized and rated; only a director can correct its results."
    )
    with pytest.raises(services.ResultRefused):
        services.result_clear(
            by=rated["assistant"], pairing_id=rated["game"].pk, expected_version=None
        )
    rated["game"].refresh_from_db()
    assert (rated["game"].first_score, rated["game"].second_score) == (300, 450)
    assert ratings(national) == ratings_before
    assert AuditEntry.objects.count() == audit_count


def test_undoing_a_correction_rerates_back_to_the_original_ratings(director, rated):
    national = rated["list"]
    ratings_before, changes_before = ratings(national), changes(national)
    outcome = correct(director, rated["game"])
    assert ratings(national) != ratings_before
    with pytest.raises(services.ResultRefused):
        services.audit_undo(by=rated["assistant"], entry_id=outcome.audit_entry.pk)
    services.audit_undo(by=director, entry_id=outcome.audit_entry.pk)
    assert (ratings(national), changes(national)) == (ratings_before, changes_before)
    assert AuditEntry.objects.filter(action="rating_list.recompute").count() == 2


def test_clearing_a_rated_result_takes_the_game_out_of_the_ratings(director, rated):
    services.result_clear(by=director, pairing_id=rated["game"].pk, expected_version=None)
    after = changes(rated["list"])
    assert not any(division == rated["first"].name for division, _player in after)
    # With the first game gone, Anna comes to the second event on her seed rating.
    assert after[(rated["second"].name, "Anna")][0] == SEEDS["Anna"]


def test_an_unrated_tournament_changes_no_rating_list(director):
    anna, ben = factories.player("Anna"), factories.player("Ben")
    event = factories.tournament(director=director)
    division = played_division([anna, ben], [[(1, 2, 300, 450)]], event=event)
    correct(director, Pairing.objects.get(round__division=division))
    assert not AuditEntry.objects.filter(action="rating_list.recompute").exists()


def test_the_result_page_shows_the_assistant_the_refusal(client, rated):
    game = rated["game"]
    client.force_login(rated["assistant"])
    url = reverse("tournaments:result_edit", args=[rated["first"].tournament.slug, game.pk])
    response = client.post(
        url, {"kind": "played", "first_score": 450, "second_score": 300, "version": game.version}
    )
    assert response.status_code == 422
    assert "only a director can correct its results" in response.content.decode()
