"""Real GCG records from public repositories raise no flag; one with a known scoring slip
raises exactly that flag (the sources: gcg/README.txt and ../gcg_fixtures/README.txt)."""

from pathlib import Path

import pytest

from games.engine.gcg import parse_gcg
from games.engine.integrity import flags as F

from .records import flags_of

HERE = Path(__file__).parent / "gcg"
FIXTURES = Path(__file__).parent.parent / "gcg_fixtures"
REAL = [
    HERE / "vs_josh.gcg",
    HERE / "josh_nationals_round_1.gcg",
    HERE / "jesse_vs_ayo.gcg",
    HERE / "vs_andy.gcg",
    FIXTURES / "doug_v_emely.gcg",
    FIXTURES / "noah_vs_peter.gcg",
    FIXTURES / "vs_frentz.gcg",
    FIXTURES / "some_isc_game.gcg",
    FIXTURES / "logan.gcg",
    FIXTURES / "noah_vs_mishu.gcg",
    FIXTURES / "guy_vs_bot.gcg",
]


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_a_real_record_raises_no_flag(path):
    assert [f.message for f in flags_of(parse_gcg(path.read_bytes()))] == []


def test_a_record_with_a_known_scoring_slip_raises_exactly_that_flag():
    found = flags_of(parse_gcg((HERE / "vs_josh_score_slip.gcg").read_bytes()))
    assert [(f.code, f.line, f.params) for f in found] == [
        (F.MOVE_SCORE, 6, {"recorded": 130, "computed": 131})
    ]
