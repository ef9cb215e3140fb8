"""Which pages go in the first stage after a change, and the manifest it leaves."""

from publishing.plan.stages import Touched, in_first_stage, stage_manifest

TOUCHED = Touched(frozenset({"A"}), frozenset({("A", 3)}), frozenset({("A", 7), ("A", 9)}))


def first(view, query=None, **kwargs):
    return in_first_stage(f"tournaments:{view}", kwargs, query or {}, TOUCHED)


def test_the_touched_divisions_pages_are_in_it_and_another_divisions_are_not():
    for view in ("division", "standings", "crosstable", "feed", "public_pairings"):
        assert first(view, division_name="A")
        assert not first(view, division_name="B")


def test_the_events_home_and_tourney_js_are_in_it():
    assert first("public_home")
    assert first("tourney_js")


def test_only_the_two_players_pages_are_in_it():
    assert first("public_player", division_name="A", player_number=7)
    assert first("public_player", division_name="A", player_number=9)
    assert not first("public_player", division_name="A", player_number=8)
    assert not first("public_player", division_name="B", player_number=7)


def test_live_pairings_of_the_results_round_are_in_it_and_other_rounds_are_not():
    assert first("public_pairings", {"round": "3"}, division_name="A")
    assert not first("public_pairings", {"round": "2"}, division_name="A")
    assert not first("public_pairings", {"round": "x"}, division_name="A")
    assert not first("public_pairings", {"round": "3", "page": "2"}, division_name="A")


def test_pages_a_result_changes_only_by_the_way_wait_for_the_second_stage():
    assert not first("public_stats", division_name="A")
    assert not first("prizes", division_name="A")
    assert not first("standings", {"page": "2"}, division_name="A")
    assert not in_first_stage("tournaments:hall", {"division_name": "A"}, {}, TOUCHED)


def test_nothing_touched_has_no_first_stage():
    assert not in_first_stage("tournaments:public_home", {}, {}, Touched())


def test_the_stage_manifest_is_the_last_rounds_with_the_stages_files_over_it():
    before = {"b": "1", "a": "1"}
    assert stage_manifest(before, {"a": "2", "c": "3"}) == {"a": "2", "b": "1", "c": "3"}
    assert list(stage_manifest(before, {})) == ["a", "b"]
    assert before == {"b": "1", "a": "1"}
