"""Judging screens: a director opens one for a division; its URL judges words for anyone at the
table, and opens nothing else; it expires and can be closed."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from core.models import AuditEntry
from games.engine import word_lists as lexicons
from games.models import JudgeKiosk, Judgment
from games.services.kiosk import (
    MAX_HOURS,
    MIN_HOURS,
    KioskRefused,
    kiosk_close,
    kiosk_open,
    open_kiosk,
)
from games.services.words import lexicon_upload
from tests import factories
from tests.games.helpers import WORDS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    lexicons.clear_cache()
    yield
    lexicons.clear_cache()


@pytest.fixture
def division(event):
    return factories.division(event, name="A")


@pytest.fixture
def word_list(director):
    return lexicon_upload(by=director, name="TEST", data=WORDS.encode())


@pytest.fixture
def kiosk(director, division, word_list):
    return kiosk_open(by=director, division=division, lexicon=word_list, hours=4)


def manage_url(division) -> str:
    return reverse("games:kiosk_manage", args=[division.tournament.slug, division.name])


def judge_url(kiosk) -> str:
    return reverse("games:kiosk_judge", args=[kiosk.token])


def test_a_director_opens_a_screen_from_the_division_and_the_opening_is_audited(
    client, director, division, word_list
):
    client.force_login(director)
    response = client.post(manage_url(division), {"lexicon": word_list.pk, "hours": "4"})
    assert response.status_code == 302
    kiosk = JudgeKiosk.objects.get()
    assert kiosk.division == division and kiosk.closed_at is None
    entry = AuditEntry.objects.get(action="judge_kiosk.open")
    assert entry.tournament_id == division.tournament_id
    assert kiosk.token not in str(entry.after)
    page = client.get(manage_url(division)).text
    assert f"http://testserver{judge_url(kiosk)}" in page


def test_anyone_with_the_screen_judges_words_without_logging_in(client, kiosk):
    page = client.get(judge_url(kiosk))
    assert page.status_code == 200 and page["Referrer-Policy"] == "no-referrer"
    ruling = client.post(judge_url(kiosk), {"words": "cat qi"})
    assert "ACCEPTABLE" in ruling.text and "NOT ACCEPTABLE" not in ruling.text
    assert "NOT ACCEPTABLE" in client.post(judge_url(kiosk), {"words": "CAT XYZZY"}).text
    assert [(j.words, j.acceptable, j.kiosk_id, j.by) for j in Judgment.objects.order_by("pk")] == [
        (["CAT", "QI"], True, kiosk.pk, None),
        (["CAT", "XYZZY"], False, kiosk.pk, None),
    ]


def test_the_screen_opens_no_other_page(client, kiosk, division):
    client.get(judge_url(kiosk))
    assert "_auth_user_id" not in client.session
    for url in [
        reverse("games:judge"),
        reverse("games:lexicons"),
        manage_url(division),
        reverse("tournaments:registration", args=[division.tournament.slug, division.name]),
    ]:
        for asked in (url, f"{url}?token={kiosk.token}"):
            response = client.get(asked)
            assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert client.post(reverse("games:kiosk_close", args=[kiosk.pk])).status_code == 302
    kiosk.refresh_from_db()
    assert kiosk.closed_at is None


def test_the_screen_works_until_it_expires_and_not_after(kiosk):
    assert open_kiosk(kiosk.token, kiosk.expires_at - datetime.timedelta(seconds=1)) == kiosk
    assert open_kiosk(kiosk.token, kiosk.expires_at) is None
    assert open_kiosk(kiosk.token, kiosk.expires_at + datetime.timedelta(hours=1)) is None


def test_an_expired_screen_answers_not_found(client, kiosk):
    JudgeKiosk.objects.filter(pk=kiosk.pk).update(expires_at=timezone.now())
    response = client.post(judge_url(kiosk), {"words": "CAT"})
    assert response.status_code == 404
    assert not Judgment.objects.exists()


def test_a_closed_screen_stops_at_once_and_the_closing_is_audited(client, director, kiosk):
    client.force_login(director)
    assert client.post(reverse("games:kiosk_close", args=[kiosk.pk])).status_code == 302
    assert AuditEntry.objects.filter(action="judge_kiosk.close").count() == 1
    client.logout()
    assert client.get(judge_url(kiosk)).status_code == 404
    with pytest.raises(KioskRefused, match="closed already"):
        kiosk_close(by=director, kiosk=kiosk)


def test_an_unknown_or_overlong_token_opens_nothing(client, kiosk):
    assert client.get(reverse("games:kiosk_judge", args=["x" * 20])).status_code == 404
    assert open_kiosk(kiosk.token + "x" * 64) is None
    assert open_kiosk("") is None


def test_only_the_events_director_opens_or_closes_screens(client, stranger, kiosk, division):
    client.force_login(stranger)
    assert client.get(manage_url(division)).status_code == 403
    assert client.post(reverse("games:kiosk_close", args=[kiosk.pk])).status_code == 403


@pytest.mark.parametrize(
    ("hours", "opens"),
    [(MIN_HOURS - 1, False), (MIN_HOURS, True), (MAX_HOURS, True), (MAX_HOURS + 1, False)],
)
def test_a_screen_stays_open_between_one_and_twenty_four_hours(
    director, division, word_list, hours, opens
):
    if opens:
        now = timezone.now()
        kiosk = kiosk_open(by=director, division=division, lexicon=word_list, hours=hours, now=now)
        assert kiosk.expires_at == now + datetime.timedelta(hours=hours)
    else:
        with pytest.raises(KioskRefused, match="from 1 to 24 hours"):
            kiosk_open(by=director, division=division, lexicon=word_list, hours=hours)


def test_without_a_word_list_the_pages_say_so(client, director, division):
    client.force_login(director)
    message = "No word list is loaded, so nothing can be judged"
    assert message in client.get(manage_url(division)).text
    assert message in client.get(reverse("games:judge")).text
    with pytest.raises(KioskRefused, match=message):
        kiosk_open(by=director, division=division, lexicon=None, hours=4)
