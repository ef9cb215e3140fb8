"""An entry's status reads the same on the registration desk's row and on the entry's own page:
both take ``tables.registration.status_chips``."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

CHIP = re.compile(r'<span class="(chip[^"]*)">([^<]*)</span>')


def _row(html: str, name: str) -> str:
    start = html.index(name)
    return html[html.rindex("<tr", 0, start) : html.index("</tr>", start)]


def test_the_entry_page_shows_every_chip_the_desk_row_shows(client, director):
    division = factories.division(factories.tournament(director=director), rounds=5)
    entry = factories.entries(division, 1)[0]
    Entry.objects.filter(pk=entry.pk).update(
        status=Entry.Status.CHECKED_IN,
        paid=True,
        payment_note="cash",
        joins_at_round=2,
        withdrawn_after_round=4,
        fixed_table=7,
        team="Bangkok",
    )
    client.force_login(director)
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    desk = client.get(reverse("tournaments:registration", kwargs=kwargs)).content.decode()
    page = client.get(
        reverse("tournaments:entry_update", kwargs=kwargs | {"entry_id": entry.pk})
    ).content.decode()
    expected = [
        ("chip ok", "checked in"),
        ("chip ok", "paid"),
        ("chip", "joins at round 2"),
        ("chip bad", "withdrawn after round 4"),
        ("chip", "always at table 7"),
        ("chip", "team: Bangkok"),
    ]
    assert CHIP.findall(_row(desk, entry.player.name)) == expected
    chips = page[page.index('<p class="chips">') :]
    assert CHIP.findall(chips[: chips.index("</p>")]) == expected
    assert '<small class="muted">(cash)</small>' in chips[: chips.index("</p>")]


def test_a_new_entry_shows_it_is_neither_checked_in_nor_paid(client, director):
    division = factories.division(factories.tournament(director=director), rounds=5)
    entry = factories.entries(division, 1)[0]
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.REGISTERED, paid=False)
    client.force_login(director)
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    page = client.get(
        reverse("tournaments:entry_update", kwargs=kwargs | {"entry_id": entry.pk})
    ).content.decode()
    chips = page[page.index('<p class="chips">') :]
    assert CHIP.findall(chips[: chips.index("</p>")]) == [
        ("chip", "not checked in"),
        ("chip warn", "unpaid"),
    ]
