"""Recording, clearing and undoing results: checks, versions and the audit trail."""

import pytest
from django.utils import timezone

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing
from tournaments.results.result_entry import parse_entry_line
from tournaments.selectors.rounds import unreported_games
from tournaments.services import results as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event):
    """Round 1 of a five-player division: T1 #1 v #2, T2 #3 v #4, #5 has the bye."""
    division = factories.division(event)
    entries = factories.entries(division, 5)
    round_ = factories.round_with_pairings(division, entries)
    return {
        "round": round_,
        "entries": entries,
        "t1": round_.pairings.get(table=1),
        "t2": round_.pairings.get(table=2),
        "bye": round_.pairings.get(second__isnull=True),
    }


def record(by, pairing, first, second, version=0, **kw):
    return services.result_record(
        by=by,
        pairing_id=pairing.pk,
        first_score=first,
        second_score=second,
        expected_version=version,
        **kw,
    )


def test_recording_saves_scores_bumps_version_and_audits(director, game):
    outcome = record(director, game["t1"], 402, 380)
    pairing = Pairing.objects.get(pk=game["t1"].pk)
    assert (pairing.first_score, pairing.second_score, pairing.version) == (402, 380, 1)
    assert pairing.reported_at is not None
    entry = AuditEntry.objects.get()
    assert entry == outcome.audit_entry
    assert (entry.actor, entry.action, entry.object_id) == (
        director,
        "result.record",
        str(pairing.pk),
    )
    assert entry.tournament_id == game["round"].division.tournament_id
    assert entry.before == {
        "kind": "played",
        "first_score": None,
        "second_score": None,
        "forfeited_by": None,
        "reported_at": None,
        "version": 0,
    }
    assert entry.after == {
        "kind": "played",
        "first_score": 402,
        "second_score": 380,
        "forfeited_by": None,
        "reported_at": pairing.reported_at.isoformat(),
        "version": 1,
    }
    assert abs((timezone.now() - entry.at).total_seconds()) < 60


def test_a_stale_version_raises_a_conflict_with_both_versions(director, stranger, game):
    record(director, game["t1"], 402, 380)
    with pytest.raises(services.ResultConflict) as caught:
        record(stranger, game["t1"], 380, 402, version=0)
    assert caught.value.current["first_score"] == 402
    assert caught.value.current["version"] == 1
    assert caught.value.yours == {
        "kind": "played",
        "first_score": 380,
        "second_score": 402,
        "forfeited_by": None,
    }
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 1)
    assert AuditEntry.objects.count() == 1


def test_keep_mine_saves_over_the_version_it_has_seen(director, game):
    record(director, game["t1"], 402, 380)
    record(director, game["t1"], 380, 402, version=1)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (380, 2)


def test_saving_the_same_result_again_is_no_conflict_and_no_change(director, game):
    record(director, game["t1"], 402, 380)
    outcome = record(director, game["t1"], 402, 380, version=0)
    assert not outcome.changed
    assert outcome.after["version"] == 1
    assert AuditEntry.objects.count() == 1


def test_commands_without_a_version_save_under_the_lock_alone(director, game):
    record(director, game["t1"], 402, 380)
    record(None, game["t1"], 410, 380, version=None)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (410, 2)
    assert AuditEntry.objects.first().actor is None


@pytest.mark.parametrize(
    ("first", "second", "reasons"),
    [
        (95, 400, ["A score of 95 is unusually low."]),
        (450, 910, ["A score of 910 is unusually high."]),
        (700, 150, ["A spread of 550 is unusually large."]),
    ],
)
def test_unusual_scores_wait_for_confirmation(director, game, first, second, reasons):
    with pytest.raises(services.UnusualResult) as caught:
        record(director, game["t1"], first, second)
    assert [str(r) for r in caught.value.reasons] == reasons
    assert AuditEntry.objects.count() == 0
    record(director, game["t1"], first, second, confirm_unusual=True)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score) == (first, second)


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (-5001, 400, "A score cannot be under -5000 (-5001)."),
        (None, 400, "A played game needs both scores."),
    ],
)
def test_impossible_scores_are_refused_even_when_confirmed(director, game, first, second, message):
    with pytest.raises(services.ResultRefused) as caught:
        record(director, game["t1"], first, second, confirm_unusual=True)
    assert str(caught.value) == message
    assert AuditEntry.objects.count() == 0


def test_a_bye_takes_no_result(director, game):
    with pytest.raises(services.ResultRefused) as caught:
        record(director, game["bye"], 400, 300)
    assert str(caught.value) == "Player 5 has a bye in round 1; a bye needs no result."


def test_results_of_a_finalized_tournament_change_only_for_a_director(director, game):
    # Corrections after rating and the re-rating they cause: tests/tournaments/
    # test_result_corrections.py.
    tournament = game["round"].division.tournament
    assistant = factories.user()
    tournament.roles.create(user=assistant, role="assistant")
    tournament.finalized_at = timezone.now()
    tournament.save()
    with pytest.raises(services.ResultRefused):
        record(assistant, game["t1"], 400, 300)
    record(director, game["t1"], 400, 300)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score) == (400, 300)


def test_a_forfeit_records_who_forfeited_without_scores(director, game):
    loser = game["entries"][1]
    record(director, game["t1"], None, None, kind="forfeit", forfeited_by_id=loser.pk)
    game["t1"].refresh_from_db()
    assert (game["t1"].kind, game["t1"].forfeited_by, game["t1"].first_score) == (
        "forfeit",
        loser,
        None,
    )


def test_only_a_player_of_the_game_can_forfeit_it(director, game):
    outsider = game["entries"][3]
    with pytest.raises(services.ResultRefused):
        record(director, game["t1"], None, None, kind="forfeit", forfeited_by_id=outsider.pk)


def test_scoresheet_mismatch_asks_for_confirmation(director, game, monkeypatch):
    class Sheet:
        first_score, second_score = 410, 390
        has_final_scores = True

    # Stands in for the reverse OneToOne the games app will add (related_name="game").
    monkeypatch.setattr(Pairing, "game", property(lambda p: Sheet()), raising=False)
    with pytest.raises(services.UnusualResult) as caught:
        record(director, game["t1"], 390, 410)
    assert [str(r) for r in caught.value.reasons] == ["The scoresheet says 410–390, not 390–410."]
    record(director, game["t1"], 410, 390)
    game["t1"].refresh_from_db()
    assert game["t1"].version == 1


def test_before_the_games_app_links_pairings_results_still_save(director, game, monkeypatch):
    monkeypatch.delattr(Pairing, "game", raising=False)
    assert services.scoresheet_scores(game["t1"]) is None
    record(director, game["t1"], 402, 380)
    game["t1"].refresh_from_db()
    assert game["t1"].version == 1


def test_a_finished_scoresheet_of_the_games_app_is_compared(director, game):
    t1 = game["t1"]
    factories.game(
        t1.second.player,  # the sheet lists the second player of the pairing first
        t1.first.player,
        pairing=t1,
        first_score=390,
        second_score=410,
        ending="out",
    )
    with pytest.raises(services.UnusualResult) as caught:
        record(director, Pairing.objects.get(pk=t1.pk), 390, 410)
    assert [str(r) for r in caught.value.reasons] == ["The scoresheet says 410–390, not 390–410."]
    record(director, Pairing.objects.get(pk=t1.pk), 410, 390)


@pytest.mark.parametrize(
    ("ending", "end_racks"), [("passes", [None, ""]), ("passes", [None, None]), ("forfeit", [])]
)
def test_a_sheet_awaiting_racks_or_ended_by_a_forfeit_is_not_compared(
    director, game, ending, end_racks
):
    # Its scores are not the result yet (racks to give) or do not decide it (a forfeit), as the
    # sheet's own result says (games.tournament_results.sheet_result).
    t1 = game["t1"]
    factories.game(
        t1.first.player,
        t1.second.player,
        pairing=t1,
        first_score=12,
        second_score=20,
        ending=ending,
        end_racks=end_racks,
    )
    assert services.scoresheet_scores(Pairing.objects.get(pk=t1.pk)) is None
    record(director, Pairing.objects.get(pk=t1.pk), 350, 340)


def test_a_sheet_whose_racks_are_given_is_compared(director, game):
    t1 = game["t1"]
    factories.game(
        t1.first.player,
        t1.second.player,
        pairing=t1,
        first_score=5,
        second_score=5,
        ending="passes",
        end_racks=["EEEEEEE", "XDEEEEE"],
    )
    assert services.scoresheet_scores(Pairing.objects.get(pk=t1.pk)) == (5, 5)


def test_a_pairing_without_a_scoresheet_has_no_scores_to_compare(game):
    assert services.scoresheet_scores(game["t1"]) is None


def test_scoresheet_sides_follow_the_pairing_and_unfinished_sheets_are_ignored(game, monkeypatch):
    class Sheet:
        first_score, second_score, has_final_scores = 410, 390, True
        first_player_id = game["t1"].second.player_id  # the sheet has the sides swapped

    sheet = Sheet()
    monkeypatch.setattr(Pairing, "game", property(lambda p: sheet), raising=False)
    assert services.scoresheet_scores(game["t1"]) == (390, 410)
    sheet.first_player_id = game["t1"].first.player_id
    assert services.scoresheet_scores(game["t1"]) == (410, 390)
    sheet.has_final_scores = False  # still going on, awaiting racks, or ended by a forfeit
    assert services.scoresheet_scores(game["t1"]) is None


def test_clearing_makes_the_game_missing_again(director, game):
    record(director, game["t1"], 402, 380)
    services.result_clear(by=director, pairing_id=game["t1"].pk, expected_version=1)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].reported_at, game["t1"].version) == (None, None, 2)
    assert unreported_games(game["round"]) == [game["t1"], game["t2"]]
    assert AuditEntry.objects.first().action == "result.clear"


def test_clearing_with_a_stale_version_is_a_conflict(director, game):
    record(director, game["t1"], 402, 380)
    with pytest.raises(services.ResultConflict):
        services.result_clear(by=director, pairing_id=game["t1"].pk, expected_version=0)


def test_missing_results_leave_out_byes_forfeits_and_saved_games(director, game):
    assert unreported_games(game["round"]) == [game["t1"], game["t2"]]
    record(director, game["t1"], 402, 380)
    assert unreported_games(game["round"]) == [game["t2"]]
    services.result_record(
        by=director,
        pairing_id=game["t2"].pk,
        first_score=None,
        second_score=None,
        kind="double_forfeit",
        expected_version=0,
    )
    assert unreported_games(game["round"]) == []


def test_undo_restores_the_result_before_and_is_audited(director, stranger, game):
    record(director, game["t1"], 402, 380)
    second = record(stranger, game["t1"], 412, 380, version=1)
    undo = services.audit_undo(by=director, entry_id=second.audit_entry.pk)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 3)
    assert undo.audit_entry.undoes == second.audit_entry
    assert undo.audit_entry.before["first_score"] == 412
    assert undo.audit_entry.after["first_score"] == 402
    assert undo.audit_entry.after["reported_at"] == second.before["reported_at"]


def test_undo_of_the_first_entry_makes_the_game_missing(director, game):
    first = record(director, game["t1"], 402, 380)
    services.audit_undo(by=director, entry_id=first.audit_entry.pk)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].reported_at) == (None, None)


def test_undo_is_refused_when_the_result_changed_since(director, game):
    first = record(director, game["t1"], 402, 380)
    record(director, game["t1"], 412, 380, version=1)
    with pytest.raises(services.ResultRefused) as caught:
        services.audit_undo(by=director, entry_id=first.audit_entry.pk)
    assert str(caught.value) == (
        "This result changed again since (now version 2); undo the later change first."
    )
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 412


def test_a_change_is_undone_once_and_the_undo_can_itself_be_undone(director, game):
    first = record(director, game["t1"], 402, 380)
    undo = services.audit_undo(by=director, entry_id=first.audit_entry.pk)
    with pytest.raises(services.ResultRefused):
        services.audit_undo(by=director, entry_id=first.audit_entry.pk)
    services.audit_undo(by=director, entry_id=undo.audit_entry.pk)
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 3)


def test_only_result_changes_can_be_undone_here(director, event):
    from tournaments.services.events import tournament_update

    tournament_update(by=director, tournament=event, venue="Hall")
    entry = AuditEntry.objects.get(action="tournament.update")
    with pytest.raises(services.ResultRefused):
        services.audit_undo(by=director, entry_id=entry.pk)


def test_player_numbers_map_to_sides_whoever_went_first(game):
    # Table 1 has #1 first and #2 second; the line names #2 first.
    resolved = services.result_resolve(
        round_=game["round"], command=parse_entry_line("2 380 1 402")
    )
    assert (resolved.pairing, resolved.first_score, resolved.second_score) == (
        game["t1"],
        402,
        380,
    )
    resolved = services.result_resolve(
        round_=game["round"], command=parse_entry_line("3 380 4 402")
    )
    assert (resolved.pairing, resolved.first_score, resolved.second_score) == (
        game["t2"],
        380,
        402,
    )


def test_forfeit_lines_resolve_to_the_forfeiting_entry(game):
    resolved = services.result_resolve(round_=game["round"], command=parse_entry_line("f 4"))
    assert (resolved.pairing, resolved.kind, resolved.forfeited_by_id) == (
        game["t2"],
        "forfeit",
        game["entries"][3].pk,
    )
    resolved = services.result_resolve(round_=game["round"], command=parse_entry_line("ff 1"))
    assert (resolved.pairing, resolved.kind) == (game["t1"], "double_forfeit")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("9 400 300", "There is no table 9 in round 1."),
        ("8 400 1 300", "Player 8 is not playing in round 1."),
        ("1 400 3 300", "Player 1 plays 2 in round 1, not 3."),
        ("5 400 1 300", "Player 5 has a bye in round 1; a bye needs no result."),
        ("f 5", "Player 5 has a bye in round 1; a bye needs no result."),
    ],
)
def test_lines_naming_players_or_tables_not_in_the_round_are_refused(game, line, message):
    with pytest.raises(services.ResultRefused) as caught:
        services.result_resolve(round_=game["round"], command=parse_entry_line(line))
    assert str(caught.value) == message
