"""Named reads of the ratings: a list is ranked on the ratings it publishes."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from ratings.selectors import rating_list_rows
from ratings.services import rating_list_create, rating_seed
from tests import factories

pytestmark = pytest.mark.django_db


def test_ratings_published_alike_share_a_rank_and_go_by_name(client):
    # 1500.4 and 1499.6 both publish as 1500 (halves up): the same rank, then name order.
    national = rating_list_create(by=None, name="National")
    for name, rating in [("Zed", 1500.4), ("Amy", 1499.6), ("Bea", 1499.5), ("Cy", 1499.49)]:
        rating_seed(by=None, rating_list=national, player=factories.player(name), rating=rating)
    expected = [
        ("1", "Amy", "1500"),
        ("1", "Bea", "1500"),
        ("1", "Zed", "1500"),
        ("4", "Cy", "1499"),
    ]
    rows = rating_list_rows(national, everyone=True)
    assert [(str(r.rank), r.player.name, str(r.published)) for r in rows] == expected
    page = client.get(reverse("ratings:list", args=[national.slug]), {"_export": "csv"})
    lines = page.content.decode("utf-8-sig").splitlines()[1:]
    assert [(cells[0], cells[1], cells[4]) for cells in (line.split(",") for line in lines)] == (
        expected
    )
    out = StringIO()
    call_command("ratings", national.slug, stdout=out)
    assert [tuple(line.split()[:3]) for line in out.getvalue().splitlines()] == expected
