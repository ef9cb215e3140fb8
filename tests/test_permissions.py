"""Who may change what.

The crawl tests walk every named URL of the apps and POST to it as an anonymous user and as a
logged-in stranger: nothing may change and the answer must be a refusal. As the event's
director and as staff the same crawl may change things, but only through audited services:
every row a request writes needs an audit entry of that request (`tests.audit_guard`). A URL
whose kwargs the crawl cannot fill fails the test, so a new write view cannot slip past it.
"""

import datetime

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from clubs.models import Attendance, Membership
from core.models import AuditEntry
from core.permissions import may_change, may_manage_players
from tests import factories
from tests.audit_guard import last_audit_id, unaudited, watching_writes
from tournaments.models import Pairing
from tournaments.services.restore_points import restore_point_take

pytestmark = pytest.mark.django_db

NAMESPACES = ("players", "clubs", "ratings", "tournaments", "games", "publishing")
# Views that accept a POST from anyone by design, each with the reason.
PUBLIC_POSTS: dict[str, str] = {}


def named_patterns():
    resolver = get_resolver()
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver) and item.namespace in NAMESPACES:
            yield from _walk(item, item.namespace)


def _walk(resolver: URLResolver, namespace: str, outer: tuple[str, ...] = ()):
    # A nested include()'s own parameters (its prefix's "<slug>/") belong to every page below it.
    for item in resolver.url_patterns:
        params = [*outer, *item.pattern.converters]
        if isinstance(item, URLPattern) and item.name:
            yield f"{namespace}:{item.name}", params
        elif isinstance(item, URLResolver):
            yield from _walk(item, namespace, tuple(params))


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
        "clubs": {
            "club_slug": world["club"].slug,
            "session_id": 1,
            "game_id": 1,
            "guest_id": 1,
            "membership_id": 1,
            "entry_id": 1,
        },
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
            "point_id": 1,
            "band_id": 1,
            "pin_id": 1,
            "report_name": "standings",
            "entry_id": world["entries"][0].pk,
            "token": "no-such-link",
        },
        "publishing": {"tournament_slug": world["tournament"].slug, "target_id": 1},
        "games": {
            "game_id": world["game"].pk,
            "tournament_slug": world["tournament"].slug,
            "division_name": world["division"].name,
            "kiosk_id": 1,
            "token": "no-such-screen",
            "table": 1,
            "field": "names",
        },
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


# A private event, rated, with a scoresheet at one of its tables, run by a club. The strings are
# chosen to occur nowhere else, so finding one on a page means the page leaks the event.
SECRET_NAME = "Quorvane Hushed Invitational"
SECRET_SLUG = "quorvane-hush"
SECRET_PLAYER = "Ysolde Vantrapp"  # plays only there
SHARED_PLAYER = "Mirel Oakhart"  # plays there and belongs to the club
SECRETS = (SECRET_NAME, SECRET_SLUG, SECRET_PLAYER)


@pytest.fixture
def private_world(director):
    from publishing.models import PublishTarget
    from ratings.services import rating_list_create, tournament_rate
    from tests.ratings.rating_world import club_night, played_division

    club = factories.club("Lanternwick Club")
    secret, shared = factories.player(SECRET_PLAYER), factories.player(SHARED_PLAYER)
    membership = Membership.objects.create(player=shared, club=club)
    night = club_night(club)
    Attendance.objects.create(session=night, player=shared)
    event = factories.tournament(
        SECRET_NAME,
        slug=SECRET_SLUG,
        director=director,
        club=club,
        is_public=False,
        start_date=timezone.localdate() + datetime.timedelta(days=30),
    )
    division = played_division([secret, shared], [[(1, 2, 432, 377)]], event=event)
    rating_list = rating_list_create(by=None, name="National")
    (rated,) = tournament_rate(by=director, tournament=event, rating_list=rating_list)
    pairing = Pairing.objects.get(round__division=division)
    game = factories.game(secret, shared, pairing=pairing, title="Table one")
    return {
        "players": {"player_id": secret.pk},
        "clubs": {
            "club_slug": club.slug,
            "session_id": night.pk,
            "game_id": 1,
            "guest_id": 1,
            "membership_id": membership.pk,
            "entry_id": 1,
        },
        "ratings": {
            "list_slug": rating_list.slug,
            "event_id": rated.pk,
            "tournament_slug": event.slug,
        },
        "tournaments": {
            "tournament_slug": event.slug,
            "division_name": division.name,
            "division_id": division.pk,
            "round_number": 1,
            "player_number": 1,
            "pairing_id": pairing.pk,
            "audit_id": AuditEntry.objects.filter(tournament=event).first().pk,
            "point_id": restore_point_take(by=director, tournament=event).pk,
            "band_id": 1,
            "pin_id": 1,
            "report_name": "standings",
            "entry_id": division.entries.first().pk,
            "token": "no-such-link",
        },
        "games": {
            "game_id": game.pk,
            "tournament_slug": event.slug,
            "division_name": division.name,
            "kiosk_id": 1,
            "token": "no-such-screen",
            "table": 1,
            "field": "names",
        },
        "publishing": {
            "tournament_slug": event.slug,
            "target_id": PublishTarget.objects.create(tournament=event, spec="/srv/www/p").pk,
        },
        "shared": shared,
    }


def private_world_urls(world) -> list[tuple[str, str]]:
    """(name, url) of every named URL filled from the private world, and the pages that list,
    search or export with a query string."""
    urls = [("home", reverse("home"))]
    for name, params in named_patterns():
        values = world[name.split(":")[0]]
        missing = [p for p in params if p not in values]
        assert missing == [], f"{name}: teach the private crawl a value for {missing}"
        urls.append((name, reverse(name, kwargs={p: values[p] for p in params})))
    extras = {"q": SECRET_PLAYER.split()[-1], "_export": "csv"}
    return urls + [
        (f"{name}?{key}", f"{url}?{key}={value}")
        for name, url in urls[:]
        for key, value in extras.items()
    ]


def leaks(client, world) -> list[str]:
    found = []
    for name, url in private_world_urls(world):
        response = client.get(url)
        assert response.status_code < 500, name
        body = b"".join(response.streaming_content) if response.streaming else response.content
        text = body.decode("utf-8", "replace")
        found += [f"{name}: {secret}" for secret in SECRETS if secret in text]
    return found


def test_no_page_shows_a_private_event_to_the_anonymous(client, private_world):
    assert leaks(client, private_world) == []


def test_no_page_shows_a_private_event_to_a_stranger(client, private_world, stranger):
    client.force_login(stranger)
    assert leaks(client, private_world) == []


# The pages where the event's director finds the event, and what each shows of it.
DIRECTOR_SEES = {
    "home": (SECRET_NAME,),
    "tournaments:list": (SECRET_NAME,),
    "tournaments:detail": (SECRET_NAME,),
    "tournaments:standings": (SECRET_PLAYER,),
    "tournaments:feed": (SECRET_NAME, SECRET_SLUG, SECRET_PLAYER),
    "ratings:list": (SECRET_NAME, SECRET_PLAYER),
    "ratings:event_csv": (SECRET_PLAYER,),
    "ratings:event_tsh": ("Vantrapp",),  # TSH writes "Surname, Given"
    "ratings:projected": (SECRET_NAME, SECRET_PLAYER),
    "players:list": (SECRET_PLAYER,),
    "players:list?q": (SECRET_PLAYER,),
    "players:detail": (SECRET_PLAYER, SECRET_NAME),
    "clubs:detail": (SECRET_NAME,),
    "games:list": (SECRET_PLAYER, SECRET_NAME),
    "games:detail": (SECRET_PLAYER, SECRET_NAME),
    "games:gcg": (SECRET_PLAYER,),
}


def test_the_director_finds_the_private_event_on_the_same_pages(client, private_world, director):
    client.force_login(director)
    pages = dict(private_world_urls(private_world))
    for name, expected in DIRECTOR_SEES.items():
        response = client.get(pages[name])
        text = response.content.decode()
        assert (name, response.status_code) == (name, 200)
        assert [s for s in expected if s not in text] == [], name


def test_outsiders_see_the_shared_players_private_rating_as_a_private_event(
    client, private_world, director
):
    shared = private_world["shared"]
    page = client.get(reverse("players:detail", args=[shared.pk])).text
    assert SHARED_PLAYER in page and "a private event" in page and SECRET_NAME not in page
    client.force_login(director)
    page = client.get(reverse("players:detail", args=[shared.pk])).text
    assert SECRET_NAME in page and "a private event" not in page


def test_a_player_starting_a_game_is_not_offered_the_private_events_players(client, private_world):
    account = factories.user()
    factories.player("Ordinary Olwen", user=account)
    client.force_login(account)
    for name in ("games:create", "games:upload"):
        page = client.get(reverse(name)).text
        assert "Ordinary Olwen" in page and SHARED_PLAYER in page, name
        assert SECRET_PLAYER not in page, name


def test_a_rating_list_counts_only_the_players_the_viewer_may_see(private_world, director):
    from ratings.selectors import rating_list_rows, rating_lists

    assert [(r.name, r.player_count) for r in rating_lists(None)] == [("National", 1)]
    assert [(r.name, r.player_count) for r in rating_lists(director)] == [("National", 2)]
    (national,) = rating_lists(None)
    assert [(row.player.name, row.rank) for row in rating_list_rows(national, None)] == [
        (SHARED_PLAYER, 1)
    ]
    assert len(rating_list_rows(national, everyone=True)) == 2
