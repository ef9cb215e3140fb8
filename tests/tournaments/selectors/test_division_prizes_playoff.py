"""A division's prizes with ties by wins after a play-off final: the prize page, the prize list,
the final report and the statistics page give the final's places as the standings and the
bracket do, each held alone.

Four entries, two Swiss rounds: #1 2–0, #2 1–1 +40, #3 1–1 -90, #4 0–2. Round 3: #1 v #2, a
one-game final (or, without a play-off, a third Swiss round) that #2 wins: both end 2–1.
"""

from decimal import Decimal as D

import pytest
from django.urls import reverse

from printouts.final_report import build_final_report_pdf
from printouts.prizes import build_prize_list_pdf
from tests import factories
from tests.printouts.test_reports import flat, pages
from tests.tournaments.services.test_playoffs import report
from tournaments.models import Division
from tournaments.selectors.divisions import division_results
from tournaments.selectors.prizes import division_prizes
from tournaments.services import playoffs
from tournaments.services.prizes import prize_band_create, prize_settings_update

pytestmark = pytest.mark.django_db

SETTINGS = {
    "currency": "", "unit": "1", "split": "even", "hort_share": 50, "remainder": "higher",
    "tie_by": "wins", "bases": "", "per_win": "0", "per_tie": "0", "day_multiplier": "1",
    "days": "",
}  # fmt: skip


def played(division, number: int, games: list[tuple[int, int, int, int]]) -> None:
    """Round ``number``: (first, second, first's score, second's score) at tables 1, 2..."""
    entries = {e.number: e for e in division.entries.all()}
    paired = factories.round_with_pairings(
        division, [entries[n] for first, second, *_ in games for n in (first, second)], number
    )
    for pairing, (_a, _b, first, second) in zip(
        paired.pairings.order_by("table"), games, strict=True
    ):
        report(pairing, first, second)


def division_after_round_three(director, *, playoff: bool) -> Division:
    event = factories.tournament(name="Cup", slug="cup", director=director, is_public=True)
    division = factories.division(event, name="A", rounds=3 if not playoff else 2)
    factories.entries(division, 4)
    played(division, 1, [(1, 3, 400, 300), (2, 4, 400, 350)])
    played(division, 2, [(1, 2, 410, 400), (3, 4, 410, 400)])
    if playoff:
        final = playoffs.playoff_create(by=None, division=division, top=2, best_of=1, seed=1)
        game = final.pairings.get()
        report(game, *((380, 420) if game.first.number == 1 else (420, 380)))  # #2 wins
    else:
        played(division, 3, [(1, 2, 380, 420)])
    prize_settings_update(by=None, division=division, settings=SETTINGS)
    prize_band_create(by=None, division=division, kind="rank", label="Place", places=2,
                      money="100 50")  # fmt: skip
    return Division.objects.select_related("tournament").get(pk=division.pk)


def holders(division) -> list[tuple[int, tuple[int, ...], tuple[D, ...]]]:
    return [(p.first, p.players, p.shares) for p in division_prizes(division).prizes]


def test_the_final_s_winner_takes_first_place_alone_as_in_the_standings(client, director):
    division = division_after_round_three(director, playoff=True)
    standings = division_results(division).standings()
    assert [(row.rank, row.player, row.wins) for row in standings[:2]] == [(1, 2, 2), (2, 1, 2)]
    assert holders(division) == [(1, (2,), (D(100),)), (2, (1,), (D(50),))]
    name = {e.number: e.player.name for e in division.entries.select_related("player")}
    prize_list = flat(" ".join(pages(build_prize_list_pdf(division))))
    assert f"Place 1 {name[2]} 100 2–1 +80 Place 2 {name[1]} 50 2–1 +70 Paid out: 150" in (
        prize_list
    )
    final_report = flat(" ".join(pages(build_final_report_pdf(division))))
    assert f"Place 1 {name[2]} #2 2–1" in final_report
    assert f"Place 2 {name[1]} #1 2–1" in final_report
    page = client.get(reverse("tournaments:prizes", args=["cup", "A"]))
    lines = page.context["lines"]
    assert [(p.first, p.players) for line in lines for p, *_ in line.holders] == [
        (1, (2,)),
        (2, (1,)),
    ]
    assert "Tied for places" not in page.content.decode()
    stats = client.get(reverse("tournaments:public_stats", args=["cup", "A"]))
    assert [(award.place, award.players) for award, _ in stats.context["awards"]] == [
        (1, (2,)),
        (2, (1,)),
    ]


def test_without_a_play_off_the_two_equal_on_wins_share_on_the_prize_page(client, director):
    division = division_after_round_three(director, playoff=False)
    assert holders(division) == [(1, (2, 1), (D(75), D(75)))]
    html = client.get(reverse("tournaments:prizes", args=["cup", "A"])).content.decode()
    assert "Tied for places 1–2" in html
