"""The prizes page with money: shares of tied players, the rules in words, what rounding left
to the organiser, the settings form (bounds, refusals), grades and a fixed number of queries.

reports_world after round 2: #4 สมชาย 1.5 +51, #1 Zoë 1.5 +40, #5 Anna 1 +297, #2 王小明 1
-37, #6 Ben 1 -278, #3 山田 0.
"""

import pytest
from django.urls import reverse

from tests import factories
from tests.printouts.test_prize_printouts import flat as pdf_text
from tests.tournaments import reports_world
from tests.tournaments.division_setup import field, play_round
from tournaments.models import Division, Entry, TournamentRole
from tournaments.services.prizes import prize_band_create, prize_settings_update

pytestmark = pytest.mark.django_db

# As the plain prize page (test_prize_pages.QUERIES) plus the rounds' start dates, read for
# the handicap days when the division does not list them.
QUERIES = 10

SETTINGS = {
    "currency": "THB", "unit": "5", "split": "even", "hort_share": "50",
    "remainder": "organiser", "tie_by": "wins", "bases": "A=0, B=10", "per_win": "2",
    "per_tie": "1", "day_multiplier": "2", "days": "",
}  # fmt: skip


@pytest.fixture
def division(director):
    event = factories.tournament(name="Spring Open", slug="spring-open", director=director)
    return reports_world.build(event)


def url(name: str, **kwargs) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": "spring-open", "division_name": "A"} | kwargs,
    )


def test_tied_players_shares_and_the_organisers_remainder_are_shown(client, division, director):
    client.force_login(director)
    assert client.post(url("prize_settings"), SETTINGS).status_code == 302
    band = {"kind": "rank", "label": "Places", "places": 3, "money": "600 300 100",
            "trophy": "Cup", "position": 0}  # fmt: skip
    assert client.post(url("prize_add"), band).status_code == 302
    client.logout()
    html = client.get(url("prizes")).content.decode()
    # By wins: #4, #1 share 600 + 300 = 450 THB each; #5, #2, #6 share 100: 33.33 -> 30 each
    # (unit 5), 10 kept by the organiser.
    assert "Tied for places 1–2:" in html and "Tied for places 3–5:" in html
    assert html.count("<strong>450 THB</strong>") == 2
    assert html.count("<strong>30 THB</strong>") == 3
    assert "10 THB kept by the organiser" in html
    assert "Left over from rounding, kept by the organiser: 10 THB." in html
    assert "Shares are rounded down to 5 THB; what is left stays with the organiser." in html
    assert "Players equal on wins share; the tie-breaks only order them." in html
    # The public prints the prize list, never the certificates.
    assert url("print", report_name="prize-list") in html
    assert url("print", report_name="prize-certificates") not in html


def test_the_settings_form_shows_the_stored_settings(client, division, director):
    prize_settings_update(by=None, division=division, settings=SETTINGS | {"hort_share": 50})
    client.force_login(director)
    form = client.get(url("prizes")).context["settings_form"]
    assert form.initial["currency"] == "THB" and form.initial["unit"] == "5"


@pytest.mark.parametrize(
    "change",
    [
        {"hort_share": "101"},
        {"hort_share": "-1"},
        {"unit": "0"},
        {"unit": "1000.01"},
        {"per_win": "10000.01"},
        {"day_multiplier": "0.5"},
        {"bases": "A=ten"},
        {"days": "1-3; 3"},
        {"currency": "123456789"},
    ],
)
def test_bad_settings_get_a_message_and_change_nothing(client, division, director, change):
    client.force_login(director)
    response = client.post(url("prize_settings"), SETTINGS | change)
    assert response.status_code == 422
    assert response.context["settings_form"].errors
    assert Division.objects.get(pk=division.pk).prize_settings == {}


def test_settings_at_their_bounds_are_saved(client, division, director):
    client.force_login(director)
    for change in ({"hort_share": "0", "unit": "0.01"}, {"hort_share": "100", "unit": "1000"}):
        assert client.post(url("prize_settings"), SETTINGS | change).status_code == 302


def test_bad_money_is_a_message_on_its_field(client, division, director):
    client.force_login(director)
    band = {"kind": "rank", "label": "Places", "places": 2, "money": "300 500", "position": 0}
    response = client.post(url("prize_add"), band)
    assert response.status_code == 422
    assert "money" in response.context["form"].errors
    assert not division.prize_bands.exists()


def test_only_directors_change_the_settings(client, division):
    assistant = factories.user()
    TournamentRole.objects.create(
        tournament=division.tournament, user=assistant, role=TournamentRole.Role.ASSISTANT
    )
    client.force_login(assistant)
    assert client.post(url("prize_settings"), SETTINGS).status_code == 403
    page = client.get(url("prizes"))
    assert page.context["settings_form"] is None
    assert url("print", report_name="prize-certificates") in page.content.decode()


def test_a_director_sets_a_grade_on_the_entry_page(client, division, director):
    entry = division.entries.get(number=2)
    client.force_login(director)
    address = url("entry_update", entry_id=entry.pk)
    assert client.post(address, {"action": "grade", "grade": "B"}).status_code == 302
    assert Entry.objects.get(pk=entry.pk).grade == "B"


def test_handicap_scores_are_listed(client, division, director):
    division.entries.filter(number=2).update(grade="B")
    prize_settings_update(by=None, division=division, settings=SETTINGS | {"hort_share": 50})
    prize_band_create(by=None, division=division, kind="handicap", label="Handicap", places=1)
    # #2 (B): 10 + 1 win x 2 = 12, no day listed and no round started: no bonus.
    lines = client.get(url("prizes")).context["handicaps"]
    assert lines[0] == ("王小明", "B", "10", 1, 0, "", "12")


def test_the_prizes_page_reads_a_fixed_number_of_queries_with_money_and_handicap(
    client, director, django_assert_max_num_queries
):
    small, small_entries = field(2, director=director, rounds=1)
    factories.round_with_pairings(small, small_entries)
    play_round(small, 1)
    large, entries = field(30, director=director, rounds=3)
    for number in range(1, 4):
        factories.round_with_pairings(large, entries[number:] + entries[:number], number)
        play_round(large, number)
    for division in (small, large):
        prize_settings_update(by=None, division=division, settings=SETTINGS | {"hort_share": 50})
        division.entries.update(grade="B")
        for number in range(4):
            prize_band_create(by=None, division=division, kind="rank", label=f"Band {number}",
                              places=3, money="300 200 100", trophy="Cup")  # fmt: skip
        prize_band_create(by=None, division=division, kind="handicap", label="H", places=3)
        prize_band_create(by=None, division=division, kind="high_game", label="G", money="50")
    client.force_login(director)
    for division in (small, large):
        address = reverse("tournaments:prizes", args=[division.tournament.slug, division.name])
        with django_assert_max_num_queries(QUERIES):
            response = client.get(address)
        assert response.status_code == 200
        assert response.context["lines"][0].holders


def test_a_handicap_band_is_held_alike_on_the_statistics_page_and_the_final_report(
    client, division
):
    # Grade B starts 10 points up and a win is worth 2: 山田さくら (#3, B, no win) leads the
    # handicap on 10, ahead of สมชาย (#4, 1.5 wins: 3), who holds the place prize instead.
    settings = SETTINGS | {"tie_by": "standings", "day_multiplier": "1", "hort_share": 50}
    prize_settings_update(by=None, division=division, settings=settings)
    Entry.objects.filter(division=division, number=3).update(grade="B")
    Entry.objects.filter(division=division).exclude(number=3).update(grade="A")
    prize_band_create(by=None, division=division, kind="handicap", label="Handicap", places=1)
    prize_band_create(by=None, division=division, kind="rank", label="Winner", places=1)
    html = client.get(url("public_stats")).content.decode()
    assert (
        'Handicap</td><td class="num">1</td><td><a href="/t/spring-open/A/player/3/">山田さくら</a>'
        '</td><td class="num">10</td>' in html
    )
    assert 'Winner</td><td class="num">1</td><td><a href="/t/spring-open/A/player/4/">' in html
    final = client.get(url("print", report_name="final-report"))
    assert final.status_code == 200
    text = pdf_text(final.content)
    assert "Handicap 1 山田さくら #3 10" in text, text[:400]
    assert "Winner 1 สมชาย ใจดี #4" in text, text[:400]
