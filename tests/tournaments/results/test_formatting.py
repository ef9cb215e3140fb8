"""One way of writing records, spreads, averages and ratings (tournaments/results/formatting.py)."""

import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from printouts.final_report import build_final_report_pdf
from tests import factories
from tournaments.models import Pairing
from tournaments.results.formatting import (
    average_value,
    fmt_average,
    fmt_expected_wins,
    fmt_record,
    fmt_spread,
    fmt_wins,
    rating_value,
)


@pytest.mark.parametrize(
    ("average", "shown"),
    [
        (393.15, "393.2"),  # the float lies just below .15: round() and :.1f give 393.1
        (393.149, "393.1"),
        (393.151, "393.2"),
        (393.25, "393.3"),  # an exact binary half: round() would go to the even 393.2
        (393.24999, "393.2"),
        (393.05, "393.1"),
        (393.04, "393.0"),
        (400.0, "400.0"),
        (400, "400.0"),
        (0.05, "0.1"),
        (0.04, "0.0"),
    ],
)
def test_averages_round_half_up_to_one_decimal(average, shown):
    assert fmt_average(average) == shown
    assert average_value(average) == float(shown)


@pytest.mark.parametrize(
    ("average", "shown"), [(393.05, "393.1"), (393.0499, "393.0"), (393.0501, "393.1")]
)
def test_the_half_at_the_second_decimal_goes_up_and_just_below_it_goes_down(average, shown):
    assert fmt_average(average) == shown


@pytest.mark.parametrize(
    ("expected", "shown"),
    [(3.125, "3.13"), (3.1249, "3.12"), (3.005, "3.01"), (3.0049, "3.00"), (None, "")],
)
def test_expected_wins_round_half_up_to_two_decimals(expected, shown):
    assert fmt_expected_wins(expected) == shown


def test_negative_averages_round_their_halves_towards_plus_infinity():
    assert (fmt_average(-0.05), fmt_average(-0.06), fmt_average(-0.04)) == ("0.0", "-0.1", "0.0")


def test_a_missing_average_is_blank_or_the_dash_asked_for():
    assert fmt_average(None) == ""
    assert fmt_average(None, "–") == "–"
    assert average_value(None) is None


@pytest.mark.parametrize(
    ("spread", "shown"), [(120, "+120"), (1, "+1"), (0, "0"), (-1, "-1"), (-35, "-35")]
)
def test_spreads_carry_a_sign_except_zero(spread, shown):
    assert fmt_spread(spread) == shown


@pytest.mark.parametrize(
    ("wins", "losses", "shown"),
    [
        (5, 2, "5–2"),
        (5.0, 2.0, "5–2"),
        (4.5, 2.5, "4.5–2.5"),
        (0.5, 0.5, "0.5–0.5"),
        (0, 0, "0–0"),
        (12, 19, "12–19"),
    ],
)
def test_records_show_halves_only_when_a_tie_made_them(wins, losses, shown):
    assert fmt_record(wins, losses) == shown


def test_wins_alone_show_a_half_and_no_trailing_zero():
    assert (fmt_wins(4.5), fmt_wins(4.0), fmt_wins(0.0), fmt_wins(10)) == ("4.5", "4", "0", "10")


@pytest.mark.parametrize(
    ("rating", "published"),
    [
        (1522.5, 1523),
        (1522.49, 1522),
        (1522.51, 1523),
        (1523.0, 1523),
        (-2.5, -2),
        (-2.51, -3),
        (None, None),
    ],
)
def test_ratings_are_whole_numbers_with_halves_rounded_up(rating, published):
    assert rating_value(rating) == published


@pytest.mark.django_db
def test_the_stats_page_and_the_final_report_read_the_same_average(client):
    # Sides score 401, 400, 400 and 400: an average of 400.25, a half at the second decimal.
    division = factories.division(factories.tournament(slug="halves"), name="A", rounds=3)
    players = factories.entries(division, 4)
    factories.round_with_pairings(division, players)
    for pairing, (first, second) in zip(
        Pairing.objects.order_by("table"), [(401, 400), (400, 400)], strict=True
    ):
        pairing.first_score, pairing.second_score = first, second
        pairing.reported_at = timezone.now()
        pairing.save()
    page = client.get(
        reverse(
            "tournaments:public_stats",
            kwargs={"tournament_slug": "halves", "division_name": "A"},
        )
    ).content.decode()
    pdf = PdfReader(io.BytesIO(build_final_report_pdf(division)))
    report = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert "<dt>Average score</dt><dd>400.3</dd>" in page
    assert "Average score 400.3" in report
    assert "<dt>Average combined score</dt><dd>800.5</dd>" in page
    assert "Average combined score 800.5" in report
