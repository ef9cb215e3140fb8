"""The hall screen's pages: by name, a screenful each, turning back to the first after the last."""

import pytest

from tournaments.selectors.hall import PAGE_ROWS, HallPage, page_of


@pytest.mark.parametrize(
    ("rows", "page", "shown", "pages"),
    [
        (0, 1, [], 1),
        (PAGE_ROWS, 1, list(range(PAGE_ROWS)), 1),
        (PAGE_ROWS + 1, 1, list(range(PAGE_ROWS)), 2),
        (PAGE_ROWS + 1, 2, [PAGE_ROWS], 2),
        (PAGE_ROWS + 1, 3, list(range(PAGE_ROWS)), 2),  # past the last: the first again
        (PAGE_ROWS + 1, 0, list(range(PAGE_ROWS)), 2),
    ],
)
def test_page_boundaries(rows, page, shown, pages):
    assert page_of(list(range(rows)), page)[0] == shown
    assert page_of(list(range(rows)), page)[2] == pages


@pytest.mark.parametrize(("page", "pages", "following"), [(1, 1, 1), (1, 2, 2), (2, 2, 1)])
def test_the_screen_turns_to_the_next_page_then_back_to_the_first(page, pages, following):
    assert HallPage(1, [], page, pages).next_page == following
