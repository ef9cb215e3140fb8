"""The prize list and the prize certificates, read back with pypdf: the holders, their shares,
trophies and the organiser's remainder, in English and in the event's language.

reports_world after round 2: #4 สมชาย 1.5 +51, #1 Zoë 1.5 +40, #5 Anna 1 +297, #2 王小明 1
-37, #6 Ben 1 -278, #3 山田 0.
"""

import pytest
from django.utils import translation

from printouts import registry
from printouts.prizes import build_prize_certificates_pdf, build_prize_list_pdf
from printouts.registry import Options
from tests.tournaments import reports_world
from tests.tournaments.pdf_glyphs import text_and_missing_glyphs
from tournaments.services.prizes import prize_band_create, prize_settings_update

pytestmark = pytest.mark.django_db

SETTINGS = {
    "currency": "THB", "unit": "5", "split": "even", "hort_share": 50,
    "remainder": "organiser", "tie_by": "wins", "bases": "", "per_win": "0",
    "per_tie": "0", "day_multiplier": "1", "days": "",
}  # fmt: skip


@pytest.fixture
def division():
    division = reports_world.build()
    prize_settings_update(by=None, division=division, settings=SETTINGS)
    prize_band_create(by=None, division=division, kind="rank", label="Places", places=3,
                      money="600 300 100", trophy="Cup")  # fmt: skip
    prize_band_create(by=None, division=division, kind="high_game", label="High game",
                      money="50")  # fmt: skip
    division.refresh_from_db()
    return division


def flat(data: bytes) -> str:
    text, missing = text_and_missing_glyphs(data)
    assert missing == []
    return " ".join(text.split())


def test_the_prize_list_shows_every_holder_share_trophy_and_the_remainder(division):
    text = flat(build_prize_list_pdf(division))
    assert "Spring Open – A – prize list" in text
    # By wins: #4, #1 share 600 + 300 = 450 each (places 1–2, tied); #5, #2, #6 share 100:
    # 33.33 -> 30 each (unit 5), 10 kept. Trophies to the places 1..3 in standings order.
    assert "Places 1–2 (tied) สมชาย ใจดี 450 THB Cup" in text
    assert "Places 1–2 (tied) Zoë Ångström 450 THB Cup" in text
    assert "Places 3–5 (tied) Anna Okafor 30 THB Cup" in text
    assert "Places 3–5 (tied) Ben Ng 30 THB" in text
    assert "High game 1 Anna Okafor 50 THB 600" in text
    assert "Paid out: 1,040 THB" in text  # 450 x 2 + 30 x 3 + 50
    assert "Left over from rounding, kept by the organiser: 10 THB" in text
    assert "Players equal on wins share; the tie-breaks only order them." in text


def test_a_certificate_for_each_player_receiving_money_or_a_trophy(division):
    text = flat(build_prize_certificates_pdf(division))
    # 2 + 3 place holders and one high game: six certificates.
    assert text.count("Prize certificate") == 6
    assert "Awarded to 王小明 Places, place 3–5 (tied) Amount: 30 THB" in text
    assert "Awarded to Anna Okafor High game, place 1 Amount: 50 THB" in text
    assert "Trophy: Cup" in text
    assert text.count("Received by the player") == 6


def test_nobody_yet_says_so(division):
    division.prize_bands.all().delete()
    division.round_set.all().delete()
    assert "Nobody holds a prize yet." in flat(build_prize_list_pdf(division))
    assert "Nobody holds a prize yet." in flat(build_prize_certificates_pdf(division))


@pytest.mark.parametrize("language", ["th", "ja", "zh-hant", "sw"])
def test_the_printouts_read_in_the_events_language(division, language):
    with translation.override(language):
        words = [translation.gettext("Prize certificate"), translation.gettext("Awarded to")]
        listed = translation.gettext("Paid out: %(paid)s") % {"paid": "1,040 THB"}
    assert words[0] != "Prize certificate" and listed != "Paid out: 1,040 THB"
    certificates = registry.report_named("prize-certificates")
    text = flat(certificates.printed(division, Options(), language))
    assert all(word in text for word in words)
    prize_list = registry.report_named("prize-list")
    assert listed in flat(prize_list.printed(division, Options(), language))
    assert prize_list.public and not certificates.public
