"""The result screens: quick entry over htmx, the edit form with conflicts, the audit log."""

import json

import pytest
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tournaments.models import Pairing, TournamentRole
from tournaments.services import results as services

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(event):
    """Round 1 of a five-player division: T1 #1 v #2, T2 #3 v #4, #5 has the bye."""
    division = factories.division(event, name="A")
    entries = factories.entries(division, 5)
    round_ = factories.round_with_pairings(division, entries)
    url = reverse("tournaments:results", args=[event.slug, "A", 1])
    return {
        "event": event,
        "round": round_,
        "entries": entries,
        "t1": round_.pairings.get(table=1),
        "t2": round_.pairings.get(table=2),
        "url": url,
        "preview": reverse("tournaments:results_preview", args=[event.slug, "A", 1]),
    }


@pytest.fixture
def desk(client, director):
    client.force_login(director)
    return client


def post_line(client, game, line, **extra):
    return client.post(game["url"], {"line": line, **extra}, **HTMX)


def test_entry_page_lists_tables_and_what_is_missing(desk, game):
    response = desk.get(game["url"])
    assert response.status_code == 200
    page = response.text
    assert "Entrant" in page and 'id="missing"' in page
    assert 'data-table="1"' in page and 'data-table="2"' in page
    assert "f 12" in page and "ff 3" in page  # the syntax is shown


def test_preview_shows_the_names_and_the_version_to_save_against(desk, game):
    response = desk.get(game["preview"], {"line": "2 380 1 402"}, **HTMX)
    assert response.status_code == 200
    page = response.text
    assert 'data-state="confirm"' in page
    assert (
        "Entrant" in page and '<span class="num">402</span> – <span class="num">380</span>' in page
    )
    assert f'name="pairing" value="{game["t1"].pk}"' in page
    assert 'name="version" value="0"' in page
    assert "<html" not in page


def test_enter_before_the_preview_came_saves_the_line_typed(desk, game):
    response = post_line(desk, game, "1 402 380")
    assert 'data-state="saved"' in response.text
    assert response.headers["HX-Trigger-After-Settle"] == '{"result-saved": {"line": "1 402 380"}}'
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score, game["t1"].version) == (402, 380, 1)


def test_enter_replacing_a_result_not_shown_only_shows_the_game(desk, game):
    post_line(desk, game, "1 402 380")
    response = post_line(desk, game, "1 300 380")
    assert 'data-state="confirm"' in response.text
    assert "This game already has a result; Enter replaces it." in response.text
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 1)


def test_enter_after_the_confirmation_saves_and_refreshes_the_missing_list(desk, game):
    response = post_line(desk, game, "1 402 380", pairing=game["t1"].pk, version=0)
    assert response.status_code == 200
    assert json.loads(response["HX-Trigger-After-Settle"]) == {
        "result-saved": {"line": "1 402 380"}
    }
    page = response.text
    assert 'data-state="saved"' in page
    assert 'id="missing" hx-swap-oob="true"' in page
    missing = page.split('id="missing"')[1].split("</div>")[0]
    assert 'data-table="2"' in missing and 'data-table="1"' not in missing
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score, game["t1"].version) == (402, 380, 1)
    assert AuditEntry.objects.get().action == "result.record"


def test_last_result_says_all_are_in(desk, game):
    services.result_record(
        by=None, pairing_id=game["t2"].pk, first_score=400, second_score=300, expected_version=0
    )
    response = post_line(desk, game, "1 402 380", pairing=game["t1"].pk, version=0)
    assert "All results are in." in response.text


def test_unusual_scores_ask_and_enter_on_save_anyway_saves(desk, game):
    response = post_line(desk, game, "1 95 380", pairing=game["t1"].pk, version=0)
    assert 'data-state="unusual"' in response.text
    assert "A score of 95 is unusually low." in response.text
    assert 'name="confirm" value="1" autofocus' in response.text
    assert not AuditEntry.objects.exists()
    response = post_line(desk, game, "1 95 380", pairing=game["t1"].pk, version=0, confirm="1")
    assert 'data-state="saved"' in response.text
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 95


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("1 38o 380", "“38o” is not a number."),
        ("1 -5001 380", "A score cannot be under -5000 (-5001)."),
        ("1 5001 380", "A score cannot be over 5000 (5001)."),
        ("1000 400 300", "Table numbers go up to 999 (got 1000)."),
        ("1" * 81, "A line holds at most 80 characters."),
        ("9 400 300", "There is no table 9 in round 1."),
        ("8 400 1 300", "Player 8 is not playing in round 1."),
    ],
)
def test_impossible_lines_are_refused_with_the_reason(desk, game, line, reason):
    response = post_line(desk, game, line)
    assert response.status_code == 422
    assert 'data-state="error"' in response.text and reason in response.text
    assert not AuditEntry.objects.exists()


def test_a_stale_entry_shows_both_versions_and_keep_mine_overwrites(desk, game, stranger):
    services.result_record(
        by=stranger,
        pairing_id=game["t1"].pk,
        first_score=410,
        second_score=380,
        expected_version=0,
    )
    response = post_line(desk, game, "1 402 380", pairing=game["t1"].pk, version=0)
    assert response.status_code == 409
    page = response.text
    assert '<td data-version="theirs">410–380</td>' in page
    assert '<td data-version="yours">402–380</td>' in page
    assert 'name="overwrite_version" value="1"' in page
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 410
    response = post_line(
        desk, game, "1 402 380", pairing=game["t1"].pk, version=0, overwrite_version=1
    )
    assert 'data-state="saved"' in response.text
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 2)
    assert AuditEntry.objects.count() == 2


def test_keep_theirs_writes_nothing(desk, game):
    response = desk.get(game["preview"], {"kept": game["t1"].pk}, **HTMX)
    assert 'data-state="kept"' in response.text
    assert json.loads(response["HX-Trigger-After-Settle"]) == {"result-saved": {"line": None}}
    assert not AuditEntry.objects.exists()


def test_keep_theirs_for_a_game_not_of_this_round_is_not_found(desk, game, event):
    other = factories.division(event, name="B")
    elsewhere = factories.round_with_pairings(other, factories.entries(other, 2)).pairings.get()
    for kept in ("", "abc", "²", "-1", str(elsewhere.pk)):
        assert desk.get(game["preview"], {"kept": kept}, **HTMX).status_code == 404


def test_player_number_line_saves_scores_on_the_right_sides(desk, game):
    post_line(desk, game, "4 380 3 402", pairing=game["t2"].pk, version=0)
    game["t2"].refresh_from_db()
    assert (game["t2"].first_score, game["t2"].second_score) == (402, 380)


def test_forfeit_line_saves_a_forfeit(desk, game):
    post_line(desk, game, "f 3", pairing=game["t2"].pk, version=0)
    game["t2"].refresh_from_db()
    assert (game["t2"].kind, game["t2"].forfeited_by_id) == ("forfeit", game["entries"][2].pk)


def test_without_htmx_the_whole_page_comes_back(desk, game):
    response = desk.post(game["url"], {"line": "1 402 380"})
    assert response.status_code == 200
    assert "<html" in response.text and 'data-state="saved"' in response.text
    assert 'id="id_line" name="line" type="text"' in response.text


def test_an_assistant_may_enter_results_and_a_stranger_may_not(client, game, stranger):
    assistant = factories.user()
    TournamentRole.objects.create(tournament=game["event"], user=assistant, role="assistant")
    client.force_login(assistant)
    assert client.get(game["url"]).status_code == 200
    client.force_login(stranger)
    assert client.get(game["url"]).status_code == 403
    assert post_line(client, game, "1 402 380", pairing=game["t1"].pk, version=0).status_code == 403
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("players", [2, 40])
def test_entry_page_queries_do_not_grow(desk, event, django_assert_max_num_queries, players):
    division = factories.division(event, name="Q")
    entries = factories.entries(division, players)
    round_ = factories.round_with_pairings(division, entries)
    for pairing in round_.pairings.all()[:1]:
        services.result_record(
            by=None,
            pairing_id=pairing.pk,
            first_score=400,
            second_score=300,
            expected_version=0,
        )
    url = reverse("tournaments:results", args=[event.slug, "Q", 1])
    # 9: the score reports' counts; +1 on a cold cache for the event's language.
    with django_assert_max_num_queries(9):
        assert desk.get(url).status_code == 200
    pairing = round_.pairings.last()
    # 17: one of them asks whether the game has a running table clock to stop (games' handler),
    # one whether the result completed the round (a restore point is then taken), one for the
    # players' score reports still open on the game (closed by the result).
    with django_assert_max_num_queries(17):
        response = post_line(
            desk,
            {"url": url},
            f"{pairing.table} 410 300",
            pairing=pairing.pk,
            version=pairing.version,
        )
    assert 'data-state="saved"' in response.text


def edit_url(game, pairing):
    return reverse("tournaments:result_edit", args=[game["event"].slug, pairing.pk])


def edit_data(version, **changes):
    return {"kind": "played", "first_score": 402, "second_score": 380, "version": version} | changes


def test_edit_form_saves_with_the_loaded_version(desk, game):
    page = desk.get(edit_url(game, game["t1"]))
    assert 'name="version" value="0"' in page.text
    response = desk.post(edit_url(game, game["t1"]), edit_data(0))
    assert response.status_code == 302 and response["Location"] == game["url"]
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (402, 1)


def test_edit_conflict_shows_both_versions_and_keeps_theirs_until_told(desk, game, stranger):
    services.result_record(
        by=stranger,
        pairing_id=game["t1"].pk,
        first_score=410,
        second_score=380,
        expected_version=0,
    )
    response = desk.post(edit_url(game, game["t1"]), edit_data(0))
    assert response.status_code == 409
    assert '<td data-version="theirs">410–380</td>' in response.text
    assert '<td data-version="yours">402–380</td>' in response.text
    assert 'name="version" value="1"' in response.text
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 410
    desk.post(edit_url(game, game["t1"]), edit_data(1))
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 402


def test_edit_form_asks_about_unusual_scores(desk, game):
    response = desk.post(edit_url(game, game["t1"]), edit_data(0, first_score=950))
    assert 'data-state="unusual"' in response.text
    assert "A score of 950 is unusually high." in response.text
    desk.post(edit_url(game, game["t1"]), edit_data(0, first_score=950, confirm_unusual="1"))
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 950


@pytest.mark.parametrize("score", ["-5001", "5001", "abc", "2³", "4OO"])
def test_edit_form_refuses_a_score_out_of_bounds_and_saves_nothing(desk, game, score):
    response = desk.post(edit_url(game, game["t1"]), edit_data(0, second_score=score))
    assert response.status_code == 422
    assert dict(response.context["form"].errors) == {
        "second_score": [f"“{score}” is not a score (a whole number from -5000 to 5000)."]
    }
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("scores", [(-5000, 380), (1, -24), (5000, 380)])
def test_edit_form_takes_scores_at_the_bounds(desk, game, scores):
    first, second = scores
    data = edit_data(0, first_score=first, second_score=second, confirm_unusual="1")
    assert desk.post(edit_url(game, game["t1"]), data).status_code == 302
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].second_score) == scores


def test_edit_form_refuses_a_played_game_without_scores_with_the_reason(desk, game):
    response = desk.post(edit_url(game, game["t1"]), edit_data(0, first_score=""))
    assert response.status_code == 422
    assert "A played game needs both scores." in response.text
    assert not AuditEntry.objects.exists()


def test_edit_form_clears_a_result(desk, game):
    desk.post(edit_url(game, game["t1"]), edit_data(0))
    desk.post(edit_url(game, game["t1"]), edit_data(1, clear="1"))
    game["t1"].refresh_from_db()
    assert (game["t1"].first_score, game["t1"].version) == (None, 2)


def test_a_bye_has_no_edit_form(desk, game):
    bye = game["round"].pairings.get(second__isnull=True)
    assert desk.get(edit_url(game, bye)).status_code == 404


def test_edit_of_another_tournaments_game_is_not_found(desk, game, director):
    other = factories.tournament(director=director)
    url = reverse("tournaments:result_edit", args=[other.slug, game["t1"].pk])
    assert desk.get(url).status_code == 404


def test_audit_log_lists_changes_and_undo_restores(desk, game, director):
    desk.post(edit_url(game, game["t1"]), edit_data(0))
    desk.post(edit_url(game, game["t1"]), edit_data(1, first_score=412))
    latest = AuditEntry.objects.first()
    page = desk.get(reverse("tournaments:audit", args=[game["event"].slug])).text
    assert "402–380" in page and "412–380" in page and director.username in page
    undo_url = reverse("tournaments:audit_undo", args=[game["event"].slug, latest.pk])
    assert undo_url in page
    response = desk.post(undo_url)
    assert response.status_code == 302
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 402
    undo = AuditEntry.objects.first()
    assert (undo.action, undo.undoes, undo.actor) == ("result.undo", latest, director)


def test_undo_refused_after_a_later_change_says_why(desk, game):
    desk.post(edit_url(game, game["t1"]), edit_data(0))
    first = AuditEntry.objects.get()
    desk.post(edit_url(game, game["t1"]), edit_data(1, first_score=412))
    response = desk.post(
        reverse("tournaments:audit_undo", args=[game["event"].slug, first.pk]), follow=True
    )
    assert "changed again since" in response.text
    game["t1"].refresh_from_db()
    assert game["t1"].first_score == 412


def test_undo_of_another_tournaments_entry_is_not_found(desk, game, director):
    desk.post(edit_url(game, game["t1"]), edit_data(0))
    other = factories.tournament(director=director)
    url = reverse("tournaments:audit_undo", args=[other.slug, AuditEntry.objects.get().pk])
    assert desk.post(url).status_code == 404


@pytest.mark.parametrize("players", [2, 40])
def test_audit_page_queries_do_not_grow(desk, event, django_assert_max_num_queries, players):
    division = factories.division(event)
    round_ = factories.round_with_pairings(division, factories.entries(division, players))
    for pairing in round_.pairings.filter(second__isnull=False):
        outcome = services.result_record(
            by=None,
            pairing_id=pairing.pk,
            first_score=400,
            second_score=300,
            expected_version=0,
        )
    services.audit_undo(by=None, entry_id=outcome.audit_entry.pk)
    # 9: one asks whether the reader may change entries (their undo); +1 on a cold cache.
    with django_assert_max_num_queries(9):
        response = desk.get(reverse("tournaments:audit", args=[event.slug]))
    assert response.text.count("400–300") == players // 2 + 1
    assert Pairing.objects.filter(version=2).count() == 1


def test_entry_page_links_back_to_the_division_and_on_to_pairing_once_complete(desk, game):
    slug = game["event"].slug
    pair = reverse("tournaments:pairing", args=[slug, "A"])
    page = desk.get(game["url"])
    assert reverse("tournaments:division", args=[slug, "A"]) in page.text
    assert pair not in page.text  # games are still missing
    for table in ("t1", "t2"):
        services.result_record(
            by=None,
            pairing_id=game[table].pk,
            first_score=400,
            second_score=380,
            expected_version=None,
        )
    assert pair in desk.get(game["url"]).text
