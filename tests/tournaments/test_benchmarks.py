"""The benchmark functions run and print a line per size (speed itself is never asserted)."""

import pytest
from django.db import connection

from tournaments.benchmarks import bench_pairing, bench_standings
from tournaments.benchmarks_pages import bench_pages


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


@pytest.mark.django_db
def test_bench_pages_shows_every_page_with_the_same_queries_whatever_the_field():
    small, large = bench_pages(players=6, rounds=2), bench_pages(players=40, rounds=3)
    assert small[0] == f"pages of a 6-player, 2-round division ({connection.vendor}):"
    labels = ["standings", "pairings (live, by name)", "pairings (by table)", "crosstable"]
    for lines in (small, large):
        assert [line[2:28].strip() for line in lines[2:6]] == labels
        assert lines[-1].strip().startswith("scorecards PDF,")
        # Every page answered 200 (a failed page would print its status instead of a verdict).
        assert all(line.split()[-1] in ("ok", "SLOW") for line in lines[2:9])

    def queries(lines):  # the figure after "ms ... ms" on each page line
        return [int(line.split()[-2]) for line in lines[2:9]]

    assert queries(small) == queries(large)
