"""Every public page, feed and file of the merged features answers 404 for a private event, to
the anonymous and to a stranger, and answers 200 once the same event is public (so the 404 is
the privacy, not a missing playoff, team or broadcast). The crawls of ``test_permissions`` reach
these URL names too, but their private event has no playoff, team or broadcast game to show.

A player's personal link is the one exception by design: its signed token is the player's own
key (printed on their scorecard), so it opens their page in a private event too; without a
valid token it is refused.
"""

import pytest
from django.urls import reverse

from games.broadcast.services import broadcast_mark
from tests import factories
from tests.tournaments.division_setup import field
from tests.tournaments.services.test_playoffs import swiss
from tournaments.models import Pairing, TournamentRole
from tournaments.selectors.entry_links import entry_token
from tournaments.services.entries import entry_set_team
from tournaments.services.playoffs import playoff_create
from tournaments.services.prizes import prize_band_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def shown(director):
    """A public event with teams, a playoff, a prize band and a broadcast game: the URLs."""
    division, entries = field(6, director=director, rounds=6)
    swiss(division, rounds=2)
    for entry in entries:
        entry_set_team(by=director, entry=entry, team="Owls" if entry.number % 2 else "Larks")
    pairing = Pairing.objects.filter(round__division=division, round__number=2).first()
    game = factories.game(pairing.first.player, pairing.second.player, pairing=pairing)
    broadcast_mark(by=director, game=game, on=True)
    prize_band_create(by=director, division=division, kind="rank", label="Top", places=2)
    playoff_create(by=director, division=division, top=4, best_of=3, third_place=False, seed=1)
    event = division.tournament
    event.is_public = True
    event.save(update_fields=["is_public"])
    here = {"tournament_slug": event.slug, "division_name": division.name}
    table = here | {"table": pairing.table}
    urls = {
        "tournaments:team_standings": reverse("tournaments:team_standings", args=[event.slug]),
        "tournaments:tourney_js": reverse("tournaments:tourney_js", args=[event.slug]),
        "tournaments:event_hall": reverse("tournaments:event_hall", args=[event.slug]),
        "games:broadcast_board": reverse("games:broadcast_board", args=[game.pk]),
        "games:broadcast_feed": reverse("games:broadcast_feed", args=[game.pk]),
        "games:broadcast_overlay": reverse(
            "games:broadcast_overlay", kwargs=table | {"field": "names"}
        ),
        "games:broadcast_overlay_feed": reverse("games:broadcast_overlay_feed", kwargs=table),
        "games:broadcast_overlay_field_feed": reverse(
            "games:broadcast_overlay_field_feed", kwargs=table | {"field": "names"}
        ),
        "tournaments:print bracket": reverse(
            "tournaments:print", kwargs=here | {"report_name": "bracket"}
        ),
        "tournaments:print prize-list": reverse(
            "tournaments:print", kwargs=here | {"report_name": "prize-list"}
        ),
    }
    for name in ("playoff", "playoff_feed", "hall", "prizes"):
        urls[f"tournaments:{name}"] = reverse(f"tournaments:{name}", kwargs=here)
    for name in ("broadcast_division", "broadcast_division_feed"):
        urls[f"games:{name}"] = reverse(f"games:{name}", kwargs=here)
    return {"event": event, "urls": urls, "entry": entries[0]}


def statuses(client, urls: dict[str, str]) -> dict[str, int]:
    return {name: client.get(url).status_code for name, url in urls.items()}


def test_every_new_public_page_shows_the_public_event(client, shown):
    assert statuses(client, shown["urls"]) == dict.fromkeys(shown["urls"], 200)


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_every_new_public_page_is_404_for_the_private_event(client, shown, stranger, who):
    shown["event"].is_public = False
    shown["event"].save(update_fields=["is_public"])
    if who == "stranger":
        client.force_login(stranger)
    assert statuses(client, shown["urls"]) == dict.fromkeys(shown["urls"], 404)


@pytest.mark.parametrize("name", ["export_tou", "export_naspa", "hall_missing", "score_reports"])
def test_the_directors_files_and_screens_are_refused_to_outsiders(client, shown, stranger, name):
    event = shown["event"]
    event.is_public = False
    event.save(update_fields=["is_public"])
    division = shown["entry"].division
    args = [event.slug] if name.startswith("export") else [event.slug, division.name]
    url = reverse(f"tournaments:{name}", args=args)
    assert client.get(url).status_code in (302, 404)
    if client.get(url).status_code == 302:
        assert client.get(url)["Location"].startswith("/login/")
    client.force_login(stranger)
    assert client.get(url).status_code in (403, 404)


@pytest.mark.parametrize("public", [True, False])
def test_the_integrity_desk_is_for_the_events_directors_only(client, shown, stranger, public):
    """Private in every sense: not for the anonymous, a stranger or an assistant, even of a
    public event; never kept by a cache."""
    event = shown["event"]
    event.is_public = public
    event.save(update_fields=["is_public"])
    url = reverse("games:integrity", args=[event.slug])
    assert client.get(url)["Location"].startswith("/login/")
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assistant = factories.user()
    TournamentRole.objects.create(tournament=event, user=assistant, role="assistant")
    client.force_login(assistant)
    assert client.get(url).status_code == 403
    client.force_login(event.roles.get(role="director").user)
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store, private"


def test_a_personal_link_opens_only_with_its_own_token_in_a_private_event(client, shown):
    event = shown["event"]
    event.is_public = False
    event.save(update_fields=["is_public"])
    good = reverse("tournaments:entry_link", args=[event.slug, entry_token(shown["entry"].pk)])
    assert client.get(good).status_code == 200
    forged = reverse("tournaments:entry_link", args=[event.slug, f"{shown['entry'].pk}:x:y"])
    assert client.get(forged).status_code in (400, 403, 404)
