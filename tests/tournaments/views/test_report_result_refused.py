"""The second of two agreeing score reports writes the game's result. When the result's own
rules refuse it (or the result changed meanwhile), a player's phone is told why on the page it
returns to, by either way of reporting (logged in, or by the entry link), not a server error,
and nothing is written."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests import factories
from tournaments.models import ScoreReport
from tournaments.selectors.entry_links import entry_token
from tournaments.services import self_reporting
from tournaments.services.results import ResultConflict, ResultRefused

pytestmark = pytest.mark.django_db
SCORES = {"first_score": 410, "second_score": 380}


@pytest.fixture
def played(self_reporting_round):
    return self_reporting_round


def _logged_in_report(client, division, entry, pairing):
    user = factories.user()
    entry.player.user = user
    entry.player.save(update_fields=["user"])
    client.force_login(user)
    args = [division.tournament.slug, division.name, entry.number]
    url = reverse("tournaments:self_report", args=args)
    return client.post(url, {"pairing": pairing.pk, **SCORES})


def _link_report(client, division, entry, pairing):
    url = reverse(
        "tournaments:entry_link_report", args=[division.tournament.slug, entry_token(entry.pk)]
    )
    return client.post(url, {"pairing": pairing.pk, **SCORES})


def _refuse(monkeypatch, error):
    def refused(**_kwargs):
        raise error

    monkeypatch.setattr(self_reporting, "result_record", refused)


REFUSALS = {
    "refused": (lambda p: ResultRefused("That result cannot stand."), "That result cannot stand."),
    "conflict": (
        lambda p: ResultConflict(pairing=p, current={"version": 2}, yours={}),
        "That game's result changed meanwhile; look again.",
    ),
}


@pytest.mark.parametrize("route", [_logged_in_report, _link_report], ids=["logged-in", "link"])
@pytest.mark.parametrize("refusal", REFUSALS, ids=list(REFUSALS))
def test_a_refused_result_from_agreeing_reports_is_said_and_nothing_is_written(
    client, played, monkeypatch, route, refusal
):
    division, _entries, pairing = played
    make, said = REFUSALS[refusal]
    first = route(client, division, pairing.first, pairing)
    assert first.status_code == 302
    _refuse(monkeypatch, make(pairing))
    response = route(client, division, pairing.second, pairing)
    assert response.status_code == 302
    assert said in [str(m) for m in get_messages(response.wsgi_request)]
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (None, None)
    assert ScoreReport.objects.filter(pairing=pairing).count() == 1  # the second rolled back


@pytest.mark.parametrize("route", [_logged_in_report, _link_report], ids=["logged-in", "link"])
def test_agreeing_reports_still_write_the_result_and_thank_the_player(client, played, route):
    division, _entries, pairing = played
    route(client, division, pairing.first, pairing)
    response = route(client, division, pairing.second, pairing)
    assert "Thank you: your scores were sent." in [
        str(m) for m in get_messages(response.wsgi_request)
    ]
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score) == (410, 380)
