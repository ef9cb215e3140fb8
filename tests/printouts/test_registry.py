"""One registry of printouts: each report opens by its URL and by the ``print`` command, for the
same people as before, and a report added to the registry gets a URL, a command choice and a
link without anything else changing."""

from html import unescape
from urllib.parse import quote, urlencode

import pytest
from django.core.cache import cache
from django.core.management.base import CommandError
from django.urls import reverse

from printouts import registry
from printouts.registry import ROUND_OPTIONAL, Report
from tests import factories
from tests.command_runs import run
from tests.tournaments import reports_world
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db
KW = {"tournament_slug": "spring-open", "division_name": "A"}
PUBLIC = ["pairings", "standings", "wall-chart", "final-report", "rules", "bracket", "prize-list"]
FOR_RESULTS = ["slips", "scorecards", "badges", "prize-certificates"]
# The query each report is asked for with, and the file name it is served as.
ASKED = {
    "pairings": ({"round": 3}, "spring-open-A-pairings-round-3-table.pdf"),
    "slips": ({"round": 3}, "spring-open-A-slips-round-3.pdf"),
    "standings": ({}, "spring-open-A-standings.pdf"),
    "scorecards": ({}, "spring-open-A-scorecards.pdf"),
    "badges": ({}, "spring-open-A-badges.pdf"),
    "wall-chart": ({}, "spring-open-A-wall-chart.pdf"),
    "final-report": ({}, "spring-open-A-final-report.pdf"),
    "rules": ({}, "spring-open-A-rules.pdf"),
    "bracket": ({}, "spring-open-A-bracket.pdf"),
    "prize-list": ({}, "spring-open-A-prize-list.pdf"),
    "prize-certificates": ({}, "spring-open-A-prize-certificates.pdf"),
}


@pytest.fixture(autouse=True)
def fresh_cache():
    # Public PDFs are kept in the cache under their URL; a report a test adds must not be served
    # from another test's copy.
    cache.clear()


@pytest.fixture
def division():
    return reports_world.build()


@pytest.fixture
def assistant(division):
    account = factories.user()
    division.tournament.roles.create(user=account, role=TournamentRole.Role.ASSISTANT)
    return account


def print_url(report_name: str) -> str:
    return reverse("tournaments:print", kwargs=KW | {"report_name": report_name})


def hrefs(response) -> list[str]:
    html = response.content.decode()
    return [unescape(part.split('"', 1)[0]) for part in html.split('href="')[1:]]


def print_hrefs(response) -> list[str]:
    return [link for link in hrefs(response) if "/print/" in link]


def test_the_registry_lists_the_reports_in_the_order_of_their_links():
    assert [report.name for report in registry.reports()] == [
        "pairings",
        "slips",
        "standings",
        "scorecards",
        "badges",
        "wall-chart",
        "final-report",
        "rules",
        "bracket",
        "prize-list",
        "prize-certificates",
    ]
    assert [r.name for r in registry.reports() if r.public] == PUBLIC


@pytest.mark.parametrize("name", PUBLIC)
def test_a_public_report_opens_for_anyone(client, division, name):
    query, filename = ASKED[name]
    response = client.get(print_url(name), query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    assert response.content.startswith(b"%PDF")


@pytest.mark.parametrize("name", FOR_RESULTS)
def test_a_results_report_opens_only_for_those_who_may_enter_results(
    client, division, director, stranger, assistant, name
):
    query, filename = ASKED[name]
    response = client.get(print_url(name), query)
    asked = print_url(name) + (f"?{urlencode(query)}" if query else "")
    assert response.status_code == 302
    assert response["Location"] == "/login/?next=" + quote(asked, safe="/")
    client.force_login(stranger)
    assert client.get(print_url(name), query).status_code == 403
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    for account in (assistant, director):
        client.force_login(account)
        response = client.get(print_url(name), query)
        assert response.status_code == 200
        assert response["Content-Disposition"] == f'inline; filename="{filename}"'
        assert response.content.startswith(b"%PDF")


def test_pairings_by_name_and_standings_after_a_round_are_named_for_what_they_hold(
    client, division
):
    by_name = client.get(print_url("pairings"), {"round": 3, "order": "name"})
    assert by_name["Content-Disposition"] == (
        'inline; filename="spring-open-A-pairings-round-3-name.pdf"'
    )
    unknown_order = client.get(print_url("pairings"), {"round": 3, "order": "rating"})
    assert unknown_order["Content-Disposition"].endswith('-pairings-round-3-table.pdf"')
    after = client.get(print_url("standings"), {"round": 1})
    assert after["Content-Disposition"].endswith('-standings-round-1.pdf"')


def test_a_round_is_ignored_by_a_report_that_takes_none(client, division):
    response = client.get(print_url("wall-chart"), {"round": 2, "order": "name"})
    assert response["Content-Disposition"].endswith('"spring-open-A-wall-chart.pdf"')


@pytest.mark.parametrize(
    ("name", "query"),
    [
        ("pairings", {}),
        ("pairings", {"round": "three"}),
        ("standings", {"round": "1x"}),
        ("crosstable", {}),
        ("", {}),
    ],
)
def test_an_unknown_report_or_a_missing_or_bad_round_is_not_found(client, division, name, query):
    url = print_url(name) if name else "/t/spring-open/A/print//"
    assert client.get(url, query).status_code == 404


def test_an_unknown_report_is_not_found_for_a_director_either(client, division, director):
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    client.force_login(director)
    assert client.get(print_url("crosstable")).status_code == 404


def test_printing_changes_nothing_so_only_get_and_head_are_allowed(client, division):
    assert client.post(print_url("standings")).status_code == 405
    assert client.head(print_url("standings")).status_code == 200


@pytest.mark.parametrize("name", ["pairings", "slips"])
def test_a_round_in_the_path_as_links_had_it_before_moves_to_the_query(client, division, name):
    response = client.get(f"/t/spring-open/A/print/{name}/3/")
    assert response.status_code == 301
    assert response["Location"] == f"/t/spring-open/A/print/{name}/?round=3"


def test_the_command_offers_exactly_the_reports_of_the_registry(division, tmp_path):
    with pytest.raises(CommandError) as caught:
        run("print", "spring-open", "crosstable", "--output", str(tmp_path / "x.pdf"))
    assert str(caught.value) == (
        "Error: argument report: invalid choice: 'crosstable' (choose from 'pairings', 'slips',"
        " 'standings', 'scorecards', 'badges', 'wall-chart', 'final-report', 'rules', 'bracket',"
        " 'prize-list', 'prize-certificates')"
    )
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("name", [report.name for report in registry.REPORTS])
def test_every_report_is_written_by_the_command(division, tmp_path, name):
    query, _filename = ASKED[name]
    extra = ("--round", str(query["round"])) if "round" in query else ()
    path = tmp_path / "out.pdf"
    run("print", "spring-open", name, "--division", "A", "--output", str(path), *extra)
    assert path.read_bytes().startswith(b"%PDF")


def test_the_public_print_links_are_the_public_reports_at_the_latest_round(client, division):
    home = client.get(reverse("tournaments:public_home", args=["spring-open"]))
    assert print_hrefs(home) == [
        "/t/spring-open/A/print/pairings/?round=3",
        "/t/spring-open/A/print/pairings/?round=3&order=name",
        "/t/spring-open/A/print/standings/?round=3",
        "/t/spring-open/A/print/wall-chart/",
        "/t/spring-open/A/print/final-report/",
        "/t/spring-open/A/print/rules/",
        "/t/spring-open/A/print/prize-list/",
    ]
    html = home.content.decode()
    assert ">Pairings by table</a>" in html and ">Pairings by name</a>" in html


def test_a_director_is_shown_every_report_at_the_round_on_screen(client, division, director):
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    client.force_login(director)
    page = client.get(reverse("tournaments:round", kwargs=KW | {"round_number": 2}))
    assert print_hrefs(page) == [
        "/t/spring-open/A/print/pairings/?round=2",
        "/t/spring-open/A/print/pairings/?round=2&order=name",
        "/t/spring-open/A/print/slips/?round=2",
        "/t/spring-open/A/print/standings/?round=2",
        "/t/spring-open/A/print/scorecards/",
        "/t/spring-open/A/print/scorecards/?per_page=2",
        "/t/spring-open/A/print/scorecards/?per_page=4",
        "/t/spring-open/A/print/badges/",
        "/t/spring-open/A/print/wall-chart/",
        "/t/spring-open/A/print/final-report/",
        "/t/spring-open/A/print/rules/",
        "/t/spring-open/A/print/prize-list/",
        "/t/spring-open/A/print/prize-certificates/",
    ]


def test_before_any_round_the_reports_of_a_round_are_not_linked(client, director):
    event = factories.tournament(name="Autumn Open", slug="autumn-open", director=director)
    factories.division(event, name="B")
    client.force_login(director)
    page = client.get(reverse("tournaments:division", args=["autumn-open", "B"]))
    assert print_hrefs(page) == [
        "/t/autumn-open/B/print/standings/",
        "/t/autumn-open/B/print/scorecards/",
        "/t/autumn-open/B/print/scorecards/?per_page=2",
        "/t/autumn-open/B/print/scorecards/?per_page=4",
        "/t/autumn-open/B/print/badges/",
        "/t/autumn-open/B/print/wall-chart/",
        "/t/autumn-open/B/print/final-report/",
        "/t/autumn-open/B/print/rules/",
        "/t/autumn-open/B/print/prize-list/",
        "/t/autumn-open/B/print/prize-certificates/",
    ]
    home = client.get(reverse("tournaments:public_home", args=["autumn-open"]))
    assert print_hrefs(home) == [
        "/t/autumn-open/B/print/standings/",
        "/t/autumn-open/B/print/wall-chart/",
        "/t/autumn-open/B/print/final-report/",
        "/t/autumn-open/B/print/rules/",
        "/t/autumn-open/B/print/prize-list/",
    ]


def entry_list(public: bool) -> Report:
    """A report only the tests know: its "PDF" says the division and the round it was given."""
    return Report(
        "entry-list",
        "Entry list",
        lambda division, asked: f"%PDF {division.name} {asked.round_number}".encode(),
        round=ROUND_OPTIONAL,
        public=public,
    )


def test_a_report_added_to_the_registry_is_linked_served_and_printed(
    client, division, director, tmp_path, monkeypatch
):
    monkeypatch.setattr(registry, "REPORTS", (*registry.REPORTS, entry_list(public=True)))
    home = client.get(reverse("tournaments:public_home", args=["spring-open"]))
    assert print_hrefs(home)[-1] == "/t/spring-open/A/print/entry-list/?round=3"
    assert ">Entry list</a>" in home.content.decode()
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    client.force_login(director)
    page = client.get(reverse("tournaments:division", kwargs=KW))
    assert print_hrefs(page)[-1] == "/t/spring-open/A/print/entry-list/?round=3"
    assert client.get(print_url("entry-list"), {"round": 2}).content == b"%PDF A 2"
    path = tmp_path / "entries.pdf"
    run("print", "spring-open", "entry-list", "--round", "2", "--output", str(path))
    assert path.read_bytes() == b"%PDF A 2"
    with pytest.raises(CommandError) as caught:
        run("print", "spring-open", "entry-list", "--order", "name", "--output", str(path))
    assert str(caught.value) == "--order is only for pairings."


def test_a_report_added_for_directors_is_linked_and_served_only_to_them(
    client, division, director, monkeypatch
):
    monkeypatch.setattr(registry, "REPORTS", (*registry.REPORTS, entry_list(public=False)))
    home = client.get(reverse("tournaments:public_home", args=["spring-open"]))
    assert not [link for link in print_hrefs(home) if "entry-list" in link]
    assert client.get(print_url("entry-list")).status_code == 302
    division.tournament.roles.create(user=director, role=TournamentRole.Role.DIRECTOR)
    client.force_login(director)
    page = client.get(reverse("tournaments:division", kwargs=KW))
    assert print_hrefs(page)[-1] == "/t/spring-open/A/print/entry-list/?round=3"
    assert client.get(print_url("entry-list")).content == b"%PDF A None"


def test_a_round_is_refused_by_the_command_for_a_report_that_takes_none_listing_those_that_do(
    division, tmp_path, monkeypatch
):
    monkeypatch.setattr(registry, "REPORTS", (*registry.REPORTS, entry_list(public=True)))
    with pytest.raises(CommandError) as caught:
        run("print", "spring-open", "wall-chart", "--round", "2", "--output", str(tmp_path / "x"))
    assert str(caught.value) == "--round is only for pairings, slips, standings and entry-list."
