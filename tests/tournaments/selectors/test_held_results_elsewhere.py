"""With a broadcast delay, the pages the first held-results test does not reach (prizes, team
standings, the playoff bracket and its feed, the public PDFs, the hall screens) keep a game's
final result back from the public until the delay has passed; the director sees it at once."""

import datetime
import io
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from games.broadcast import services as broadcast
from games.services.end_racks import end_racks_record
from games.services.games import turn_record
from tests import factories
from tournaments.models import Entry, Pairing
from tournaments.public_cache.http import forget_remembered
from tournaments.services import playoffs

pytestmark = pytest.mark.django_db


def playoff_final(director, *, delay: int):
    """A public Thai event: round 1 ends 400 – 300, then a one-game playoff final whose sheet
    ends -3 – -49 (8H AT, six scoreless turns); the two players play for two teams."""
    # A slug with no figure: the default event-<n> holds "-49" whenever n starts with 49
    # (event-4996 in a long run), and the pages that name the event would read as showing it.
    event = factories.tournament(
        director=director, rules_preset="thai", is_public=True, slug="final-held"
    )
    division = factories.division(event, name="A")
    first, second = factories.entries(division, 2)
    Entry.objects.filter(pk=first.pk).update(team="Lions")
    Entry.objects.filter(pk=second.pk).update(team="Tigers")
    opening = factories.round_with_pairings(division, [first, second]).pairings.get()
    Pairing.objects.filter(pk=opening.pk).update(first_score=400, second_score=300)
    final = playoffs.playoff_create(by=director, division=division, top=2, best_of=1, seed=1)
    pairing = final.pairings.get()
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


PDFS = ("standings", "wall-chart", "final-report", "bracket", "prize-list")
# The final's result as each page shows it: its score, or the spread it gives the standings
# (+146 / -146 with it, +100 / -100 without).
SHOWN = ("-49", "\u221249", "+146", "-146", "\u2212146")


def public_urls(event, division) -> dict[str, str]:
    args = [event.slug, division.name]
    urls = {
        "prizes": reverse("tournaments:prizes", args=args),
        "team standings": reverse("tournaments:team_standings", args=[event.slug]),
        "playoff": reverse("tournaments:playoff", args=args),
        "playoff.json": reverse("tournaments:playoff_feed", args=args),
    }
    for name in PDFS:
        urls[f"{name}.pdf"] = reverse("tournaments:print", args=[*args, name])
    return urls


def text_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    if response.content.startswith(b"%PDF"):
        pages = PdfReader(io.BytesIO(response.content)).pages
        return "\n".join(page.extract_text() for page in pages)
    return response.content.decode()


def shown_on(client, urls: dict[str, str]) -> dict[str, bool]:
    return {name: any(m in text_of(client, url) for m in SHOWN) for name, url in urls.items()}


def at(minutes: int, seconds: int = 0):
    later = timezone.now() + datetime.timedelta(minutes=minutes, seconds=seconds)
    return mock.patch("django.utils.timezone.now", return_value=later)


def test_without_a_delay_the_other_pages_show_the_result_at_once(client, director):
    event, division = playoff_final(director, delay=0)
    urls = public_urls(event, division)
    assert shown_on(client, urls) == dict.fromkeys(urls, True)


def test_a_delayed_result_stays_off_the_other_public_pages_until_the_delay_has_passed(
    client, director
):
    event, division = playoff_final(director, delay=15)
    urls = public_urls(event, division)
    assert shown_on(client, urls) == dict.fromkeys(urls, False)
    with at(14):  # still held: the copies kept under the stamp stand
        assert shown_on(client, urls) == dict.fromkeys(urls, False)
    with at(15, 1):  # let out: the kept stamp is stale, every page and file is built again
        assert shown_on(client, urls) == dict.fromkeys(urls, True)


def test_the_director_sees_the_delayed_result_on_them_at_once(client, director):
    event, division = playoff_final(director, delay=15)
    client.force_login(director)
    urls = public_urls(event, division)
    assert shown_on(client, urls) == dict.fromkeys(urls, True)


def test_the_hall_screens_show_pairings_only_so_no_result_to_hold_back(client, director):
    event, division = playoff_final(director, delay=15)
    urls = [
        reverse("tournaments:hall", args=[event.slug, division.name]),
        reverse("tournaments:event_hall", args=[event.slug]),
    ]
    with at(15, 1):
        texts = [text_of(client, url) for url in urls]
    names = list(division.entries.values_list("player__name", flat=True))
    assert all(all(name in text for name in names) for text in texts)  # the pairing is there
    assert not any(m in text for m in SHOWN for text in texts)


@pytest.fixture(autouse=True)
def _fresh_process_memory():
    forget_remembered()
    yield
    forget_remembered()
