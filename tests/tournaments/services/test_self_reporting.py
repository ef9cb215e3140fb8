"""Players report their own scores; the game counts once both agree or a director accepts."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.tournaments import reports_world
from tournaments.models import Pairing, ScoreReport
from tournaments.services import self_reporting
from tournaments.services.self_reporting import ReportRefused, report_accept, report_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    """Round 3, table 2: #4 (first) v #2, both players with user accounts."""
    division = reports_world.build(self_reporting=True)
    pairing = Pairing.objects.select_related("first__player", "second__player").get(
        round__division=division, round__number=3, table=2
    )
    for entry in (pairing.first, pairing.second):
        entry.player.user = factories.user()
        entry.player.save()
    return pairing


def users(pairing):
    return pairing.first.player.user, pairing.second.player.user


def test_matching_reports_write_the_result_through_the_result_service(game):
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    game.refresh_from_db()
    assert game.first_score is None  # one report is not enough
    report_submit(by=second, pairing_id=game.pk, first_score=410, second_score=380)
    game.refresh_from_db()
    assert (game.first_score, game.second_score, game.version) == (410, 380, 1)
    assert set(ScoreReport.objects.values_list("status", flat=True)) == {"confirmed"}
    assert AuditEntry.objects.filter(action="result.record").count() == 1


def test_disagreeing_reports_are_disputed_and_nothing_is_written(game):
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    report_submit(by=second, pairing_id=game.pk, first_score=380, second_score=410)
    game.refresh_from_db()
    assert game.first_score is None
    assert sorted(ScoreReport.objects.values_list("status", flat=True)) == ["disputed", "disputed"]


def test_director_accepts_one_disputed_report(game, director):
    game.round.division.tournament.roles.create(user=director, role="director")
    first, second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    theirs = report_submit(by=second, pairing_id=game.pk, first_score=380, second_score=410)
    report_accept(by=director, report_id=theirs.pk)
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (380, 410)
    statuses = dict(ScoreReport.objects.values_list("pk", "status"))
    assert statuses[theirs.pk] == "accepted" and sorted(statuses.values()) == [
        "accepted",
        "withdrawn",
    ]


def test_a_player_correcting_their_report_withdraws_the_old_one(game):
    first, _second = users(game)
    report_submit(by=first, pairing_id=game.pk, first_score=410, second_score=380)
    report_submit(by=first, pairing_id=game.pk, first_score=411, second_score=380)
    assert sorted(ScoreReport.objects.values_list("status", flat=True)) == [
        "submitted",
        "withdrawn",
    ]


def test_refusals(game, stranger):
    first, second = users(game)
    with pytest.raises(ReportRefused) as err:
        report_submit(by=stranger, pairing_id=game.pk, first_score=1, second_score=2)
    assert err.value.template == self_reporting.NOT_YOURS
    with pytest.raises(ReportRefused):
        report_submit(by=first, pairing_id=game.pk, first_score=-1, second_score=2)
    Pairing.objects.filter(pk=game.pk).update(first_score=400, second_score=300)
    with pytest.raises(ReportRefused) as err:
        report_submit(by=first, pairing_id=game.pk, first_score=401, second_score=300)
    assert err.value.template == self_reporting.ALREADY_IN


def test_reporting_must_be_switched_on(game):
    tournament = game.round.division.tournament
    tournament.self_reporting = False
    tournament.save()
    with pytest.raises(ReportRefused) as err:
        report_submit(by=users(game)[0], pairing_id=game.pk, first_score=400, second_score=300)
    assert err.value.template == self_reporting.OFF


def test_stranger_cannot_accept(game, stranger):
    report = report_submit(by=users(game)[0], pairing_id=game.pk, first_score=400, second_score=300)
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        report_accept(by=stranger, report_id=report.pk)


def test_player_page_form_then_opponent_confirms_in_the_browserless_flow(client, game):
    first, second = users(game)
    kw = {"tournament_slug": "spring-open", "division_name": "A"}
    client.force_login(first)
    page = client.get(
        reverse("tournaments:public_player", kwargs=kw | {"player_number": 4})
    ).content.decode()
    assert "Report your score" in page
    post = reverse("tournaments:self_report", kwargs=kw | {"player_number": 4})
    client.post(post, {"pairing": game.pk, "first_score": 410, "second_score": 380})
    client.force_login(second)
    page = client.get(
        reverse("tournaments:public_player", kwargs=kw | {"player_number": 2})
    ).content.decode()
    assert "Your opponent reported 410–380" in page and "Confirm these scores" in page
    client.post(
        reverse("tournaments:self_report", kwargs=kw | {"player_number": 2}),
        {"pairing": game.pk, "first_score": 410, "second_score": 380},
    )
    game.refresh_from_db()
    assert (game.first_score, game.second_score) == (410, 380)


def test_someone_elses_game_is_forbidden(client, game, stranger):
    client.force_login(stranger)
    url = reverse(
        "tournaments:self_report",
        kwargs={"tournament_slug": "spring-open", "division_name": "A", "player_number": 4},
    )
    assert (
        client.post(url, {"pairing": game.pk, "first_score": 1, "second_score": 2}).status_code
        == 403
    )
    assert ScoreReport.objects.count() == 0


# The forms behind the player's and the director's buttons -----------------------------------


def report_url(number: int, name: str = "self_report") -> str:
    kw = {"tournament_slug": "spring-open", "division_name": "A"}
    if name == "self_report":
        kw["player_number"] = number
    return reverse(f"tournaments:{name}", kwargs=kw)


def post_report(client, game, **fields):
    client.force_login(game.first.player.user)
    data = {"pairing": game.pk, "first_score": "410", "second_score": "380"} | fields
    return client.post(report_url(game.first.number), {k: v for k, v in data.items() if v})


def test_player_page_form_tells_the_phone_the_score_bounds(client, game):
    client.force_login(game.first.player.user)
    kw = {"tournament_slug": "spring-open", "division_name": "A", "player_number": 4}
    page = client.get(reverse("tournaments:public_player", kwargs=kw)).content.decode()
    assert (
        '<input type="number" name="first_score" min="0" max="5000" inputmode="numeric" '
        'required id="id_first_score">'
    ) in page
    assert f'<input type="hidden" name="pairing" value="{game.pk}" id="id_pairing">' in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"first_score": "-1"}, "First player's score: “-1” is not a score"),
        ({"second_score": "5001"}, "Second player's score: “5001” is not a score"),
        ({"first_score": "four hundred"}, "First player's score: “four hundred” is not a score"),
        ({"second_score": "2³"}, "Second player's score: “2³” is not a score"),
        ({"first_score": ""}, "First player's score: This field is required."),
    ],
)
def test_a_bad_score_is_explained_and_nothing_is_written(client, game, fields, message):
    response = post_report(client, game, **fields)
    assert response.status_code == 302
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    bounds = " (a whole number from 0 to 5000)."
    assert shown == [message + ("" if message.endswith(".") else bounds)]
    assert ScoreReport.objects.count() == 0


@pytest.mark.parametrize("scores", [("0", "5000"), ("5000", "0")])
def test_scores_at_the_bounds_are_reported(client, game, scores):
    post_report(client, game, first_score=scores[0], second_score=scores[1])
    report = ScoreReport.objects.get()
    assert (report.first_score, report.second_score) == (int(scores[0]), int(scores[1]))


def test_a_game_not_of_this_division_is_not_found_and_nothing_is_written(client, game):
    division_b = factories.division(game.round.division.tournament, name="B")
    other = factories.round_with_pairings(division_b, factories.entries(division_b, 2))
    other = other.pairings.get()
    for pairing in ("", "abc", "-1", str(other.pk), "9" * 30):
        assert post_report(client, game, pairing=pairing).status_code == 404
    assert ScoreReport.objects.count() == 0


def test_the_service_refuses_a_score_over_the_bound_and_takes_it_at_the_bound(game):
    first, _second = users(game)
    with pytest.raises(ReportRefused) as err:
        report_submit(by=first, pairing_id=game.pk, first_score=5001, second_score=0)
    assert str(err.value) == "Scores must be whole numbers from 0 to 5000."
    report = report_submit(by=first, pairing_id=game.pk, first_score=5000, second_score=0)
    assert (report.first_score, report.second_score) == (5000, 0)


def test_director_accepts_a_report_by_the_form_and_a_bad_one_is_not_found(client, game, director):
    game.round.division.tournament.roles.create(user=director, role="director")
    report = report_submit(by=users(game)[0], pairing_id=game.pk, first_score=410, second_score=380)
    elsewhere = factories.division(game.round.division.tournament, name="B")
    client.force_login(director)
    for bad in ("", "abc", "-1", str(report.pk + 1)):
        assert client.post(report_url(0, "score_reports"), {"report": bad}).status_code == 404
    url = reverse(
        "tournaments:score_reports",
        kwargs={"tournament_slug": "spring-open", "division_name": elsewhere.name},
    )
    assert client.post(url, {"report": report.pk}).status_code == 404
    assert ScoreReport.objects.get().status == "submitted"
    assert client.post(report_url(0, "score_reports"), {"report": report.pk}).status_code == 302
    game.refresh_from_db()
    assert (ScoreReport.objects.get().status, game.first_score, game.second_score) == (
        "accepted",
        410,
        380,
    )
