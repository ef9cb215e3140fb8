"""`manage.py result` asks what the result entry page and the console ask, as options: who won a
tie the division's rules give a winner (`--tie-won-by`), and whether to replace a stored result
(`--replace`). Without the answer it refuses, saying what to add, and saves nothing."""

import pytest

from tests import factories
from tests.command_runs import refused, run
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def event_of(director, preset: str = "naspa") -> str:
    """Division A, round 1 paired: table 1 #1 v #2, table 2 #3 v #4."""
    event = factories.tournament(director=director, rules_preset=preset)
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 4))
    return event.slug


def result(slug: str, line: str, *extra: str) -> str:
    return run("result", slug, line, "--round", "1", *extra)


def table(number: int) -> Pairing:
    return Pairing.objects.select_related("playoff_winner").get(round__number=1, table=number)


@pytest.mark.parametrize(
    ("preset", "rule"),
    [
        ("thai", "a play-off word decides it"),
        ("home", "the player who led before the tiles left on the racks were counted"),
    ],
)
def test_a_tie_the_rules_break_is_refused_without_its_winner(director, preset, rule):
    slug = event_of(director, preset)
    text = refused("result", slug, "1 400 400", "--round", "1")
    assert rule in text
    assert "add --tie-won-by N, the player number of who won the tie" in text
    assert table(1).first_score is None


@pytest.mark.parametrize("preset", ["thai", "home"])
def test_a_tie_is_saved_with_the_winner_named_by_number(director, preset):
    slug = event_of(director, preset)
    out = result(slug, "1 400 400", "--tie-won-by", "2")
    saved = table(1)
    assert (saved.first_score, saved.second_score, saved.playoff_winner.number) == (400, 400, 2)
    assert f"tie won by {saved.second.player.name} (#2)" in out


@pytest.mark.parametrize(
    ("line", "winner"), [("1 400 400", "3"), ("1 400 390", "1"), ("2 400 400", "1")]
)
def test_a_winner_not_of_the_tied_game_is_refused(director, line, winner):
    slug = event_of(director, "thai")
    text = refused("result", slug, line, "--round", "1", "--tie-won-by", winner)
    assert "Only a tied game has a play-off" in text


def test_a_tie_that_stands_needs_no_winner(director):
    slug = event_of(director, "naspa")
    assert "Saved: 400–400" in result(slug, "1 400 400")


def test_a_stored_result_is_not_replaced_unasked(director):
    slug = event_of(director)
    result(slug, "1 400 300")
    text = refused("result", slug, "1 300 400", "--round", "1")
    assert "It already has a result: 400–300." in text
    assert "Nothing was saved; add --replace to replace it." in text
    assert (table(1).first_score, table(1).second_score) == (400, 300)


def test_a_stored_result_is_replaced_with_replace(director):
    slug = event_of(director)
    result(slug, "1 400 300")
    assert "Saved: 300–400" in result(slug, "1 300 400", "--replace")
    assert (table(1).first_score, table(1).second_score) == (300, 400)


def test_the_stored_result_typed_again_is_already_saved(director):
    slug = event_of(director)
    result(slug, "1 400 300")
    assert "Already saved: 400–300." in result(slug, "1 400 300")
