"""`manage.py bench pairing`: its rows and quality lines, on sizes small enough for a test."""

from bench.pairing import bench_swiss
from bench.pairing_quality import quality_lines
from bench.pairing_rounds import Gap


def test_a_size_row_times_the_pairing_beside_the_exact_matching_and_shows_no_gap():
    (row,) = bench_swiss(sizes=(41,), rounds=3, networkx_up_to=0)
    assert row["players"] == 41
    assert row["edges"] > 0
    assert row["gap"] == Gap(excess=0, repeats=0, team_mates=0, across=0, total=0)
    assert "networkx_seconds" not in row


def test_the_quality_lines_give_one_row_per_size_with_nothing_worse():
    lines = quality_lines(count=10)
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["10", "30", "100", "300", "1000"]
    assert [row[1] for row in rows] == ["2"] * 5
    assert all(row[3:] == ["0", "/"] * 4 + ["0"] + ["0", "/"] * 4 + ["0"] for row in rows)
