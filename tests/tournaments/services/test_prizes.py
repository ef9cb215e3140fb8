"""Prize bands a director defines, and the holders the pages and the final report show."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from core.models import AuditEntry
from tests.tournaments import reports_world
from tournaments.results.stats import PrizeKind
from tournaments.selectors.prizes import awards_of, division_prizes
from tournaments.services.prizes import prize_band_create, prize_band_delete

pytestmark = pytest.mark.django_db


@pytest.fixture
def division():
    return reports_world.build()


def test_without_bands_the_division_prize_places_and_game_prizes_apply(division):
    bands = division_prizes(division).bands
    assert [(b.kind, b.places) for b in bands][:2] == [
        (PrizeKind.RANK, 3),
        (PrizeKind.HIGH_GAME, 1),
    ]


def test_bands_replace_the_defaults_and_are_audited(division, director):
    band = prize_band_create(
        by=director,
        division=division,
        kind="rating_class",
        label="Under 1450",
        places=1,
        rating_high=1449,
        amount="£20",
    )
    bands = division_prizes(division).bands
    assert [(b.key, b.kind, b.label, b.rating_high) for b in bands] == [
        (band.pk, PrizeKind.RATING_CLASS, "Under 1450", 1449)
    ]
    # The statistics page and the final report name the amount typed on the band.
    assert [a.label for a in awards_of(division_prizes(division))] == ["Under 1450 (£20)"]
    assert AuditEntry.objects.filter(action="prize_band.create").count() == 1
    prize_band_delete(by=director, band=band)
    assert AuditEntry.objects.filter(action="prize_band.delete").count() == 1
    assert division_prizes(division).bands[0].kind is PrizeKind.RANK


def test_rating_range_must_be_in_order(division, director):
    with pytest.raises(ValidationError):
        prize_band_create(
            by=director,
            division=division,
            kind="rating_class",
            label="x",
            rating_low=1500,
            rating_high=1000,
        )


def test_statistics_page_shows_the_current_holder_of_a_rating_class_prize(
    client, division, director
):
    prize_band_create(by=director, division=division, kind="rank", label="Winner", places=1)
    prize_band_create(
        by=director,
        division=division,
        kind="rating_class",
        label="Under 1450",
        places=1,
        rating_high=1449,
    )
    html = client.get(
        reverse(
            "tournaments:public_stats",
            kwargs={"tournament_slug": "spring-open", "division_name": "A"},
        )
    ).content.decode()
    # After round 2: #4 (1500) leads; Anna Okafor (1400, 1–1 +297) is the best under 1450.
    assert (
        'Winner</td><td class="num">1</td><td><a href="/t/spring-open/A/player/4/">สมชาย ใจดี</a>'
        in html
    )
    assert (
        'Under 1450</td><td class="num">1</td><td><a href="/t/spring-open/A/player/5/">Anna Okafor</a>'
        in html
    )
