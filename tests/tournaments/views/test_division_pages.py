"""Division, standings, crosstable and pairing pages."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from printouts.wall_chart import build_wall_chart_pdf
from tests import factories
from tests.tournaments.division_setup import field, games, play_round
from tests.tournaments.views.test_playoff_display import pdf_text
from tournaments.models import Division, FixedPairing, Round
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.services.entries import entry_withdraw
from tournaments.services.rounds import round_pair
from tournaments.views.public import player_url

pytestmark = pytest.mark.django_db


def _url(division, name, **kwargs):
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name}
        | kwargs,
    )


def _played(count, rounds=3, **fields):
    """A division of ``count`` entries with ``rounds`` rounds paired and played."""
    division, entries = field(count, rounds=rounds, **fields)
    for number in range(1, rounds + 1):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    return division


def test_division_page_lists_the_latest_round_by_table(client):
    division, entries = field(5, rounds=2, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    page = client.get(_url(division, "division")).content.decode()
    first, second, bye = page.index("Entrant"), page.index("#3 Entrant"), page.index("bye")
    assert first < second < bye
    assert "#1 Entrant" in page and "#5 Entrant" in page
    assert client.get(_url(division, "round", round_number=1)).status_code == 200
    assert client.get(_url(division, "round", round_number=2)).status_code == 404


def test_pages_of_a_private_tournament_are_hidden_from_the_public(client, director):
    division, entries = field(2, director=director, rounds=2)
    division.tournament.is_public = False
    division.tournament.save()
    for name in ("division", "standings", "crosstable"):
        assert client.get(_url(division, name)).status_code == 404
    client.force_login(director)
    for name in ("division", "standings", "crosstable"):
        assert client.get(_url(division, name)).status_code == 200


def test_public_pages_refuse_posts(client):
    division, entries = field(2, rounds=2)
    for name in ("division", "standings", "crosstable"):
        assert client.post(_url(division, name)).status_code == 405


def test_standings_page_ranks_and_exports_csv(client):
    division = _played(4)
    page = client.get(_url(division, "standings"))
    assert page.status_code == 200
    rows = page.context["table"].rows
    expected = standings_records(division_results(division))
    assert [row.record["number"] for row in rows] == [r["number"] for r in expected]
    # Seeds 1-3 and first-player-wins-by-10-per-table give two pairs of equal records.
    assert [row.record["rank"] for row in rows] == [1, 1, 3, 3]
    export = client.get(_url(division, "standings") + "?_export=csv")
    lines = export.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Rank,No.,Player,Won,Lost,Spread")
    assert len(lines) == 5
    ordered = client.get(_url(division, "standings") + "?sort=-number")
    assert [row.record["number"] for row in ordered.context["table"].rows] == [4, 3, 2, 1]


def test_pages_use_a_fixed_number_of_queries_whatever_the_field(
    client, django_assert_max_num_queries
):
    small = _played(1, rounds=1)
    large = _played(30, rounds=3)
    for name in ("standings", "crosstable", "division"):
        for division in (small, large):
            # 6, and the event's language while the cache does not hold it yet
            with django_assert_max_num_queries(7):
                assert client.get(_url(division, name)).status_code == 200


def test_crosstable_shows_every_round_of_every_player(client):
    division = _played(4, rounds=2, pairing_plan="1-N koth")
    page = client.get(_url(division, "crosstable"))
    assert list(page.context["rounds"]) == [1, 2]
    rows = page.context["rows"]
    assert len(rows) == 4
    first_cell = rows[0].split("</td>")[2]
    assert first_cell in ("<td>W 410–400 #2", "<td>L 400–410 #2")


def test_director_pairs_a_round_from_the_page(client, director):
    division, entries = field(4, director=director, rounds=3)
    client.force_login(director)
    assert client.get(_url(division, "pairing")).status_code == 200
    response = client.post(
        _url(division, "pairing"), {"round_number": 1, "system": "koth", "seed": 4}
    )
    assert response.status_code == 302
    assert response["Location"] == _url(division, "round", round_number=1)
    paired = Round.objects.get(division=division, number=1)
    assert (paired.system, paired.seed) == ("koth", 4)
    refused = client.post(_url(division, "pairing"), {"round_number": 2, "system": ""})
    assert refused.status_code == 200
    assert "whose results are missing at tables 1, 2" in refused.content.decode()


def test_director_swaps_players_and_pins_from_the_page(client, director):
    division, entries = field(4, director=director, rounds=3, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.force_login(director)
    client.post(
        _url(division, "round_edit", round_number=1), {"action": "swap", "first": 2, "second": 3}
    )
    assert games(division, 1) == {frozenset({1, 3}), frozenset({2, 4})}
    client.post(_url(division, "pin_add"), {"round_number": 2, "first": 1, "second": 4})
    pin = FixedPairing.objects.get(division=division)
    assert (pin.round_number, pin.first.number, pin.second.number) == (2, 1, 4)
    client.post(_url(division, "pin_delete", pin_id=pin.pk))
    assert not FixedPairing.objects.exists()


def test_bad_pin_and_round_edit_numbers_are_explained_and_nothing_changes(client, director):
    division, entries = field(4, director=director, rounds=3, pairing_plan="1-N koth")
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.force_login(director)
    before = games(division, 1)
    pin = client.post(
        _url(division, "pin_add"), {"round_number": 4, "first": 1, "second": 9}, follow=True
    )
    assert [str(m) for m in pin.context["messages"]] == [
        "Round: “4” is not a round of this division (1 to 3).",
        "Opponent number: There is no player 9 in this division.",
    ]
    edit = client.post(
        _url(division, "round_edit", round_number=1),
        {"action": "swap", "first": "2³"},
        follow=True,
    )
    assert edit.redirect_chain == [(_url(division, "pairing"), 302)]
    assert [str(m) for m in edit.context["messages"]] == [
        "Player number: Enter a whole number from 1 to 9999.",
        "Second player number: Give the second player's number.",
    ]
    assert not FixedPairing.objects.exists()
    assert games(division, 1) == before


def test_strangers_cannot_pair(client, stranger):
    division, entries = field(4, rounds=3)
    client.force_login(stranger)
    assert client.post(_url(division, "pairing"), {"round_number": 1}).status_code == 403
    assert not Round.objects.exists()


def test_director_adds_a_division_and_a_bad_plan_is_explained(client, director, event):
    client.force_login(director)
    url = reverse("tournaments:division_create", kwargs={"tournament_slug": event.slug})
    base = {
        "name": "B",
        "rounds": 6,
        "bye_spread": 50,
        "forfeit_spread": 50,
        "max_repeats": 0,
        "prize_places": 3,
        "max_spread_per_round": 250,
    }
    bad = client.post(url, base | {"pairing_plan": "1-3 swiss"})
    assert bad.status_code == 200
    assert "Round 4 has no pairing system in the plan." in bad.content.decode()
    good = client.post(
        url, base | {"pairing_plan": "1-3 roundrobin; 4-N koth", "tiebreaks": ["cumulative"]}
    )
    assert good.status_code == 302
    division = Division.objects.get(tournament=event, name="B")
    assert (division.rounds, division.tiebreaks) == (6, ["cumulative"])
    client.post(
        _url(division, "division_edit"), base | {"name": "B", "rounds": 7, "pairing_plan": ""}
    )
    division.refresh_from_db()
    assert division.rounds == 7


def test_tournament_page_links_its_divisions(client):
    division = factories.division(name="Open")
    page = client.get(division.tournament.get_absolute_url()).content.decode()
    assert _url(division, "division") in page


def test_standings_rows_follow_the_sort_in_the_page_itself(client):
    division = _played(4)
    html = client.get(_url(division, "standings") + "?sort=-number").content.decode()
    names = [f">Entrant {division.pk}-{n}</a>" for n in (4, 3, 2, 1)]
    positions = [html.index(name) for name in names]
    assert positions == sorted(positions)
    assert '<a href="?sort=number">No.</a>' in html  # the header offers the other direction


def test_standings_cells_are_formatted_as_the_table_defines_them(client):
    division = _played(2, rounds=1)
    html = client.get(_url(division, "standings")).content.decode()
    # Entrant 1 beat Entrant 2 410-400 at table 1: 1 win, +10, 410 points.
    url = player_url(division, 1)
    assert (
        f'<td class="num">1</td><td class="num secondary">1</td>'
        f'<td><a href="{url}">Entrant {division.pk}-1</a></td>'
        '<td class="num">1</td><td class="num">0</td><td class="num">+10</td>'
        '<td class="num secondary">1</td><td class="num secondary">410</td>'
    ) in html
    assert '<td class="num">-10</td>' in html


def test_crosstable_page_shows_each_cell_label(client):
    division = _played(2, rounds=1)
    html = client.get(_url(division, "crosstable")).content.decode()
    assert "<td>W 410–400 #2</td>" in html and "<td>L 400–410 #1</td>" in html


@pytest.mark.parametrize("name", ["standings", "crosstable"])
def test_standings_and_crosstable_answer_304_and_share_one_copy(
    client, name, django_assert_num_queries
):
    division, entries = field(4, rounds=2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    first = client.get(_url(division, name))
    assert first.status_code == 200 and "public" in first["Cache-Control"]
    again = client.get(_url(division, name), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    # The stamp kept in the cache since the 304: the shared copy is served without a query.
    with django_assert_num_queries(0):
        shared = client.get(_url(division, name))
    assert shared.content == first.content


def test_a_withdrawal_gives_the_standings_a_new_stamp(client):
    division, entries = field(4, rounds=2, withdrawn_last=True)
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    first = client.get(_url(division, "standings"))
    leader = [r.record["number"] for r in first.context["table"].rows][0]
    entry_withdraw(by=None, entry=entries[leader - 1], after_round=1)
    again = client.get(_url(division, "standings"), headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert [r.record["number"] for r in again.context["table"].rows][-1] == leader


def test_large_standings_and_crosstable_run_the_same_queries_as_small_ones(
    client, django_assert_max_num_queries
):
    small = _played(2, rounds=1)
    large = _played(60, rounds=4)
    for name in ("standings", "crosstable"):
        for division in (small, large):
            cache.clear()  # built afresh, not the shared copy
            # the event's language (cold cache), stamp, tournament, division, then the
            # snapshot: entries, pairings, prize bands
            with django_assert_max_num_queries(7):
                assert client.get(_url(division, name)).status_code == 200


def test_the_standings_csv_says_who_has_withdrawn_as_the_page_marks_them(client):
    # The page tags a withdrawn player beside the name; the CSV has a column for it, True or
    # False as `manage.py standings --format csv` writes it.
    division, entries = field(4, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    play_round(division, 1)
    entry_withdraw(by=None, entry=entries[2], after_round=1)
    page = client.get(_url(division, "standings")).content.decode()
    assert page.count('<span class="tag withdrawn">withdrawn</span>') == 1
    assert ">Withdrawn<" not in page  # a column of the CSV only
    export = client.get(_url(division, "standings") + "?_export=csv")
    lines = export.content.decode("utf-8-sig").splitlines()
    assert lines[0].endswith(",Rating,Withdrawn")
    marks = {line.split(",")[1]: line.split(",")[-1] for line in lines[1:]}
    assert marks == {"1": "False", "2": "False", "3": "True", "4": "False"}


def test_the_crosstable_page_writes_scores_and_withdrawals_as_the_wall_chart_does(client):
    division, entries = field(4, rounds=3)
    for number in (1, 2):
        round_pair(by=None, division=division, round_number=number, seed=number)
        play_round(division, number)
    entry_withdraw(by=None, entry=entries[2], after_round=2)
    html = client.get(_url(division, "crosstable")).content.decode()
    chart = " ".join(pdf_text(build_wall_chart_pdf(division)).split())
    name = f"Entrant {division.pk}-3"
    assert f"{name} (withdrawn after round 2)" in chart
    assert f'<tr class=withdrawn><td class="num">3</td><td>{name} ' in html
    assert html.count('<span class="tag withdrawn">withdrawn after round 2</span>') == 1
    assert "<td>W 410–400 #" in html and "W 410–400" in chart
    assert not re.search(r"<td>[WL] \d+-\d+", html)
