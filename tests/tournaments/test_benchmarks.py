"""The benchmark functions run and print a line per size (speed itself is never asserted)."""

from tournaments.benchmarks import bench_pairing, bench_standings


def test_bench_pairing_prints_a_row_per_field_size_with_both_matchers_agreeing():
    lines = bench_pairing(sizes=(12, 20), rounds=2)
    assert lines[0] == "Swiss pairing after 2 rounds (matching on the same weights):"
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["12", "20"]
    assert [row[-1] for row in rows] == ["True", "True"]


def test_bench_standings_names_the_field_it_timed():
    lines = bench_standings(players=20, rounds=3)
    assert lines[0] == "Standings of 20 players after 3 rounds (60 result rows, 7 runs):"
    assert lines[1].startswith("best ")
