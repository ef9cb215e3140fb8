"""Tournaments, divisions and registration from the command line: create_tournament,
add_division, register. Each refusal leaves the database as it was."""

import datetime
from decimal import Decimal

import pytest

from core.models import AuditEntry
from tests import factories
from tests.command_runs import refused, run
from tournaments.models import Division, Entry, Tournament, TournamentRole

pytestmark = pytest.mark.django_db


# create_tournament --------------------------------------------------------------------------


def test_create_tournament_with_every_option(director):
    out = run(
        "create_tournament",
        "Leeds Open",
        "--start", "2025-05-03",
        "--end", "2025-05-04",
        "--venue", "Town Hall",
        "--rules", "wespa",
        "--director", director.username,
        "--private",
    )  # fmt: skip
    assert out == "Created Leeds Open (slug leeds-open).\nPrintouts on A4; times in UTC.\n"
    event = Tournament.objects.get()
    assert (event.start_date, event.end_date, event.venue, event.rules_preset) == (
        datetime.date(2025, 5, 3),
        datetime.date(2025, 5, 4),
        "Town Hall",
        "wespa",
    )
    assert event.is_public is False
    assert TournamentRole.objects.get().user == director
    assert AuditEntry.objects.get().action == "tournament.create"


def test_create_tournament_takes_a_given_slug_and_defaults():
    out = run("create_tournament", "Leeds Open", "--slug", "lo25")
    event = Tournament.objects.get(slug="lo25")
    assert out == "Created Leeds Open (slug lo25).\nPrintouts on A4; times in UTC.\n"
    assert (event.rules_preset, event.is_public, event.roles.count()) == ("naspa", True, 0)


def test_create_tournament_refuses_a_slug_taken():
    factories.tournament(slug="lo25")
    assert "slug: Tournament with this Slug already exists." in refused(
        "create_tournament", "Leeds Open", "--slug", "lo25"
    )


def test_create_tournament_refuses_an_end_before_the_start():
    message = refused(
        "create_tournament", "Leeds Open", "--start", "2025-05-04", "--end", "2025-05-03"
    )
    assert message == "The last day (--end) cannot be before the first (--start)."


def test_create_tournament_refuses_an_unknown_director_or_rule_set():
    assert refused("create_tournament", "X", "--director", "nobody") == (
        "No user is called “nobody”."
    )
    assert "invalid choice: 'scrabble'" in refused("create_tournament", "X", "--rules", "scrabble")


def test_create_tournament_refuses_an_empty_name():
    assert refused("create_tournament", " ") == "name: This field cannot be blank."


# add_division -------------------------------------------------------------------------------


def test_add_division_with_a_plan_and_spreads(event):
    out = run(
        "add_division", event.slug, "A", "--rounds", "7", "--plan", "1-6 swiss; 7 koth",
        "--bye-spread", "75", "--forfeit-spread", "100", "--max-repeats", "1",
        "--prize-places", "5",
    )  # fmt: skip
    assert out == f"Added division A to {event.name}: 7 rounds.\n"
    division = Division.objects.get()
    assert (
        division.rounds,
        division.pairing_plan,
        division.bye_spread,
        division.forfeit_spread,
        division.max_repeats,
        division.prize_places,
    ) == (7, "1-6 swiss; 7 koth", 75, 100, 1, 5)
    assert AuditEntry.objects.get().tournament_id == event.pk


def test_add_division_keeps_the_defaults_of_options_not_given(event):
    run("add_division", event.slug, "B", "--rounds", "3")
    division = Division.objects.get()
    assert (division.pairing_plan, division.bye_spread, division.max_repeats) == ("", 50, 0)


def test_add_division_refuses_a_bad_plan(event):
    message = refused("add_division", event.slug, "A", "--rounds", "7", "--plan", "1-9 koth")
    assert message == "The step “1-9 koth” reaches round 9, outside the event's 7 rounds."
    assert refused("add_division", event.slug, "A", "--rounds", "7", "--plan", "1-7 bogus") == (
        "There is no pairing system called “bogus”."
    )


def test_add_division_refuses_a_name_taken_or_no_rounds(event):
    factories.division(event, name="A")
    assert refused("add_division", event.slug, "A", "--rounds", "7") == (
        "The tournament already has a division called “A”."
    )
    # --rounds is the division page's field (``DivisionForm``), bounds and message alike.
    assert refused("add_division", event.slug, "B", "--rounds", "0") == (
        "Error: argument --rounds: Enter a whole number from 1 to 32767."
    )
    assert refused("add_division", event.slug, "B", "--rounds", "32768") == (
        "Error: argument --rounds: Enter a whole number from 1 to 32767."
    )
    assert refused("add_division", event.slug, "B", "--rounds", "7", "--bye-spread", "5001") == (
        "Error: argument --bye-spread: Enter a whole number from 1 to 5000."
    )
    assert refused("add_division", event.slug, "B", "--rounds", "7", "--bye-spread", "0") == (
        "Error: argument --bye-spread: Enter a whole number from 1 to 5000."
    )
    run("add_division", event.slug, "B", "--rounds", "32767", "--bye-spread", "1")
    assert event.divisions.get(name="B").rounds == 32767


def test_add_division_refuses_an_unknown_tournament():
    assert refused("add_division", "nope", "A", "--rounds", "7") == (
        "No tournament has the slug “nope”."
    )


# register -----------------------------------------------------------------------------------


@pytest.fixture
def division(event):
    return factories.division(event, name="A", rounds=5)


def test_register_by_name_checks_in_and_records_payment(division):
    anna = factories.player("Anna Smith", rating=1800)
    out = run(
        "register", division.tournament.slug, "--division", "A", "--name", "Anna Smith",
        "--check-in", "--paid", "cash",
    )  # fmt: skip
    assert out == "Anna Smith entered in division A as #1 (Checked in).\n"
    entry = Entry.objects.get()
    assert (entry.player, entry.rating, entry.status, entry.payment_note) == (
        anna,
        1800,
        "checked_in",
        "cash",
    )
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["entry.add", "entry.paid"]


def test_register_by_id_late_with_a_rating_then_withdrawn(division):
    factories.entries(division, 2)
    ben = factories.player("Ben Jones", rating=1500)
    out = run(
        "register", division.tournament.slug, "--player", str(ben.pk), "--rating", "1600",
        "--joins-at-round", "2", "--withdraw-after", "4",
    )  # fmt: skip
    assert out.splitlines() == [
        "Ben Jones entered in division A as #3 (Registered).",
        "Joins at round 2.",
        "Withdrawn after round 4.",
    ]
    entry = Entry.objects.get(player=ben)
    assert (entry.rating, entry.joins_at_round, entry.withdrawn_after_round) == (1600, 2, 4)
    assert entry.starting_wins == Decimal(0)


@pytest.mark.parametrize("rating", ["-1", "3501", "high", "2³"])
def test_register_refuses_a_rating_that_is_not_one(division, rating):
    anna = factories.player("Anna Smith")
    message = refused(
        "register", division.tournament.slug, "--player", str(anna.pk), "--rating", rating
    )
    assert message == (
        f"Error: argument --rating: “{rating}” is not a rating (a whole number from 0 to 3500)."
    )


@pytest.mark.parametrize("rating", [0, 3500])
def test_register_takes_a_rating_at_either_bound(division, rating):
    anna = factories.player("Anna Smith")
    run("register", division.tournament.slug, "--player", str(anna.pk), "--rating", str(rating))
    assert Entry.objects.get().rating == rating


def test_register_refused_withdrawal_leaves_no_entry(division):
    anna = factories.player("Anna Smith")
    message = refused(
        "register", division.tournament.slug, "--player", str(anna.pk), "--withdraw-after", "5"
    )
    assert message == "A player who joins at round 1 can withdraw after round 0 to 4."


def test_register_refuses_a_player_already_entered(division):
    entry = factories.entries(division, 1)[0]
    message = refused("register", division.tournament.slug, "--player", str(entry.player_id))
    assert message == f"{entry.player.name} is already entered in this division."


def test_register_refuses_unknown_or_ambiguous_names(division):
    first = factories.player("Anna Smith")
    twin = factories.player("Anna Smith")
    slug = division.tournament.slug
    assert refused("register", slug, "--name", "Anna") == "No player is called “Anna”."
    assert refused("register", slug, "--name", "Anna Smith") == (
        f"Several players are called “Anna Smith” (ids {first.pk}, {twin.pk}); "
        "choose one with --player."
    )
    assert refused("register", slug, "--player", str(twin.pk + 50)) == (
        f"No player has the id {twin.pk + 50}."
    )


def test_register_needs_exactly_one_way_to_name_the_player(division):
    slug = division.tournament.slug
    assert "one of the arguments --player --name is required" in refused("register", slug)
    assert "not allowed with argument" in refused("register", slug, "--player", "1", "--name", "X")


def test_register_asks_which_division_when_there_are_several(division):
    factories.division(division.tournament, name="B")
    anna = factories.player("Anna Smith")
    message = refused("register", division.tournament.slug, "--player", str(anna.pk))
    assert message == "Choose a division with --division (this tournament has: A, B)."


def test_register_as_the_director_is_audited_as_them(division, director):
    anna = factories.player("Anna Smith")
    run(
        "register", division.tournament.slug, "--player", str(anna.pk), "--paid", "cash",
        "--withdraw-after", "3", "--user", director.username,
    )  # fmt: skip
    actors = list(AuditEntry.objects.order_by("pk").values_list("action", "actor"))
    assert actors == [
        ("entry.add", director.pk),
        ("entry.paid", director.pk),
        ("entry.withdraw", director.pk),
    ]


def test_register_as_someone_who_may_not_change_the_division_is_refused(division, stranger):
    anna = factories.player("Anna Smith")
    slug = division.tournament.slug
    message = refused("register", slug, "--player", str(anna.pk), "--user", stranger.username)
    assert message == f"{stranger.username} may not do this in {division}."
    assert refused("register", slug, "--player", str(anna.pk), "--user", "nobody") == (
        "No user is called “nobody”."
    )


def test_register_a_late_entry_with_a_starting_record(division):
    ben = factories.player("Ben Jones")
    run(
        "register", division.tournament.slug, "--player", str(ben.pk), "--joins-at-round", "3",
        "--starting-wins", "1.5", "--starting-losses", "0.5", "--starting-spread", "-80",
    )  # fmt: skip
    entry = Entry.objects.get(player=ben)
    record = (entry.starting_wins, entry.starting_losses, entry.starting_spread)
    assert record == (Decimal("1.5"), Decimal("0.5"), -80)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (
            ("--joins-at-round", "3", "--starting-wins", "1.5"),
            "A starting record must add up to whole games (wins plus losses).",
        ),
        (
            ("--joins-at-round", "2", "--starting-spread", "40"),
            "A starting spread needs a starting record of at least one game.",
        ),
        (
            ("--joins-at-round", "2", "--starting-wins", "1", "--starting-losses", "1"),
            "A starting record holds the games of the rounds missed: at most 1 for a player "
            "joining at round 2.",
        ),
        (
            ("--starting-losses", "1"),
            "A starting record holds the games of the rounds missed: at most 0 for a player "
            "joining at round 1.",
        ),
    ],
)
def test_register_refuses_a_starting_record_the_page_refuses(division, typed, said):
    ben = factories.player("Ben Jones")
    assert refused("register", division.tournament.slug, "--player", str(ben.pk), *typed) == said


@pytest.mark.parametrize(
    ("option", "typed", "said"),
    [
        ("--starting-wins", "-1", "Ensure this value is greater than or equal to 0."),
        ("--starting-losses", "0.25", "Ensure that there are no more than 1 decimal place."),
        ("--starting-losses", "many", "Enter a number."),
        ("--starting-spread", "1.5", "Enter a whole number."),
        (
            "--starting-spread",
            "-1000001",
            "Ensure this value is greater than or equal to -1000000.",
        ),
    ],
)
def test_register_reads_a_starting_record_as_the_page_does(division, option, typed, said):
    ben = factories.player("Ben Jones")
    message = refused("register", division.tournament.slug, "--player", str(ben.pk), option, typed)
    assert message == f"Error: argument {option}: {said}"
