"""Every printed report parsed back: page count and the names and numbers it must show."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printouts.final_report import build_final_report_pdf
from printouts.pairings import BY_NAME, build_pairings_pdf
from printouts.result_slips import build_result_slips_pdf
from printouts.scorecards import build_scorecards_pdf
from printouts.standings import build_standings_pdf
from printouts.wall_chart import build_wall_chart_pdf
from tests.tournaments import reports_world
from tournaments.services.prizes import prize_band_create

pytestmark = pytest.mark.django_db


def pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF")
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def division():
    return reports_world.build()


def test_pairings_by_table_list_each_table_with_both_players_and_records(division):
    (text,) = pages(build_pairings_pdf(division, 3))
    assert "Spring Open – A – round 3 pairings" in text
    lines = flat(text)
    # Table 2: #4 (1.5–0.5 +51 after round 2) plays #2 (1–1 -37).
    assert "2 4 สมชาย ใจดี 1.5–0.5 +51 2 王小明 1–1 -37" in lines
    assert "1 1 Zoë Ångström 1.5–0.5 +40 5 Anna Okafor 1–1 +297" in lines


def test_pairings_by_name_are_alphabetical_with_table_and_side(division):
    (text,) = pages(build_pairings_pdf(division, 3, order=BY_NAME))
    body = flat(text)
    order = [body.index(n) for n in ("Anna Okafor #5", "Ben Ng #6", "Zoë Ångström #1")]
    assert order == sorted(order)
    assert "Anna Okafor #5 1 2nd #1 Zoë Ångström" in body
    assert "山田さくら #3 3 1st #6 Ben Ng" in body


def test_unpaired_round_says_so(division):
    (text,) = pages(build_pairings_pdf(division, 4))
    assert "This round has not been paired yet." in text


def test_standings_after_round_one_rank_by_wins_then_spread(division):
    (text,) = pages(build_standings_pdf(division, through_round=1))
    assert "standings after round 1" in text
    lines = flat(text)
    assert "1 5 Anna Okafor 1400 1–0 +300 600.0 600" in lines
    assert "6 6 Ben Ng 1300 0–1 -300 300.0 300" in lines


def test_standings_print_a_rating_of_0_as_the_page_and_the_csv_do(division, client):
    division.entries.filter(number=6).update(rating=0)
    lines = flat(pages(build_standings_pdf(division, through_round=1))[0])
    assert "6 6 Ben Ng 0 0–1 -300 300.0 300" in lines
    url = reverse("tournaments:standings", args=[division.tournament.slug, division.name])
    csv = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    ben = next(line for line in csv.splitlines() if ",Ben Ng," in line)
    assert ben.split(",")[-2] == "0"  # Rating, then Withdrawn
    assert '<td class="num secondary">0</td></tr>' in client.get(url).content.decode()


def test_scorecards_one_page_per_player_with_running_record_and_blank_rounds(division):
    texts = pages(build_scorecards_pdf(division))
    assert len(texts) == 6
    first = flat(texts[0])
    assert "#1 Zoë Ångström" in first
    assert "1 2 王小明 1st 420 380 W 1–0 +40" in first
    assert "2 4 สมชาย ใจดี 1st 390 390 T 1.5–0.5 +40" in first
    assert "3 5 Anna Okafor 1st" in first  # paired, not played yet
    assert first.endswith("+40 3 5 Anna Okafor 1st 4 5")  # rounds 4 and 5: blank lines


def test_scorecards_of_chosen_players_only(division):
    texts = pages(build_scorecards_pdf(division, numbers=[4]))
    assert len(texts) == 1 and "#4 สมชาย ใจดี" in texts[0]


def test_result_slips_one_per_table_with_who_goes_first(division):
    text = flat(" ".join(pages(build_result_slips_pdf(division, 3))))
    for table, first, second in (
        (1, "#1 Zoë Ångström", "#5 Anna Okafor"),
        (3, "#3 山田さくら", "#6 Ben Ng"),
    ):
        assert f"Round 3 – table {table}" in text
        assert f"goes first {first}" in text and f"goes second {second}" in text
    assert text.count("Signature") == 3


def test_wall_chart_shows_every_result_and_totals(division):
    text = flat(" ".join(pages(build_wall_chart_pdf(division))))
    assert "W 420–380 #2" in text and "L 380–420 #1" in text
    assert "T 390–390 #4" in text
    assert "Anna Okafor W 600–300 #6 L 452–455 #2 1–1 +297" in text


def test_wall_chart_splits_many_rounds_into_page_blocks(division):
    from tournaments.models import Pairing, Round

    entries = {e.number: e for e in division.entries.all()}
    for number in range(4, 13):
        paired = Round.objects.create(division=division, number=number)
        Pairing.objects.create(
            round=paired,
            table=1,
            first=entries[1],
            second=entries[2],
            first_score=400,
            second_score=300,
        )
    texts = pages(build_wall_chart_pdf(division))
    assert len(texts) == 2
    assert "R10" in texts[0] and "R11" not in texts[0] and "R11" in texts[1] and "R12" in texts[1]


def test_final_report_names_prize_winners_and_records(division):
    text = flat(" ".join(pages(build_final_report_pdf(division))))
    assert "Place 1 สมชาย ใจดี #4 1.5–0.5 +51" in text
    assert "High game 1 Anna Okafor #5 600" in text
    assert "High loss 452 Anna Okafor 452–455 v 王小明 (round 2)" in text
    assert "Biggest upset 300 Ben Ng 410–388 v 山田さくら (round 2) 1300/1600" in text
    assert "Average combined score 822.7" in text
    # The high win prize's figure is the record's: a signed spread.
    assert "High win 1 Anna Okafor #5 +300" in text
    assert "High win +300 Anna Okafor" in text


def test_final_report_awards_the_division_prize_bands_once_it_has_some(division, director):
    prize_band_create(by=director, division=division, kind="high_game", label="Top score")
    text = flat(" ".join(pages(build_final_report_pdf(division))))
    assert "Prize Place Winner Top score 1 Anna Okafor #5 600 Records High game 600" in text
