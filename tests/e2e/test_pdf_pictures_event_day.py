"""Pictures of the printouts this pass changed, for a person to look at (artifacts/pdf/*.png,
drawn by poppler's ``pdftoppm``): standings printed with games missing ("Provisional"), a wall
chart with a tie decided by a play-off and a withdrawal, and four scorecards a page on A4 and on
US Letter with long names wrapped, not cut."""

import io
import os
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from printouts import registry
from printouts.registry import Options
from tests import factories
from tests.e2e.conftest import ARTIFACTS
from tests.tournaments import crowd_world, reports_world
from tournaments.models import Entry, Pairing

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

PICTURES = ARTIFACTS.parent / "pdf"
PDFTOPPM = shutil.which("pdftoppm")


def draw(data: bytes, name: str, tmp_path) -> str:
    """The PDF's first page as artifacts/pdf/<name>.png; its text, for the checks."""
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(data)
    picture = PICTURES / name
    subprocess.run(
        [PDFTOPPM, "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, picture],
        check=True,
    )
    assert picture.with_suffix(".png").stat().st_size > 0
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.skipif(
    PDFTOPPM is None and not os.environ.get("REQUIRE_E2E"),
    reason="pdftoppm (poppler-utils) is not installed",
)
def test_the_changed_printouts_are_drawn_for_a_person_to_look_at(tmp_path):
    PICTURES.mkdir(parents=True, exist_ok=True)
    event = factories.tournament("Toronto Open", slug="toronto", rules_preset="thai",
                                 paper_size="letter")  # fmt: skip
    division = reports_world.build(event, rounds=3)
    tie = Pairing.objects.get(round__division=division, round__number=2, table=1)
    Pairing.objects.filter(pk=tie.pk).update(playoff_winner=tie.second_id)
    Entry.objects.filter(division=division, number=6).update(withdrawn_after_round=3)
    standings = registry.report_named("standings").printed(division, Options(), "en")
    assert "Provisional: 3 games missing" in draw(standings, "standings-provisional", tmp_path)
    chart = draw(
        registry.report_named("wall-chart").printed(division, Options(), "en"),
        "wall-chart-playoff-withdrawn",
        tmp_path,
    )
    assert "W (tie won) 390–390" in chart and "(withdrawn after round 3)" in chart
    crowd = crowd_world.build(12)
    for paper in ("a4", "letter"):
        crowd.tournament.paper_size = paper
        cards = registry.report_named("scorecards").printed(crowd, Options(per_page=4), "en")
        assert "…" not in draw(cards, f"scorecards-4-{paper}", tmp_path)
