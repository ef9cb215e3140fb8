"""Pictures of the Thai and Traditional Chinese printouts, for a person to look at.

The rules sheet, standings and scorecards of a Thai-rules event (names in four scripts) are
printed in Thai and in Traditional Chinese and their first page drawn as a PNG by poppler's
``pdftoppm`` into artifacts/pdf/<report>-<language>.png: a missing glyph shows as a box, a
long word past the margin or two lines on top of each other show too. (That every character has
a glyph is tested in tests/printouts/test_languages.py; this keeps the pictures current.)
"""

import os
import shutil
import subprocess

import pytest

from printouts import registry
from printouts.registry import Options
from tests import factories
from tests.e2e.conftest import ARTIFACTS
from tests.tournaments import reports_world

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

PICTURES = ARTIFACTS.parent / "pdf"
PDFTOPPM = shutil.which("pdftoppm")


# On a developer machine without poppler the pictures are left out; CI (REQUIRE_E2E=1) installs
# poppler-utils, so there a missing pdftoppm fails instead of skipping.
@pytest.mark.skipif(
    PDFTOPPM is None and not os.environ.get("REQUIRE_E2E"),
    reason="pdftoppm (poppler-utils) is not installed",
)
def test_the_thai_and_chinese_printouts_are_drawn_for_a_person_to_look_at(tmp_path):
    event = factories.tournament("สงกรานต์โอเพ่น", slug="songkran", rules_preset="thai")
    division = reports_world.build(event)
    PICTURES.mkdir(parents=True, exist_ok=True)
    for language in ("th", "zh-hant"):
        for report in ("rules", "standings", "scorecards"):
            pdf = tmp_path / f"{report}-{language}.pdf"
            pdf.write_bytes(registry.report_named(report).printed(division, Options(), language))
            picture = PICTURES / f"{report}-{language}"
            subprocess.run(
                [PDFTOPPM, "-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, picture],
                check=True,
            )
            assert picture.with_suffix(".png").stat().st_size > 0
