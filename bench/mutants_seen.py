"""The third pass of ``bench mutants``: seven bugs a user would notice, each once survived by
the whole suite (issue 34), now each killed by the test named after the behaviour."""

from __future__ import annotations

from bench.mutants import Mutant

SEEN: tuple[Mutant, ...] = (
    Mutant(
        "a board letter written in lower case (a blank on the board) refused as square taken",
        "games/engine/scoring.py",
        'elif char != "." and char.upper() != existing.upper():',
        'elif char != "." and char.upper() != existing:',
        ("tests/games/engine/test_board_letter_in_any_case.py",),
    ),
    Mutant(
        "two pinned tables in a row: a free game lands on the second one as well",
        "pairing/tables.py",
        "        while next_table in pinned:\n",
        "        if next_table in pinned:\n",
        ("tests/pairing/test_two_pinned_tables_in_a_row.py",),
    ),
    Mutant(
        "COP simulation: a bye in an odd field counts half a win",
        "pairing/cop/simulate.py",
        "    state.keys[:, columns] -= state.codec.gain(2, BYE_SPREAD)\n",
        "    state.keys[:, columns] -= state.codec.gain(1, BYE_SPREAD)\n",
        ("tests/pairing/cop/test_simulated_bye_counts_a_whole_win.py",),
    ),
    Mutant(
        "prizes: a player rated exactly at a band's top rating left out",
        "tournaments/results/prizes.py",
        "band.rating_high is None or rating <= band.rating_high",
        "band.rating_high is None or rating < band.rating_high",
        ("tests/tournaments/results/test_prize_band_rating_boundaries.py",),
    ),
    Mutant(
        "public game list: the broadcast delay read in seconds instead of minutes",
        "games/broadcast/selectors.py",
        "since = now - datetime.timedelta(minutes=minutes)",
        "since = now - datetime.timedelta(seconds=minutes)",
        ("tests/games/test_game_list_broadcast_delay_edges.py",),
    ),
    Mutant(
        "tourney.js: a later game scored while an earlier one is pending written a round early",
        "tournaments/exports/tourney_js.py",
        "        if cell.kind is Record.PENDING or cell.score is None:\n            break\n",
        "        if cell.kind is Record.PENDING or cell.score is None:\n            continue\n",
        ("tests/tournaments/exports/test_tourney_js_paired_ahead.py",),
    ),
    Mutant(
        "a club's new rating list from players' ratings takes every rated player",
        "ratings/services/seeding.py",
        "players = players.filter(memberships__club_id=rating_list.scope_club_id).distinct()",
        "players = players.distinct()",
        ("tests/ratings/services/test_club_list_seeded_from_members.py",),
    ),
)
