"""Every table of every report fits the printable width: long names wrap, wide tables print
smaller, and no text is drawn beyond the margins (read back from the PDF as poppler reads it)."""

import html
import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from printouts import fit
from printouts.final_report import build_final_report_pdf
from printouts.fit import Column, fit_columns, frame_width
from printouts.layout import MARGIN, printed_on
from printouts.pairings import BY_NAME, build_pairings_pdf
from printouts.result_slips import build_result_slips_pdf
from printouts.scorecards import build_scorecards_pdf
from printouts.standings import build_standings_pdf
from printouts.wall_chart import build_wall_chart_pdf
from tests.tournaments import crowd_world

BUILDERS = {
    "pairings by table": lambda d: build_pairings_pdf(d, 4),
    "pairings by name": lambda d: build_pairings_pdf(d, 4, order=BY_NAME),
    "slips": lambda d: build_result_slips_pdf(d, 4),
    "standings": lambda d: build_standings_pdf(d),
    "scorecards": lambda d: build_scorecards_pdf(d),
    "scorecards 2 a page": lambda d: build_scorecards_pdf(d, per_page=2),
    "scorecards 4 a page": lambda d: build_scorecards_pdf(d, per_page=4),
    "wall chart": lambda d: build_wall_chart_pdf(d),
    "final report": lambda d: build_final_report_pdf(d),
}
SLACK = 0.5  # points: rounding of positions written to the PDF
PDFTOTEXT = shutil.which("pdftotext") or "/usr/bin/pdftotext"  # poppler-utils, as .ci/run installs


WORD = re.compile(
    r'<word xMin="([-\d.]+)" yMin="[-\d.]+" xMax="([-\d.]+)" yMax="[-\d.]+">(.*?)</word>'
)


def text_extents(data: bytes) -> list[tuple[int, str, float, float, float]]:
    """(page, word, left, right, page width) of every word drawn, as a reader places it:
    poppler's ``pdftotext -bbox``, from the widths of the fonts embedded in the file.

    A reader drops text that starts beyond the paper, so each page is first given a box three
    times its size around it: a word drawn wholly off the paper is still read, and found."""
    reader = PdfReader(io.BytesIO(data))
    writer = PdfWriter()
    widths = []
    for page in reader.pages:
        left, bottom, right, top = map(float, page.mediabox)
        width, height = right - left, top - bottom
        widths.append(width)
        around = RectangleObject([left - width, bottom - height, right + width, top + height])
        page.mediabox = page.cropbox = around
        writer.add_page(page)
    widened = io.BytesIO()
    writer.write(widened)
    read = subprocess.run(
        [PDFTOTEXT, "-bbox", "-", "-"], input=widened.getvalue(), capture_output=True, check=True
    )
    pages = read.stdout.decode().split("<page ")[1:]  # as many as widths: zip checks
    return [
        (number, html.unescape(text), float(x_min) - width, float(x_max) - width, width)
        for number, (page, width) in enumerate(zip(pages, widths, strict=True), start=1)
        for x_min, x_max, text in WORD.findall(page)
    ]


def assert_within_margins(data: bytes) -> None:
    extents = text_extents(data)
    assert extents
    beyond = [
        (page, text, round(right - (width - MARGIN), 1))
        for page, text, left, right, width in extents
        if right > width - MARGIN + SLACK or left < MARGIN - SLACK
    ]
    assert beyond == []


@pytest.fixture(scope="module")
def sixty(django_db_setup, django_db_blocker):
    """The 60-player crowd, built once for every report and paper below (it is only read)."""
    with crowd_world.kept(django_db_blocker, 60) as division:
        yield division


@pytest.fixture(scope="module")
def four_hundred(django_db_setup, django_db_blocker):
    # Its own slug: the 60-player crowd is still there while these tests run.
    with crowd_world.kept(django_db_blocker, 400, reported=10, slug="crowded-400") as division:
        yield division


@pytest.mark.django_db
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("report", list(BUILDERS))
def test_no_report_of_sixty_long_names_draws_beyond_the_margins(sixty, report, paper):
    with printed_on(paper):
        data = BUILDERS[report](sixty)
    assert_within_margins(data)
    assert_on_paper(data, paper, wide=report == "wall chart")


@pytest.mark.django_db
@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_report_of_four_hundred_players_draws_beyond_the_margins(four_hundred, paper):
    division = four_hundred
    for report in ("pairings by table", "pairings by name", "standings", "wall chart"):
        with printed_on(paper):
            data = BUILDERS[report](division)
        assert_within_margins(data)
        assert_on_paper(data, paper, wide=report == "wall chart")


def assert_on_paper(data: bytes, paper: str, *, wide: bool) -> None:
    """Every page is ``paper`` (A4: 595 x 842 points; Letter: 612 x 792), landscape if wide."""
    size = {"a4": (595, 842), "letter": (612, 792)}[paper]
    expected = tuple(reversed(size)) if wide else size
    pages = PdfReader(io.BytesIO(data)).pages
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in pages} == {expected}


def test_the_old_pairings_columns_did_not_fit_and_the_fitted_ones_do():
    # Before: 14+10+55+23+10+55+23 mm on a 186 mm frame.
    assert round(frame_width() / mm) == 186 and round(frame_width(wide=True) / mm) == 273
    columns = [
        Column("Table", ["100"]),
        Column("#", ["400"]),
        Column("First", flex=1),
        Column("Record", ["10.5–10.5 +1234"]),
        Column("#", ["400"]),
        Column("Second", flex=1),
        Column("Record", ["10.5–10.5 +1234"]),
    ]
    fitted = fit_columns(columns, frame_width())
    assert fitted.font_size == 9
    assert fitted.width <= frame_width()
    assert fitted.widths[2] == fitted.widths[5] > 45 * mm


def test_a_table_too_wide_steps_its_font_down_then_fits_at_the_smallest():
    numbers = [Column(f"R{n}", ["W 420–380"]) for n in range(8)]
    columns = [Column("Player", flex=1), *numbers]
    smaller = fit_columns(columns, frame_width(), font_size=9)
    assert smaller.font_size == 8 and smaller.width <= frame_width()
    cramped = fit_columns([Column("Player", flex=1), *numbers * 4], frame_width())
    assert cramped.font_size == fit.SMALLEST
    assert cramped.width == pytest.approx(frame_width(), abs=0.5)


def test_a_column_is_as_wide_as_its_widest_text_and_a_header_wraps_between_words():
    one = fit_columns([Column("Won–lost", ["1–0"])], frame_width())
    assert one.widths[0] == pytest.approx(fit.text_width("Won–lost", 9) + fit.PADDING, abs=0.01)
    long_header = fit_columns([Column("A very long header", ["1"])], frame_width())
    assert long_header.widths[0] == pytest.approx(
        fit.text_width("header", 9) + fit.PADDING, abs=0.01
    )


def test_a_name_that_fits_stays_plain_text_and_a_long_one_wraps():
    from reportlab.platypus import Paragraph

    from printouts.layout import Cells, styles

    cells = Cells(["Ann", "Maximiliana Wolfeschlegelsteinhausenbergerdorff"], styles().cell)
    assert fit.wrapped(cells, "Ann", 30 * mm) == "Ann"
    long = fit.wrapped(cells, "Maximiliana Wolfeschlegelsteinhausenbergerdorff", 30 * mm)
    assert isinstance(long, Paragraph)


@pytest.mark.parametrize(
    ("x", "found"),
    [
        (MARGIN, False),  # at the left margin
        (A4[0] - MARGIN - 64, False),  # ends just inside the right margin
        (A4[0] - MARGIN - 30, True),  # across the right margin
        (A4[0] + 40, True),  # wholly off the paper, which a reader drops
        (MARGIN - 20, True),  # across the left margin
        (-200, True),  # wholly off the paper on the left
    ],
)
def test_a_word_across_a_margin_or_off_the_paper_is_found_and_one_inside_is_not(x, found):
    data = io.BytesIO()
    page = canvas.Canvas(data, pagesize=A4)
    page.setFont("Helvetica", 12)
    page.drawString(MARGIN, 400, "Inside")
    page.drawString(x, 300, "Overflowing")  # 63.4 points wide
    page.save()
    if found:
        with pytest.raises(AssertionError, match="Overflowing"):
            assert_within_margins(data.getvalue())
    else:
        assert_within_margins(data.getvalue())
    assert {text for _, text, *_ in text_extents(data.getvalue())} == {"Inside", "Overflowing"}
