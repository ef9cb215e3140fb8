"""Pages players see: live pairings with find-my-name, a player's page, statistics, caching."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.tournaments import reports_world
from tournaments.models import Entry, Pairing, Round
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db
KW = {"tournament_slug": "spring-open", "division_name": "A"}


def url(name, **extra):
    return reverse(f"tournaments:{name}", kwargs=KW | extra)


@pytest.fixture
def division():
    return reports_world.build()


def names_in_order(html: str, names: list[str]) -> list[int]:
    return [html.index(n) for n in names]


def test_live_pairings_list_players_alphabetically_with_table_and_side(client, division):
    html = client.get(url("public_pairings")).content.decode()
    links = [f">{n}</a>" for n in ("Anna Okafor", "Ben Ng", "Zoë Ångström", "สมชาย ใจดี")]
    order = names_in_order(html, links)
    assert order == sorted(order)
    assert 'href="/t/spring-open/A/player/5/"' in html
    assert "Round 3" in html


def test_find_my_name_keeps_only_matching_players(client, division):
    html = client.get(url("public_pairings"), {"q": "ben"}).content.decode()
    assert "Ben Ng" in html and "Anna Okafor</a>" not in html
    assert "山田さくら (#3)" in html  # Ben's opponent


def test_find_my_name_with_no_match_says_so(client, division):
    html = client.get(url("public_pairings"), {"q": "nobody"}).content.decode()
    assert "No player named “nobody” in this round." in html


def test_htmx_request_gets_the_partial_that_polls_while_the_round_is_on(client, division):
    response = client.get(url("public_pairings"), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and html.lstrip().startswith('<div id="live-pairings"')
    assert 'hx-trigger="every 30s"' in html
    assert "HX-Request" in response["Vary"]


def test_polling_stops_once_every_game_of_the_round_is_in(client, division):
    Pairing.objects.filter(round__number=3).update(
        first_score=400, second_score=350, reported_at=timezone.now()
    )
    html = client.get(url("public_pairings")).content.decode()
    assert "every 30s" not in html


def test_earlier_round_is_shown_with_results_and_does_not_poll(client, division):
    html = client.get(url("public_pairings"), {"round": 1}).content.decode()
    assert "W 600–300" in html and "L 300–600" in html
    assert "every 30s" not in html


def test_csv_export_of_the_pairings(client, division):
    response = client.get(url("public_pairings"), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    assert "Anna Okafor,5,1,2nd,Zoë Ångström (#1)" in response.content.decode()


def test_pages_answer_304_until_a_result_changes(client, division):
    first = client.get(url("public_pairings"))
    assert "max-age=10" in first["Cache-Control"] and "public" in first["Cache-Control"]
    etag = first["ETag"]
    again = client.get(url("public_pairings"), headers={"If-None-Match": etag})
    assert again.status_code == 304
    game = Pairing.objects.get(round__number=3, table=1)
    result_record(
        by=None, pairing_id=game.pk, first_score=400, second_score=380, expected_version=None
    )
    changed = client.get(url("public_pairings"), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_partial_and_whole_page_have_different_etags(client, division):
    whole = client.get(url("public_pairings"))["ETag"]
    partial = client.get(url("public_pairings"), headers={"HX-Request": "true"})["ETag"]
    assert whole != partial


def test_private_event_pages_are_not_found_for_strangers(client, division, stranger):
    division.tournament.is_public = False
    division.tournament.save()
    client.force_login(stranger)
    for name, extra in (
        ("public_pairings", {}),
        ("public_player", {"player_number": 1}),
        ("feed", {}),
    ):
        assert client.get(url(name, **extra)).status_code == 404
    assert (
        client.get(
            reverse("tournaments:public_home", kwargs={"tournament_slug": "spring-open"})
        ).status_code
        == 404
    )


def test_player_page_shows_next_table_opponent_side_rank_and_results(client, division):
    html = client.get(url("public_player", player_number=4)).content.decode()
    assert "สมชาย ใจดี" in html
    assert "Table 2" in html and "1st" in html and "王小明 (#2)" in html
    assert "Rank 1 · 1.5–0.5" in html and "+51" in html
    assert "W" in html and "401" in html and "350" in html


def test_unknown_player_number_is_not_found(client, division):
    assert client.get(url("public_player", player_number=99)).status_code == 404


def test_statistics_page_shows_records_averages_and_prize_holders(client, division):
    html = client.get(url("public_stats")).content.decode()
    assert "600: Anna Okafor 600–300 v Ben Ng, round 1" in html
    assert "300 rating points: Ben Ng 410–388 v 山田さくら, round 2" in html
    assert "822.7" in html
    assert 'href="/t/spring-open/A/player/4/">สมชาย ใจดี</a>' in html


def test_event_home_lists_divisions_with_their_round_and_links(client, division):
    html = client.get(
        reverse("tournaments:public_home", kwargs={"tournament_slug": "spring-open"})
    ).content.decode()
    assert "Round 3 of 5" in html
    assert url("public_pairings") in html and url("print", report_name="standings") in html


def test_event_home_calls_a_round_after_the_last_planned_one_the_playoff(client, division):
    # A playoff's games are rounds after the Swiss (results.playoffs): never "Round 3 of 2".
    division.rounds = 2
    division.save()
    html = client.get(
        reverse("tournaments:public_home", kwargs={"tournament_slug": "spring-open"})
    ).content.decode()
    card = html[html.index("division-card") :]
    assert "<p>Playoff</p>" in card[: card.index("</section>")]
    assert "Round 3 of 2" not in html


def grow(division, extra: int) -> None:
    """Add ``extra`` entries paired among themselves in round 3 (numbers after the six)."""
    rnd = Round.objects.get(division=division, number=3)
    added = [
        Entry.objects.create(
            division=division, player=factories.player(f"Extra {i}"), number=6 + i, rating=1000
        )
        for i in range(1, extra + 1)
    ]
    for table, i in enumerate(range(0, len(added) - 1, 2), start=4):
        Pairing.objects.create(round=rnd, table=table, first=added[i], second=added[i + 1])


@pytest.mark.parametrize(
    "name,extra",
    [
        ("public_pairings", {}),
        ("public_player", {"player_number": 1}),
        ("public_stats", {}),
        ("feed", {}),
    ],
)
def test_public_pages_run_a_fixed_number_of_queries(
    client, division, django_assert_max_num_queries, name, extra
):
    with django_assert_max_num_queries(9):
        assert client.get(url(name, **extra)).status_code == 200
    grow(division, 40)
    with django_assert_max_num_queries(9):
        assert client.get(url(name, **extra)).status_code == 200


def test_printable_reports_are_pdfs(client, division, director):
    for name, query in (
        ("pairings", {"round": 3}),
        ("standings", {}),
        ("wall-chart", {}),
        ("final-report", {}),
    ):
        response = client.get(url("print", report_name=name), query)
        assert response["Content-Type"] == "application/pdf" and response.content.startswith(
            b"%PDF"
        )


def test_scorecards_and_slips_are_for_the_people_running_the_event(
    client, division, director, stranger
):
    assert client.get(url("print", report_name="scorecards")).status_code == 302
    client.force_login(stranger)
    assert client.get(url("print", report_name="slips"), {"round": 3}).status_code == 403
    division.tournament.roles.create(user=director, role="director")
    client.force_login(director)
    response = client.get(url("print", report_name="scorecards"))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    slips = client.get(url("print", report_name="slips"), {"round": 3})
    assert slips.content.startswith(b"%PDF")


def test_second_visitor_gets_the_shared_copy_after_one_query(
    client, division, django_assert_num_queries
):
    from django.core.cache import cache

    cache.clear()
    first = client.get(url("public_pairings")).content
    with django_assert_num_queries(1):
        again = client.get(url("public_pairings"))
    assert again.content == first and again.status_code == 200


def test_live_pairings_rows_follow_the_sort_and_link_each_name(client, division):
    html = client.get(url("public_pairings"), {"sort": "-number"}).content.decode()
    links = [f'href="/t/spring-open/A/player/{n}/"' for n in (6, 5, 4, 3, 2, 1)]
    order = names_in_order(html, links)
    assert order == sorted(order)
    assert '<a href="?sort=number">No.</a>' in html


def test_live_pairings_of_a_larger_field_run_the_same_queries_built_afresh(
    client, division, django_assert_max_num_queries
):
    from django.core.cache import cache

    for extra in (0, 60):
        grow(division, extra)
        cache.clear()
        # 6, and the event's language (the cache was cleared)
        with django_assert_max_num_queries(7):
            assert client.get(url("public_pairings")).status_code == 200


PAGES_A_ROOM_POLLS = [
    ("standings", {}),
    ("public_pairings", {}),
    ("division", {}),
    ("crosstable", {}),
    ("public_player", {"player_number": 1}),
    ("public_stats", {}),
    ("feed", {}),
]


def queries_of_each_page(client) -> list[int]:
    """Queries of each page built afresh (as after a result comes in, not the shared copy)."""
    counts = []
    for name, extra in PAGES_A_ROOM_POLLS:
        cache.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(name, **extra)).status_code == 200
        counts.append(len(queries))
    return counts


def test_every_page_a_room_polls_runs_the_same_queries_for_a_larger_field(client, division):
    small = queries_of_each_page(client)
    grow(division, 40)
    Pairing.objects.filter(round__number=3, table__gt=3).update(
        first_score=400, second_score=350, reported_at=timezone.now()
    )
    assert queries_of_each_page(client) == small


def test_the_pairings_csv_says_who_has_withdrawn_as_the_page_marks_them(client, division):
    ben = Entry.objects.get(division=division, player__name="Ben Ng")
    Entry.objects.filter(pk=ben.pk).update(withdrawn_after_round=3)
    page = client.get(url("public_pairings")).content.decode()
    assert page.count('<span class="tag withdrawn">withdrawn</span>') == 1
    lines = client.get(url("public_pairings"), {"_export": "csv"}).content.decode()
    lines = lines.removeprefix("\ufeff").splitlines()
    assert lines[0] == "Player,No.,Table,Goes,Opponent,Result,Withdrawn"
    marks = {line.split(",")[0]: line.split(",")[-1] for line in lines[1:]}
    assert marks["Ben Ng"] == "True" and set(marks.values()) == {"True", "False"}
