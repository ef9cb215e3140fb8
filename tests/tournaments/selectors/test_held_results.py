"""With a broadcast delay, a game's final result stays off every public page, feed and file
until the delay has passed since its scoresheet last changed; then each shows it (the kept
stamps, pages and files are built again at that moment)."""

import datetime
import json
import re
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games.broadcast import services as broadcast
from games.services.end_racks import end_racks_record
from games.services.games import turn_record
from tests import factories
from tournaments.models import Pairing
from tournaments.public_cache.http import forget_remembered

pytestmark = pytest.mark.django_db
# The second score as a page writes it: not the "-49" of a slug such as event-49, which the
# factories' counter reaches when enough events were made before this test on its worker.
SCORE = re.compile(r"(?<![\w-])[-−]49(?!\d)")


def finished_game(director, *, delay: int):
    """A public Thai event whose only game ends -3 – -49 (8H AT, six scoreless turns)."""
    event = factories.tournament(director=director, rules_preset="thai", is_public=True)
    division = factories.division(event, name="A")
    pairing = factories.round_with_pairings(division, factories.entries(division, 2)).pairings.get()
    if delay:
        broadcast.broadcast_delay_set(by=director, tournament=event, minutes=delay)
    game = factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing, rules_preset="thai"
    )
    for move in ("8H AT", *["-"] * 6):
        game = turn_record(by=director, game=game, move=move)
    end_racks_record(by=director, game=game, racks=("EEIIOOU", "QZXJKVW"))
    assert Pairing.objects.get(pk=pairing.pk).second_score == -49
    return event, division


def public_urls(event, division) -> dict[str, str]:
    args = [event.slug, division.name]
    return {
        "division": reverse("tournaments:division", args=args),
        "live pairings": reverse("tournaments:public_pairings", args=args),
        "standings": reverse("tournaments:standings", args=args),
        "crosstable": reverse("tournaments:crosstable", args=args),
        "player": reverse("tournaments:public_player", args=[*args, 2]),
        "feed.json": reverse("tournaments:feed", args=args),
        "tourney.js": reverse("tournaments:tourney_js", args=[event.slug]),
    }


def shows_the_result(client, url: str) -> bool:
    body = client.get(url).content.decode()
    if url.endswith("feed.json"):
        return json.loads(body)["pairings"][0]["second_score"] == -49
    if url.endswith("tourney.js"):
        data = json.loads(body.removeprefix("newt=").rstrip().removesuffix(";"))
        return data["divisions"][0]["players"][2]["scores"] == [-49]
    return SCORE.search(body) is not None


def test_without_a_delay_every_page_shows_the_result_at_once(client, director):
    event, division = finished_game(director, delay=0)
    urls = public_urls(event, division)
    assert {name: shows_the_result(client, url) for name, url in urls.items()} == dict.fromkeys(
        urls, True
    )


def test_a_delayed_result_is_hidden_everywhere_until_the_delay_has_passed(client, director):
    event, division = finished_game(director, delay=15)
    urls = public_urls(event, division)
    shown = {name: shows_the_result(client, url) for name, url in urls.items()}
    assert shown == dict.fromkeys(urls, False)
    # 14 minutes on: still held (the pages kept under the stamp stand)
    later = timezone.now() + datetime.timedelta(minutes=14)
    with mock.patch("django.utils.timezone.now", return_value=later):
        shown = {name: shows_the_result(client, url) for name, url in urls.items()}
    assert shown == dict.fromkeys(urls, False)
    # 15 minutes and a second on: the kept stamp is stale, every page and file is built again
    later = timezone.now() + datetime.timedelta(minutes=15, seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        shown = {name: shows_the_result(client, url) for name, url in urls.items()}
    assert shown == dict.fromkeys(urls, True)


def test_the_director_sees_the_delayed_result_on_every_page_at_once(client, director):
    # As on the prizes, team and playoff pages and the printouts (test_held_results_elsewhere):
    # whoever may enter the division's results reads the one record as it stands. tourney.js is
    # the file other sites fetch: public, it holds the result for everyone.
    event, division = finished_game(director, delay=15)
    client.force_login(director)
    urls = public_urls(event, division)
    shown = {name: shows_the_result(client, url) for name, url in urls.items()}
    assert shown == dict.fromkeys(urls, True) | {"tourney.js": False}
    client.logout()  # and the public copies built meanwhile still hold it
    shown = {name: shows_the_result(client, url) for name, url in urls.items()}
    assert shown == dict.fromkeys(urls, False)


@pytest.fixture(autouse=True)
def _fresh_process_memory():
    forget_remembered()
    yield
    forget_remembered()
