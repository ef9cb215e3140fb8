"""A paper size per event: A4 or US Letter, from the event's country unless chosen (US and
Canada print on Letter), changeable on the event form and by create_tournament --paper; every
printout is laid out for it, and four scorecards a page wrap long names instead of cutting them."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from printouts.layout import printed_on
from printouts.scorecards import build_scorecards_pdf
from tests import factories
from tests.command_runs import run
from tests.tournaments import crowd_world
from tournaments.models import Tournament
from tournaments.regions import paper_for_country
from tournaments.services.events import tournament_create

pytestmark = pytest.mark.django_db
A4, LETTER = (595, 842), (612, 792)


def page_sizes(data: bytes) -> set[tuple[int, int]]:
    pages = PdfReader(io.BytesIO(data)).pages
    return {(round(p.mediabox.width), round(p.mediabox.height)) for p in pages}


def text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize(
    ("country", "paper"),
    [("US", "letter"), ("CA", "letter"), ("ca", "letter"), ("TH", "a4"), ("KE", "a4"), ("", "a4")],
)
def test_a_new_event_takes_its_paper_from_its_country(country, paper):
    assert paper_for_country(country) == paper
    event = tournament_create(by=None, name=f"Open {country}", country=country.upper())
    assert event.paper_size == paper


def test_a_chosen_paper_wins_over_the_country():
    event = tournament_create(by=None, name="Toronto A4", country="CA", paper_size="a4")
    assert event.paper_size == "a4"


def test_every_printout_of_a_letter_event_is_on_letter(client, director):
    event = factories.tournament(director=director, slug="cop-open", paper_size="letter")
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 4))
    client.force_login(director)
    for report, wide in (
        ("pairings", False), ("slips", False), ("standings", False), ("scorecards", False),
        ("badges", False), ("wall-chart", True), ("final-report", False), ("rules", False),
    ):  # fmt: skip
        url = reverse("tournaments:print", args=["cop-open", "A", report])
        answer = client.get(url + ("?round=1" if report in ("pairings", "slips") else ""))
        assert answer.status_code == 200, report
        assert page_sizes(answer.content) == {LETTER[::-1] if wide else LETTER}, report
    four = client.get(
        reverse("tournaments:print", args=["cop-open", "A", "scorecards"]) + "?per_page=4"
    )
    assert page_sizes(four.content) == {LETTER}


def test_an_a4_event_prints_on_a4(client, director):
    event = factories.tournament(director=director, slug="bkk-open")
    factories.division(event, name="A")
    client.force_login(director)
    answer = client.get(reverse("tournaments:print", args=["bkk-open", "A", "standings"]))
    assert page_sizes(answer.content) == {A4}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_scorecards_a_page_wrap_a_long_opponent_name_in_full(paper):
    division = crowd_world.build(8)
    long_name = division.entries.get(number=2).player.name
    with printed_on(paper):
        printed = text(build_scorecards_pdf(division, numbers=[1], per_page=4))
    assert "…" not in printed
    # Wrapped over lines in its cell: every character of it is printed, in order.
    assert "".join(long_name.split()) in "".join(printed.split())


def test_the_event_form_changes_the_paper_size(client, director):
    event = factories.tournament(director=director, slug="edit-me", name="Edit Me")
    client.force_login(director)
    form = client.get(reverse("tournaments:edit", args=["edit-me"])).text
    assert 'name="paper_size"' in form and 'value="letter"' in form
    client.post(
        reverse("tournaments:edit", args=["edit-me"]),
        {"name": "Edit Me", "paper_size": "letter", "time_zone": "", "is_public": "on"},
    )
    event.refresh_from_db()
    assert event.paper_size == "letter"


def test_create_tournament_takes_a_country_and_a_paper():
    out = run("create_tournament", "Toronto Open", "--country", "ca")
    assert out.endswith("Printouts on US Letter; times in America/Toronto.\n")
    assert Tournament.objects.get(slug="toronto-open").paper_size == "letter"
    run("create_tournament", "Chicago A4", "--country", "US", "--paper", "a4")
    assert Tournament.objects.get(slug="chicago-a4").paper_size == "a4"
