"""Results from the command line: `result` (the entry page's line), `audit` and `undo`.
Each refusal leaves the database as it was."""

import pytest
from django.utils.timezone import localtime

from core.models import AuditEntry
from tests import factories
from tests.command_runs import database_state, refused, run
from tests.tournaments.division_setup import field
from tournaments.models import Pairing, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(director):
    """Division A, round 1 paired: table 1 #1 v #2, table 2 #3 v #4, #5 has a bye."""
    division, entries = field(5, director=director, rounds=3, name="A")
    factories.round_with_pairings(division, entries)
    names = {e.number: e.player.name for e in entries}
    return division.tournament.slug, names


def result(slug: str, line: str, *extra: str) -> str:
    return run("result", slug, line, "--division", "A", "--round", "1", *extra)


def pairing_at(table: int) -> Pairing:
    return Pairing.objects.get(round__number=1, table=table)


def test_table_line_prints_the_names_and_the_saved_result(desk):
    slug, names = desk
    out = result(slug, "1 380 402")
    audit = AuditEntry.objects.get()
    assert out.splitlines() == [
        f"Round 1, table 1: #1 {names[1]} – #2 {names[2]}",
        f"Saved: 380–402 (audit entry {audit.pk}).",
    ]
    pairing = pairing_at(1)
    assert (pairing.first_score, pairing.second_score, pairing.version) == (380, 402, 1)
    assert (audit.action, audit.actor) == ("result.record", None)


def test_player_line_puts_the_scores_on_the_right_sides(desk):
    slug, _names = desk
    result(slug, "4 410 3 350")
    pairing = pairing_at(2)
    assert (pairing.first.number, pairing.first_score, pairing.second_score) == (3, 350, 410)


def test_forfeit_line(desk):
    slug, _names = desk
    out = result(slug, "f 2")
    assert out.splitlines()[-1].startswith("Saved: forfeit by #2 (audit entry ")
    pairing = pairing_at(1)
    assert (pairing.kind, pairing.forfeited_by.number) == ("forfeit", 2)


def test_the_same_result_again_changes_nothing(desk):
    slug, _names = desk
    result(slug, "1 380 402")
    before = database_state()
    assert result(slug, "1 380 402").splitlines()[-1] == "Already saved: 380–402."
    assert database_state() == before


def test_unusual_scores_need_confirm(desk):
    slug, _names = desk
    message = refused("result", slug, "1 50 402", "--division", "A", "--round", "1")
    assert message.splitlines() == [
        "A score of 50 is unusually low.",
        "Nothing was saved; add --confirm to save it.",
    ]
    result(slug, "1 50 402", "--confirm")
    assert (pairing_at(1).first_score, pairing_at(1).second_score) == (50, 402)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("1 abc 402", "“abc” is not a number."),
        ("1 380", "Type “table score score”, “player score player score”, “f player” or “ff table”."),
        ("9 380 402", "There is no table 9 in round 1."),
        ("5 380 1 402", "Player 5 has a bye in round 1; a bye needs no result."),
        ("1 380 3 402", "Player 1 plays 2 in round 1, not 3."),
    ],
)  # fmt: skip
def test_lines_that_name_no_game_are_refused(desk, line, reason):
    slug, _names = desk
    assert refused("result", slug, line, "--division", "A", "--round", "1") == reason


def test_a_round_not_paired_is_refused(desk):
    slug, _names = desk
    message = refused("result", slug, "1 380 402", "--division", "A", "--round", "2")
    assert message == "Round 2 of division A has not been paired."


def test_user_who_runs_the_event_is_recorded(desk, director):
    slug, _names = desk
    result(slug, "1 380 402", "--user", director.username)
    assert AuditEntry.objects.get().actor == director


def test_an_assistant_may_enter_results(desk):
    slug, _names = desk
    helper = factories.user()
    event = pairing_at(1).round.division.tournament
    TournamentRole.objects.create(tournament=event, user=helper, role=TournamentRole.Role.ASSISTANT)
    result(slug, "1 380 402", "--user", helper.username)
    assert AuditEntry.objects.get().actor == helper


def test_a_stranger_or_unknown_user_is_refused(desk, stranger):
    slug, _names = desk
    args = ("result", slug, "1 380 402", "--division", "A", "--round", "1", "--user")
    event = pairing_at(1).round.division.tournament
    assert refused(*args, stranger.username) == (
        f"{stranger.username} may not do this in {event.name} – A."
    )
    assert refused(*args, "nobody") == "No user is called “nobody”."


# audit and undo -----------------------------------------------------------------------------


def _recorded(slug: str, *lines: str) -> list[AuditEntry]:
    for line in lines:
        result(slug, line, "--replace")
    return list(AuditEntry.objects.order_by("pk"))


def test_audit_lists_result_changes_newest_first_with_their_ids(desk, director):
    slug, names = desk
    first, second = _recorded(slug, "1 380 402", "1 390 402")
    factories.player()  # not a result change: never listed
    lines = run("audit", slug).splitlines()
    game = f"R1 T1 {names[1]} – {names[2]}"
    assert lines == [
        f"{second.pk:>6}  {localtime(second.at):%Y-%m-%d %H:%M}  system  Result saved  {game}: "
        "380–402 → 390–402",
        f"{first.pk:>6}  {localtime(first.at):%Y-%m-%d %H:%M}  system  Result saved  {game}: "
        "no result → 380–402",
    ]
    assert run("audit", slug, "--limit", "1").splitlines() == lines[:1]


def test_audit_marks_undone_changes_and_the_undo(desk, director):
    slug, _names = desk
    (saved,) = _recorded(slug, "1 380 402")
    run("undo", slug, str(saved.pk), "--user", director.username)
    undo = AuditEntry.objects.get(action="result.undo")
    lines = run("audit", slug).splitlines()
    assert lines[0].startswith(f"{undo.pk:>6}  ")
    assert f"  {director.username}  Undo  " in lines[0]
    assert lines[0].endswith(f"380–402 → no result  (undoes {saved.pk})")
    assert lines[1].endswith(f"no result → 380–402  (undone by {undo.pk})")


def test_audit_of_an_event_without_results(desk):
    slug, _names = desk
    assert run("audit", slug) == "Nothing has changed yet.\n"
    for limit in ("0", "1000001", "99999999999999999999"):
        assert refused("audit", slug, "--limit", limit) == (
            "Error: argument --limit: Enter a whole number from 1 to 1000000."
        )
    assert run("audit", slug, "--limit", "1000000") == "Nothing has changed yet.\n"


def test_undo_restores_the_result_before(desk):
    slug, names = desk
    first, second = _recorded(slug, "1 380 402", "1 390 402")
    out = run("undo", slug, str(second.pk))
    undo = AuditEntry.objects.get(action="result.undo")
    assert out == (
        f"Round 1, table 1: #1 {names[1]} – #2 {names[2]}\n"
        f"Undid {second.pk}; the game's result is now: 380–402 (audit entry {undo.pk}).\n"
    )
    assert (pairing_at(1).first_score, undo.undoes, undo.actor) == (380, second, None)


def test_undo_refuses_what_cannot_be_undone(desk):
    slug, _names = desk
    first, second = _recorded(slug, "1 380 402", "1 390 402")
    assert refused("undo", slug, str(first.pk)) == (
        "This result changed again since (now version 2); undo the later change first."
    )
    run("undo", slug, str(second.pk))
    assert refused("undo", slug, str(second.pk)) == "This change has already been undone."


def test_undo_refuses_an_entry_of_another_event_or_not_a_result(desk):
    slug, _names = desk
    other = factories.tournament()
    (saved,) = _recorded(slug, "1 380 402")
    assert refused("undo", other.slug, str(saved.pk)) == (
        f"{other.name} has no audit entry {saved.pk}."
    )
    run("add_division", slug, "B", "--rounds", "3")
    division_entry = AuditEntry.objects.get(action="division.create")
    assert refused("undo", slug, str(division_entry.pk)) == (
        "Only result changes can be undone here."
    )


def test_undo_as_a_stranger_is_refused(desk, stranger):
    slug, _names = desk
    (saved,) = _recorded(slug, "1 380 402")
    message = refused("undo", slug, str(saved.pk), "--user", stranger.username)
    assert message.startswith(f"{stranger.username} may not do this in ")
