from tournaments.pairing.bench import bench_swiss, simulate_swiss
from tournaments.pairing.types import PairingSettings


def test_simulated_field_has_played_every_round():
    field, history = simulate_swiss(9, 3, seed=2, settings=PairingSettings(gibsonize=False))
    assert len(history) == 3 * 5
    assert sum(c.wins + c.losses for c in field) == 2 * 12 + 3
    assert sorted(c.byes for c in field) == [0] * 6 + [1] * 3


def test_bench_reports_both_matchings_reach_the_same_total():
    [row] = bench_swiss(sizes=(30,), rounds=3)
    assert row["players"] == 30
    assert row["same_total"] is True
    assert set(row) == {
        "players",
        "edges",
        "pair_seconds",
        "rustworkx_seconds",
        "networkx_seconds",
        "speedup",
        "same_total",
    }
