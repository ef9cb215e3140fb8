"""The final report calls its standings final only once the division is complete and every result\nis shown; its standings and prize winners are those of the standings page and the prize list."""

import pytest
from django.utils import timezone

from printouts.final_report import build_final_report_pdf
from printouts.standings import build_standings_pdf
from tests.printouts.test_reports import flat, pages
from tests.tournaments import reports_world
from tournaments.models import Entry, Pairing
from tournaments.selectors.prizes import awards_of, division_prizes
from tournaments.selectors.rounds import division_complete

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
    assert "Provisional standings" in text
    assert "Final standings" not in text


def test_the_last_round_paired_but_not_all_reported_is_still_provisional():
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2])
    text = report(division)
    assert "Provisional standings Provisional: 1 game missing" in text
    assert "Final standings" not in text
    # Every result in counts, as on the standings page and the prize list.
    assert "1 สมชาย ใจดี 2.5–0.5 +151 2 Zoë Ångström 2.5–0.5 +140" in text


def test_a_result_missing_in_an_earlier_round_keeps_the_report_provisional():
    # The last round all in is not enough: the division is complete only with every round in
    # (``division_complete``, which the division page's "Division complete" reads too).
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2, 3])
    Pairing.objects.filter(round__number=2, table=2).update(first_score=None, second_score=None)
    assert not division_complete(division)
    text = report(division)
    assert "Provisional standings Provisional: 1 game missing" in text
    assert "Final standings" not in text


def test_a_result_held_back_by_the_broadcast_delay_keeps_the_report_provisional():
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2, 3])
    held = Pairing.objects.get(round__number=3, table=1)
    text = flat(" ".join(pages(build_final_report_pdf(division, frozenset({held.pk})))))
    assert "Provisional standings Provisional: 1 game missing" in text
    assert "Final standings" not in text


def test_the_prize_winners_are_the_prize_list_s_before_the_last_round_is_all_in():
    division = reports_world.build(rounds=3)
    division.prize_places = 2
    division.save()
    # One game of round 3 in: #2 beats #4 by 200, which moves the places the prizes go to.
    Pairing.objects.filter(round__number=3, table=2).update(first_score=300, second_score=500)
    awards = awards_of(division_prizes(division))
    assert [(award.place, award.players) for award in awards[:2]] == [(1, (2,)), (2, (1,))]
    text = report(division)
    prizes = text[text.index("Prize winners") : text.index("High game")]
    assert prizes.endswith("Place 1 王小明 #2 2–1 +163 Place 2 Zoë Ångström #1 1.5–0.5 +40 ")


def test_the_report_is_final_once_the_last_round_is_all_reported():
    division = reports_world.build(rounds=3)
    report_round_three(division, [1, 2, 3])
    text = report(division)
    assert "Final standings" in text
    assert "Provisional" not in text
    assert "1 สมชาย ใจดี 2.5–0.5 +151 2 Zoë Ångström 2.5–0.5 +140" in text


def test_the_report_s_standings_mark_a_withdrawn_player_as_the_standings_printout_does():
    division = reports_world.build(rounds=4)
    report_round_three(division, [1, 2, 3])
    ben = Entry.objects.get(division=division, player__name="Ben Ng")
    Entry.objects.filter(pk=ben.pk).update(withdrawn_after_round=3)
    standings = flat(" ".join(pages(build_standings_pdf(division))))
    assert standings.count("(withdrawn)") == 1 and "Ben Ng (withdrawn)" in standings
    text = report(division)
    table = text[text.index("Provisional standings") :]
    assert table.count("(withdrawn)") == 1 and "Ben Ng (withdrawn) " in table
