"""The final report calls its standings final only once the last round is fully reported."""

import pytest
from django.utils import timezone

from printouts.final_report import build_final_report_pdf
from tests.printouts.test_reports import flat, pages
from tests.tournaments import reports_world
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def report(division) -> str:
    return flat(" ".join(pages(build_final_report_pdf(division))))


def report_round_three(division, tables: list[int]) -> None:
    for pairing in Pairing.objects.filter(round__number=3, table__in=tables):
        pairing.first_score, pairing.second_score = 400, 300
        pairing.reported_at = timezone.now()
        pairing.save()


def test_a_report_printed_before_the_last_round_is_provisional():
    text = report(reports_world.build(rounds=5))
    assert "Provisional standings after round 2 of 5" in text
    assert "Final standings" not in text


def test_the_last_round_paired_but_not_all_reported_is_still_provisional():
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2])
    text = report(division)
    assert "Provisional standings after round 2 of 3" in text
    assert "Final standings" not in text
    # Round 3's reported games (#1 and #4 won theirs) are left out until the round is complete.
    assert "1 สมชาย ใจดี 1.5–0.5 +51 2 Zoë Ångström 1.5–0.5 +40" in text


def test_the_report_is_final_once_the_last_round_is_all_reported():
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2, 3])
    text = report(division)
    assert "Final standings" in text
    assert "Provisional" not in text
    assert "1 สมชาย ใจดี 2.5–0.5 +151 2 Zoë Ångström 2.5–0.5 +140" in text
