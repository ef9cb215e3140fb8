"""A tie decided by a play-off word reads as the standings count it everywhere a result shows:
"W (tie won)" / "L (tie lost)" in the crosstable, wall chart, scorecards, public pairings and
player page, and the audit line names who won the tie."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from core.models import AuditEntry
from printouts.scorecards import build_scorecards_pdf
from printouts.wall_chart import build_wall_chart_pdf
from tests import factories
from tournaments.result_text import audit_rows
from tournaments.results.crosstable import crosstable
from tournaments.results.standings import GameResult, PlayerInfo
from tournaments.services import results as services

pytestmark = pytest.mark.django_db


def pdf_text(data: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages
    )


@pytest.fixture
def decided(director):
    """Round 1 of a Thai-rules division: #1 and #2 tie 390–390, #2 wins the play-off word."""
    event = factories.tournament(director=director, rules_preset="thai", slug="thai-open")
    division = factories.division(event, name="A")
    first, second = factories.entries(division, 2)
    round_ = factories.round_with_pairings(division, [first, second])
    pairing = round_.pairings.get()
    services.result_record(
        by=director,
        pairing_id=pairing.pk,
        first_score=390,
        second_score=390,
        expected_version=None,
        playoff_winner_id=second.pk,
    )
    return division


def test_the_pure_crosstable_marks_a_playoff_tie_as_a_win_and_a_loss():
    players = [PlayerInfo(1, "Ann"), PlayerInfo(2, "Bob"), PlayerInfo(3, "Cy"), PlayerInfo(4, "Di")]
    results = [
        GameResult(1, 1, 2, 390, 390, won_playoff=False),
        GameResult(1, 2, 1, 390, 390, won_playoff=True),
        GameResult(1, 3, 4, 400, 400),
        GameResult(1, 4, 3, 400, 400),
    ]
    rows = {row.player: row.cells[0] for row in crosstable(players, results).rows}
    assert (rows[1].marker, rows[1].outcome, rows[1].spread) == ("PL", "L", 0)
    assert (rows[2].marker, rows[2].outcome, rows[2].spread) == ("PW", "W", 0)
    assert (rows[3].marker, rows[3].outcome) == ("T", "T")  # no play-off: still a draw


def test_the_crosstable_page_shows_the_playoff_result_not_a_tie(client, decided):
    page = client.get(reverse("tournaments:crosstable", args=["thai-open", "A"])).text
    assert "<td>L (tie lost) 390–390 #2</td>" in page
    assert "<td>W (tie won) 390–390 #1</td>" in page
    assert "T 390–390" not in page and "390-390" not in page


def test_the_wall_chart_shows_the_playoff_result_not_a_tie(decided):
    text = pdf_text(build_wall_chart_pdf(decided))
    assert "L (tie lost) 390–390 #2" in text and "W (tie won) 390–390 #1" in text
    assert "T 390–390" not in text


def test_scorecards_count_the_playoff_in_the_running_record(decided):
    text = pdf_text(build_scorecards_pdf(decided))
    assert "390 390 L (tie lost) 0–1 0" in text
    assert "390 390 W (tie won) 1–0 0" in text


def test_the_public_pairings_and_player_page_say_who_won_the_playoff(client, decided):
    live = client.get(reverse("tournaments:public_pairings", args=["thai-open", "A"])).text
    assert "W (tie won) 390–390" in live and "L (tie lost) 390–390" in live
    assert "T 390–390" not in live
    player = client.get(reverse("tournaments:public_player", args=["thai-open", "A", 2])).text
    assert "W (tie won)" in player and "1–0" in player


def test_the_audit_line_names_the_playoff_winner(decided):
    entry = AuditEntry.objects.get(action="result.record")
    (row,) = audit_rows([entry])
    name = decided.entries.get(number=2).player.name
    assert row["after"] == f"390–390, tie won by {name} (#2)"
    assert f"tie won by {name} (#2)" in row["text"]


def test_a_line_typed_over_a_decided_tie_previews_no_playoff_winner_yet(client, director, decided):
    # The stored 390-390 was won by #2 on the play-off word; a new 410-410 is another tie, whose
    # play-off is asked next: the preview must not carry the old winner over.
    client.force_login(director)
    preview = reverse("tournaments:results_preview", args=["thai-open", "A", 1])
    shown = client.get(preview, {"line": "1 410 410"}).text
    assert "410</span> – <span" in shown
    assert "(tie won by #" not in shown  # the preview's wording; the round table shows the stored
    kept = client.get(preview, {"kept": decided.round_set.get().pairings.get().pk}).text
    assert "(tie won by #2)" in kept
