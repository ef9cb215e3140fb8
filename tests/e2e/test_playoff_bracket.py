"""A division's playoff in the browser, on a desktop (1280 px) and on a phone (390 px).

Eight players have played two Swiss rounds; the director starts a playoff of the top 4 (best-of-3
semi-finals and a best-of-3 final) on the playoff page, types every playoff result on the usual
result entry page and pairs the next games from the playoff page. Semi-final 1 is over in two
games, so the next playoff round holds only semi-final 2's decider; the final is over in two
games too, and then nothing more is paired. The public bracket page (a list of small tables, no
axe violation, no sideways scroll), the final standings and the printed standings, final
report, bracket and prize list follow.

Screenshots: artifacts/screenshots/playoff-<width>-<nn>-<step>.png; the printouts' first pages
as artifacts/pdf/playoff-<report>-<width>.png when poppler's pdftoppm is installed.
"""

import io
import shutil
import subprocess

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in
from tournaments.models import Division, Pairing
from tournaments.results.playoffs import read_stage
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PDFTOPPM = shutil.which("pdftoppm")


class Run:
    def __init__(self, page, base: str, width: int, division: Division):
        self.page, self.base, self.width, self.step = page, base, width, 0
        self.division = division
        self.here = f"{base}/t/{division.tournament.slug}/{division.name}"

    def shot(self, name: str) -> None:
        self.step += 1
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"playoff-{self.width}-{self.step:02d}-{name}.png"
        full_page_png(self.page, path)
        assert self.page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name

    def seeds(self) -> tuple[int, ...]:
        return read_stage(Division.objects.get(pk=self.division.pk).playoff).seeds

    def games(self, number: int) -> list[Pairing]:
        return list(
            Pairing.objects.filter(round__division=self.division, round__number=number)
            .select_related("first", "second")
            .order_by("table")
        )

    def enter(self, number: int, winners: list[int]) -> None:
        """Type each table's result of round ``number`` on the result entry page: the entry
        ``winners[i]`` wins table i + 1 by 450-350."""
        page = self.page
        page.goto(f"{self.here}/round/{number}/results/")
        line = page.locator("#id_line")
        for index, (game, winner) in enumerate(
            zip(self.games(number), winners, strict=True), start=1
        ):
            first_wins = game.first.number == winner
            line.fill(f"{game.table} {450 if first_wins else 350} {350 if first_wins else 450}")
            page.locator("#entry-feedback", has_text="Enter saves.").wait_for()
            line.press("Enter")
            expect(page.locator("#saved-log li")).to_have_count(index, timeout=15_000)

    def pair_next(self) -> None:
        self.page.goto(f"{self.here}/playoff/manage/")
        self.page.get_by_role("button", name="Pair the next playoff games").click()
        expect(self.page.get_by_text("paired.").first).to_be_visible()


def eight_after_two_rounds(director) -> Division:
    event = factories.tournament(name="Playoff Open", director=director)
    division = factories.division(event, name="A", rounds=2)
    factories.entries(division, 8)
    for number in (1, 2):
        round_pair(by=None, division=division, round_number=number, seed=number)
        for p in Pairing.objects.filter(round__division=division, round__number=number):
            win = p.first.number < p.second.number
            result_record(
                by=None,
                pairing_id=p.pk,
                first_score=420 if win else 380,
                second_score=380 if win else 420,
                expected_version=None,
                confirm_unusual=True,
            )
    return division


def start_playoff(run: Run) -> None:
    page = run.page
    page.goto(f"{run.here}/playoff/manage/")
    page.fill("#id_top", "4")
    page.fill("#id_best_of", "3")
    page.select_option("#id_advantage", "first_move")
    run.shot("start-form")
    page.get_by_role("button", name="Start the playoff").click()
    expect(page.get_by_text("Playoff started: round 3 paired.")).to_be_visible()
    run.shot("started")


def play_semi_finals(run: Run, s: tuple[int, ...]) -> None:
    run.enter(3, [s[0], s[2]])  # semi-final 1: seed 1; semi-final 2: seed 3
    run.pair_next()
    run.enter(4, [s[0], s[1]])  # seed 1 is through 2-0; semi-final 2 is level 1-1
    run.pair_next()
    decider = run.games(5)
    assert [{g.first.number, g.second.number} for g in decider] == [{s[1], s[2]}]
    run.shot("decider-paired")
    run.enter(5, [s[1]])


def play_final(run: Run, s: tuple[int, ...]) -> None:
    run.pair_next()
    assert [{g.first.number, g.second.number} for g in run.games(6)] == [{s[0], s[1]}]
    run.enter(6, [s[0]])
    run.pair_next()
    run.enter(7, [s[0]])
    run.page.goto(f"{run.here}/playoff/manage/")
    expect(run.page.get_by_role("button", name="Pair the next playoff games")).to_have_count(0)
    assert run.games(8) == []
    run.shot("finished-manage")


def see_bracket_and_standings(run: Run, s: tuple[int, ...], names: dict[int, str]) -> None:
    page = run.page
    page.goto(f"{run.here}/playoff/")
    expect(page.locator("table.playoff-series")).to_have_count(3)
    expect(page.locator("table.playoff-series caption").first).to_contain_text("Semi-final 1")
    places = page.locator("ol.playoff-places li")
    expect(places).to_have_count(4)
    for index, seed in enumerate((0, 1, 2, 3)):
        expect(places.nth(index)).to_contain_text(names[s[seed]])
    run.shot("bracket")
    serious = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert serious == [], serious
    page.goto(f"{run.here}/standings/")
    rows = page.locator("table.standings tbody tr")
    for index, seed in enumerate((0, 1, 2, 3)):
        expect(rows.nth(index)).to_contain_text(names[s[seed]])
    run.shot("final-standings")
    page.goto(f"{run.here}/prizes/")
    run.shot("prizes")


def print_reports(run: Run, s: tuple[int, ...], names: dict[int, str]) -> None:
    pictures = ARTIFACTS.parent / "pdf"
    pictures.mkdir(parents=True, exist_ok=True)
    for report in ("standings", "final-report", "bracket", "prize-list"):
        response = run.page.request.get(f"{run.here}/print/{report}/")
        assert response.ok and response.body()[:5] == b"%PDF-", report
        text = " ".join(
            "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages).split()
        )
        assert names[s[0]] in text, report
        if report == "standings":
            assert text.index(names[s[0]]) < text.index(names[s[1]]) < text.index(names[s[2]])
        if PDFTOPPM:
            pdf = pictures / f"playoff-{report}-{run.width}.pdf"
            pdf.write_bytes(response.body())
            picture = pictures / f"playoff-{report}-{run.width}"
            command = [PDFTOPPM, "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"]
            subprocess.run([*command, str(pdf), str(picture)], check=True)
            pdf.unlink()


@pytest.mark.parametrize("width", [1280, 390])
def test_top_four_play_best_of_three_series_and_the_standings_follow(live_server, page, width):
    director = factories.user(f"playoff{width}")
    division = eight_after_two_rounds(director)
    names = {e.number: e.player.name for e in division.entries.select_related("player")}
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url, director.username)
    run = Run(page, live_server.url, width, division)
    start_playoff(run)
    seeds = run.seeds()
    play_semi_finals(run, seeds)
    play_final(run, seeds)
    see_bracket_and_standings(run, seeds, names)
    print_reports(run, seeds, names)
