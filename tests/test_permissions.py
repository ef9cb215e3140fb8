"""Who may change what.

The crawl tests walk every named URL of the apps and POST to it as an anonymous user and as a
logged-in stranger: nothing may change and the answer must be a refusal. As the event's
director and as staff the same crawl may change things, but only through audited services:
every row a request writes needs an audit entry of that request (`tests.audit_guard`). A URL
whose kwargs the crawl cannot fill fails the test, so a new write view cannot slip past it.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from core.models import AuditEntry
from core.permissions import may_change, may_manage_players
from tests import factories
from tests.audit_guard import last_audit_id, unaudited, watching_writes

pytestmark = pytest.mark.django_db

NAMESPACES = ("players", "clubs", "ratings", "tournaments", "games")
# Views that accept a POST from anyone by design, each with the reason.
PUBLIC_POSTS: dict[str, str] = {}


def named_patterns():
    resolver = get_resolver()
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver) and item.namespace in NAMESPACES:
            yield from _walk(item, item.namespace)


def _walk(resolver: URLResolver, namespace: str):
    for item in resolver.url_patterns:
        if isinstance(item, URLPattern) and item.name:
            yield f"{namespace}:{item.name}", list(item.pattern.converters)
        elif isinstance(item, URLResolver):
            yield from _walk(item, namespace)


@pytest.fixture
def world(director):
    club = factories.club()
    event = factories.tournament(director=director, club=club)
    division = factories.division(event)
    entries = factories.entries(division, 4)
    game = factories.game(created_by=director)
    return {
        "club": club,
        "tournament": event,
        "division": division,
        "entries": entries,
        "game": game,
    }


def url_kwargs(name: str, params: list[str], world) -> dict:
    namespace = name.split(":")[0]
    by_namespace = {
        "players": {"player_id": world["entries"][0].player.pk},
        "clubs": {"club_slug": world["club"].slug, "session_id": 1},
        "ratings": {
            "list_slug": "national",
            "event_id": 1,
            "tournament_slug": world["tournament"].slug,
        },
        "tournaments": {
            "tournament_slug": world["tournament"].slug,
            "division_name": world["division"].name,
            "division_id": world["division"].pk,
            "round_number": 1,
            "player_number": 1,
            "pairing_id": 1,
            "audit_id": 1,
            "band_id": 1,
            "pin_id": 1,
            "report_name": "standings",
            "entry_id": world["entries"][0].pk,
        },
        "games": {"game_id": world["game"].pk},
    }
    values = by_namespace[namespace]
    missing = [p for p in params if p not in values]
    assert missing == [], f"{name}: teach the crawl a value for {missing}"
    return {p: values[p] for p in params}


def write_refusals(client, world) -> list[tuple[str, int]]:
    seen = []
    before = AuditEntry.objects.count()
    for name, params in named_patterns():
        if name in PUBLIC_POSTS:
            continue
        url = reverse(name, kwargs=url_kwargs(name, params, world))
        response = client.post(url, {"name": "Changed", "text": "x"})
        seen.append((name, response.status_code, response.get("Location", "")))
    assert AuditEntry.objects.count() == before
    return seen


def test_anonymous_posts_change_nothing_and_are_refused(client, world):
    for name, status, location in write_refusals(client, world):
        assert status in (302, 403, 404, 405), name
        if status == 302:
            assert location.startswith("/login/"), name


def test_a_stranger_is_refused_everywhere(client, world, stranger):
    client.force_login(stranger)
    for name, status, _location in write_refusals(client, world):
        assert status in (403, 404, 405), name


def unaudited_writes(client, world) -> list[str]:
    found = []
    for name, params in named_patterns():
        url = reverse(name, kwargs=url_kwargs(name, params, world))
        since = last_audit_id()
        with watching_writes() as writes:
            client.post(url, {"name": "Changed", "text": "x"})
        found += [f"{name}: {write}" for write in unaudited(writes, since)]
    return found


def test_what_the_director_posts_anywhere_is_written_only_by_audited_services(
    client, world, director
):
    client.force_login(director)
    assert unaudited_writes(client, world) == []


def test_what_staff_post_anywhere_is_written_only_by_audited_services(client, world, staff):
    client.force_login(staff)
    assert unaudited_writes(client, world) == []


def test_director_of_one_tournament_cannot_change_another(client, director):
    mine = factories.tournament(director=director)
    other = factories.tournament()
    client.force_login(director)
    assert (
        client.post(reverse("tournaments:edit", args=[other.slug]), {"name": "Hijack"}).status_code
        == 403
    )
    other.refresh_from_db()
    assert other.name != "Hijack"
    response = client.post(
        reverse("tournaments:edit", args=[mine.slug]), {"name": "Renamed", "venue": "Hall"}
    )
    assert response.status_code == 302
    mine.refresh_from_db()
    assert (mine.name, mine.venue) == ("Renamed", "Hall")


def test_assistant_may_enter_results_but_not_change_the_event(stranger):
    event = factories.tournament(assistant=stranger)
    assert may_change(stranger, event, "results")
    assert not may_change(stranger, event)


def test_club_officer_may_change_only_their_club():
    mine, other = factories.club(), factories.club()
    membership = factories.officer(mine)
    officer = membership.player.user
    assert may_change(officer, mine)
    assert not may_change(officer, other)
    assert may_manage_players(officer)


def test_club_officer_of_a_club_may_direct_its_tournaments():
    club = factories.club()
    officer = factories.officer(club).player.user
    assert may_change(officer, factories.tournament(club=club))
    assert not may_change(officer, factories.tournament())


def test_only_organisers_manage_players(stranger, director, event, staff):
    assert not may_manage_players(None)
    assert not may_manage_players(stranger)
    assert may_manage_players(director)
    assert may_manage_players(staff)


def test_staff_may_change_everything(staff):
    assert may_change(staff, factories.tournament())
    assert may_change(staff, factories.club())


def test_admin_is_for_staff_only(client, stranger, staff):
    client.force_login(stranger)
    assert client.get("/admin/").status_code == 302
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200
