"""``manage.py bench cop``: a line per field with seconds per phase (speed is never asserted)."""

from bench.cop import PHASES, run, synthetic_request
from config.management.commands.bench import BENCHMARKS
from pairing.cop.validate import validate


def test_the_bench_prints_a_row_per_field_with_every_phase():
    written = []
    lines = run(written.append, sizes=((10, 2), (11, 3)), played=3)
    assert written == lines
    assert lines[0] == "COP v Swiss, seconds per phase (3 rounds played, seeded synthetic fields):"
    assert lines[1] == (
        "TSH's defaults (100,000 division and 10,000 control loss simulations); cost budget "
        "40,000,000 player-rounds x simulations a phase."
    )
    header = ["players", "left", *PHASES, "COP", "total", "Swiss", "sims", "run", "budget"]
    assert lines[2].split() == header
    rows = [line.split() for line in lines[3:]]
    assert [row[:2] for row in rows] == [["10", "2"], ["11", "3"]]
    assert all(len(row) == 2 + len(PHASES) + 4 for row in rows)
    assert all(row[-1] == "fits" for row in rows)  # 100,000 x 10 x 2 is 2 million


def test_synthetic_requests_are_valid_and_seeded():
    request = synthetic_request(31, played=4, left=2, seed=5)
    validate(request)
    assert request == synthetic_request(31, played=4, left=2, seed=5)
    assert request != synthetic_request(31, played=4, left=2, seed=6)
    assert sum(1 for p, q in enumerate(request.pairings[0]) if p == q) == 1


def test_the_bench_command_knows_cop():
    assert BENCHMARKS["cop"] == "bench.cop.run"


def test_the_flood_bench_sends_maximal_requests_the_service_accepts():
    from bench.cop_flood import maximal_request
    from pairing.cop.request import CopRequest
    from pairing.cop.service import decode
    from tournaments.views.cop_api import MAX_BODY

    body = maximal_request()
    assert len(body) < MAX_BODY
    request = decode(body)
    assert isinstance(request, CopRequest)
    assert (len(request.names), request.rounds, request.settings.division_sims) == (
        1000,
        200,
        1_000_000,
    )
    assert BENCHMARKS["cop-flood"] == "bench.cop_flood.bench_cop_flood"
