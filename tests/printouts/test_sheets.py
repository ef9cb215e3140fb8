"""Scorecards one, two or four to an A4 page, with cut lines: the page count for n players at
each choice, and the choice by link, URL and command."""

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

from printouts.layout import MARGIN
from printouts.scorecards import build_scorecards_pdf
from printouts.sheets import CUT_GAP, slots
from tests import factories
from tests.command_runs import run
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def division_of(players: int):
    event = factories.tournament(name="Club Cup", slug="club-cup")
    division = factories.division(event, name="A", rounds=7)
    factories.entries(division, players)
    return division


@pytest.mark.parametrize(
    ("players", "per_page", "pages"),
    [
        (1, 1, 1),
        (3, 1, 3),
        (2, 2, 1),
        (3, 2, 2),
        (4, 2, 2),
        (1, 4, 1),
        (4, 4, 1),
        (5, 4, 2),
        (8, 4, 2),
        (9, 4, 3),
    ],
)
def test_scorecards_fill_each_page_with_the_cards_asked_for(players, per_page, pages):
    texts = page_texts(build_scorecards_pdf(division_of(players), per_page=per_page))
    assert len(texts) == pages
    # Every player's card is printed once, in number order.
    body = " ".join(texts)
    heads = [body.index(f"#{n} Entrant") for n in range(1, players + 1)]
    assert heads == sorted(heads)


def test_four_cards_to_a_page_are_the_quarters_of_a4_inside_the_margins():
    quarters = slots(4)
    page_w, page_h = A4
    assert len(quarters) == 4
    top_left, top_right, bottom_left, bottom_right = quarters
    assert top_left.x == MARGIN and top_right.x == page_w / 2 + CUT_GAP
    assert top_right.x + top_right.width == pytest.approx(page_w - MARGIN)
    assert top_left.y == page_h / 2 + CUT_GAP
    assert top_left.y + top_left.height == pytest.approx(page_h - MARGIN)
    assert bottom_left.y == MARGIN + 4 * mm and bottom_right.y == bottom_left.y
    assert bottom_left.y + bottom_left.height == pytest.approx(page_h / 2 - CUT_GAP)


def test_two_cards_to_a_page_are_the_halves_of_a4():
    top, bottom = slots(2)
    assert top.width == bottom.width == pytest.approx(A4[0] - 2 * MARGIN)
    assert top.y == A4[1] / 2 + CUT_GAP


@pytest.mark.parametrize("per_page", [0, 3, 5])
def test_other_numbers_of_cards_to_a_page_are_refused(per_page):
    with pytest.raises(ValueError):
        build_scorecards_pdf(division_of(2), per_page=per_page)


def test_a_long_event_still_prints_four_cards_to_a_page():
    division = division_of(4)
    division.rounds = 40
    division.save(update_fields=["rounds"])
    texts = page_texts(build_scorecards_pdf(division, per_page=4))
    assert len(texts) == 1
    assert "40" in texts[0]


def test_the_director_is_offered_scorecards_one_two_and_four_to_a_page(client, director):
    division = division_of(5)
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    client.force_login(director)
    page = client.get(f"/t/club-cup/{division.name}/").content.decode()
    assert 'href="/t/club-cup/A/print/scorecards/">Scorecards</a>' in page
    assert 'href="/t/club-cup/A/print/scorecards/?per_page=2">Scorecards, 2 a page</a>' in page
    assert 'href="/t/club-cup/A/print/scorecards/?per_page=4">Scorecards, 4 a page</a>' in page
    response = client.get("/t/club-cup/A/print/scorecards/", {"per_page": 4})
    assert response["Content-Disposition"] == (
        'inline; filename="club-cup-A-scorecards-4-per-page.pdf"'
    )
    assert len(page_texts(response.content)) == 2
    for asked in ("3", "x", "-4", "1"):
        response = client.get("/t/club-cup/A/print/scorecards/", {"per_page": asked})
        assert response["Content-Disposition"] == 'inline; filename="club-cup-A-scorecards.pdf"'
        assert len(page_texts(response.content)) == 5


def test_the_print_command_prints_scorecards_two_to_a_page(tmp_path):
    division_of(3)
    path = tmp_path / "cards.pdf"
    run("print", "club-cup", "scorecards", "--per-page", "2", "--output", str(path))
    assert len(page_texts(path.read_bytes())) == 2
    run("print", "club-cup", "scorecards", "--output", str(path))
    assert len(page_texts(path.read_bytes())) == 3


def test_the_print_command_refuses_cards_to_a_page_for_another_report(tmp_path):
    from django.core.management.base import CommandError

    division_of(3)
    with pytest.raises(CommandError) as caught:
        run("print", "club-cup", "standings", "--per-page", "2", "--output", str(tmp_path / "x"))
    assert str(caught.value) == "--per-page 2 is only for scorecards."
    with pytest.raises(CommandError) as caught:
        run("print", "club-cup", "scorecards", "--per-page", "3", "--output", str(tmp_path / "x"))
    assert "invalid choice: 3 (choose from 1, 2, 4)" in str(caught.value)
    assert not (tmp_path / "x").exists()
