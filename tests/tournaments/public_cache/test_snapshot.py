"""The division snapshot: the public pages read from it show what a direct read shows."""

import random

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from config.demo import DIRECTOR_USERNAME
from tests.demo_copy import load_demo_copy
from tournaments.demo import _scores
from tournaments.models import Pairing, Tournament
from tournaments.public_cache.http import forget_remembered
from tournaments.public_cache.snapshots import cached_snapshot, latest_key, snapshot_key
from tournaments.results.stats import event_stats
from tournaments.selectors import public_pages
from tournaments.selectors.divisions import division_rows, standings_records
from tournaments.selectors.prizes import awards_of, division_prizes
from tournaments.selectors.snapshot import division_snapshot
from tournaments.selectors.stamps import division_stamp, latest_round, public_division_stamp
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair
from tournaments.views.feeds import division_feed, snapshot_feed
from tournaments.views.public import player_url, player_urls

pytestmark = pytest.mark.django_db


def assert_snapshot_shows_what_the_database_shows(division):
    snapshot = division_snapshot(division)
    rows = division_rows(division)
    url_of = player_urls(division)
    assert snapshot.records == standings_records(rows)
    assert snapshot.latest == latest_round(division)
    assert snapshot.rounds == rows.rounds_paired()
    for number in rows.rounds_paired():
        from_snapshot = public_pages.PageRows(
            snapshot.entry_rows(), snapshot.round_pairings(number)
        )
        assert public_pages.pairings_by_name(
            from_snapshot, number, url_of
        ) == public_pages.pairings_by_name(rows, number, lambda n: player_url(division, n))
        assert snapshot_feed(division, snapshot, number) == division_feed(division, number)
    assert snapshot_feed(division, snapshot) == division_feed(division)
    for entry in rows.entries:
        mine = public_pages.PageRows(
            snapshot.entry_rows(),
            snapshot.player_pairings(entry.pk),
            snapshot.starting_of(entry.number),
        )
        standing = next((r for r in rows.standings() if r.player == entry.number), None)
        cells = rows.player_cells(entry.number)
        direct = public_pages.player_page_of(
            rows, entry, standing, cells, lambda n: player_url(division, n)
        )
        page = public_pages.player_page_of(
            mine, entry, snapshot.standing(entry.number), snapshot.cells_of(entry.number), url_of
        )
        assert page == direct
    stats = event_stats(rows.players, rows.results)
    assert snapshot.stats == stats
    with translation.override("en"):  # the snapshot keeps the default bands' labels in English
        assert snapshot.awards == awards_of(division_prizes(division))
    chart = rows.crosstable()
    assert snapshot.crosstable_rounds == chart.rounds
    assert [(line.player, line.name, list(line.cells)) for line in snapshot.crosstable()] == [
        (row.player, row.name, list(row.cells)) for row in chart.rows
    ]


def test_the_snapshot_of_each_demo_division_equals_the_direct_read_after_each_result():
    load_demo_copy()
    finished = Tournament.objects.get(slug="riverside-winter-classic-2025").divisions.get()
    assert_snapshot_shows_what_the_database_shows(finished)
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    assert_snapshot_shows_what_the_database_shows(running)
    fourth = Pairing.objects.filter(round__division=running, round__number=4, second__isnull=False)
    for table, game in enumerate(fourth.order_by("table"), start=1):
        result_record(
            by=None,
            pairing_id=game.pk,
            first_score=350 + 7 * table,
            second_score=420 - 5 * table,
            expected_version=None,
        )
        assert_snapshot_shows_what_the_database_shows(running)


def page_urls(division) -> dict[str, str]:
    kwargs = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return {
        name: reverse(f"tournaments:{name}", kwargs=kwargs | extra)
        for name, extra in (
            ("standings", {}),
            ("crosstable", {}),
            ("public_pairings", {}),
            ("public_player", {"player_number": 3}),
            ("public_stats", {}),
            ("feed", {}),
        )
    }


def every_public_page(division, players: int | None = None) -> list[str]:
    """Each public page of ``division``: every round's pairings, the players' pages, the CSV
    exports. With ``players``: the latest round's pairings only (a result changes no earlier
    round) and the pages of the first, the last and ``players - 2`` others spread between."""
    urls = page_urls(division)
    rows = division_rows(division)
    rounds = rows.rounds_paired()
    if players is not None:
        rounds = rounds[-1:]
    numbers = sorted(e.number for e in rows.entries)
    if players is not None and players < len(numbers):
        step = (len(numbers) - 1) / (players - 1)
        numbers = sorted({numbers[round(i * step)] for i in range(players)})
    return [
        *urls.values(),
        *(f"{urls['public_pairings']}?round={n}" for n in rounds),
        *(player_url(division, n) for n in numbers),
        f"{urls['standings']}?sort=-spread",
        f"{urls['standings']}?_export=csv",
        f"{urls['public_pairings']}?_export=csv",
    ]


def test_pages_from_the_kept_snapshot_equal_pages_built_afresh(client):
    load_demo_copy()
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    for url in every_public_page(running):
        fresh = client.get(url).content
        stamp = public_division_stamp(running.tournament.slug, running.name)
        assert cache.get(snapshot_key(running.pk, stamp.tag)) is not None
        # Drop only the kept page copies: the page is rendered again from the kept snapshot.
        kept = cache.get(snapshot_key(running.pk, stamp.tag))
        cache.clear()
        cache.set(snapshot_key(running.pk, stamp.tag), kept)
        assert client.get(url).content == fresh


def kept_keys() -> list[str]:
    """Every key in the cache, whichever backend the tests run with (per process or Redis)."""
    store = cache._cache
    if isinstance(store, dict):  # the per-process cache
        return list(store)
    return [key.decode() for key in store.get_client().scan_iter("*")]


def kept_snapshots_and_copies() -> list[str]:
    return [key for key in kept_keys() if "desk:snapshot:" in key or "desk:page:" in key]


def test_a_private_division_gets_no_kept_snapshot_and_stays_hidden(client, django_user_model):
    load_demo_copy()
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    Tournament.objects.filter(pk=running.tournament_id).update(is_public=False)
    stranger = django_user_model.objects.create_user("stranger", password="x")
    for who in (None, stranger):
        if who is not None:
            client.force_login(who)
        for url in every_public_page(running):
            assert client.get(url).status_code == 404
        assert kept_snapshots_and_copies() == []
    client.force_login(django_user_model.objects.get(username=DIRECTOR_USERNAME))
    for url in page_urls(running).values():
        assert client.get(url).status_code == 200
    assert public_division_stamp(running.tournament.slug, running.name) is None
    keys = [snapshot_key(running.pk, division_stamp(running.pk).tag), latest_key(running.pk)]
    assert cache.get_many(keys) == {}
    assert kept_snapshots_and_copies() == []


def test_the_snapshot_builder_keeps_nothing_of_a_private_division():
    load_demo_copy()
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    public = public_division_stamp(running.tournament.slug, running.name)
    Tournament.objects.filter(pk=running.tournament_id).update(is_public=False)
    running.refresh_from_db()
    running.tournament.refresh_from_db()
    forget_remembered()
    built = cached_snapshot(running, public)
    assert built.division_id == running.pk and built.records == division_snapshot(running).records
    assert kept_snapshots_and_copies() == []
    assert cached_snapshot(running, public) is not built  # built again: nothing was kept


def assert_every_page_from_the_kept_snapshot_equals_the_page_built_afresh(
    client, division, players: int | None = None
):
    """Each public page built from the database (nothing kept anywhere) equals the same page
    rendered from the snapshot the cache keeps (unpickled, with no page copy kept).

    Every player's page is compared as data (``assert_snapshot_shows_what_the_database_shows``);
    ``players`` limits how many are also rendered both ways. The division's stamp is read once:
    a page read changes nothing it is made of (a read that did would find no kept snapshot)."""
    assert_snapshot_shows_what_the_database_shows(division)
    stamp = public_division_stamp(division.tournament.slug, division.name)
    for url in every_public_page(division, players):
        cache.clear()
        forget_remembered()
        fresh = client.get(url)
        kept = cache.get(snapshot_key(division.pk, stamp.tag))
        assert kept is not None and kept.tag == stamp.tag
        cache.clear()
        forget_remembered()
        cache.set(snapshot_key(division.pk, stamp.tag), kept)
        again = client.get(url)
        assert (again.status_code, again.content) == (fresh.status_code, fresh.content)


def test_pages_from_the_kept_snapshot_equal_pages_built_afresh_after_each_round(client):
    load_demo_copy()
    finished = Tournament.objects.get(slug="riverside-winter-classic-2025").divisions.get()
    assert_every_page_from_the_kept_snapshot_equals_the_page_built_afresh(client, finished)
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    rng = random.Random(14)
    for number in range(4, running.rounds + 1):
        if number > 4:
            round_pair(by=None, division=running, round_number=number, seed=number)
        # Paired, half reported, then complete. Every player's page is rendered both ways in
        # test_pages_from_the_kept_snapshot_equal_pages_built_afresh; here five of them per step.
        assert_every_page_from_the_kept_snapshot_equals_the_page_built_afresh(
            client, running, players=5
        )
        games = list(
            Pairing.objects.filter(
                round__division=running, round__number=number, kind=Pairing.Kind.PLAYED
            ).select_related("first", "second")
        )
        for index, game in enumerate(games, start=1):
            first, second = _scores(game.first.rating, game.second.rating, rng)
            result_record(
                by=None,
                pairing_id=game.pk,
                first_score=first,
                second_score=second,
                expected_version=None,
                confirm_unusual=True,
            )
            if index in (len(games) // 2, len(games)):
                assert_every_page_from_the_kept_snapshot_equals_the_page_built_afresh(
                    client, running, players=5
                )


def test_the_snapshot_is_kept_under_its_stamp_and_a_result_makes_a_new_one():
    load_demo_copy()
    running = Tournament.objects.get(slug="riverside-open-2026").divisions.get()
    before = public_division_stamp(running.tournament.slug, running.name)
    kept = cached_snapshot(running, before)
    assert cached_snapshot(running, before) is kept
    game = Pairing.objects.filter(round__division=running, round__number=4).first()
    result_record(
        by=None, pairing_id=game.pk, first_score=400, second_score=300, expected_version=None
    )
    after = public_division_stamp(running.tournament.slug, running.name)
    assert after.tag != before.tag
    new = cached_snapshot(running, after)
    assert new.tag == after.tag and new.latest.unreported == kept.latest.unreported - 1
