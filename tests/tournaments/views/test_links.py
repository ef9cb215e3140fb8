"""Links between the apps' pages: the site menu, the division page and the tournament page.

Each link is shown only to those who may follow it: the public links to everyone, result entry,
the audit log and the printouts to directors and assistants (RESULTS), registration and pairing
to directors (CHANGE).
"""

from html import unescape

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.division_setup import field
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def division(director):
    """A four-player division with round 1 paired, directed by ``director``."""
    found, entries = field(4, director=director, rounds=3)
    factories.round_with_pairings(found, entries)
    return found


@pytest.fixture
def assistant(division):
    account = factories.user()
    TournamentRole.objects.create(
        tournament=division.tournament, user=account, role=TournamentRole.Role.ASSISTANT
    )
    return account


def url(division, name: str, **kwargs) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name}
        | kwargs,
    )


def public_links(division) -> set[str]:
    return {
        url(division, "standings"),
        url(division, "crosstable"),
        url(division, "prizes"),
        url(division, "public_pairings"),
    }


def results_links(division) -> set[str]:
    return {
        url(division, "results", round_number=1),
        reverse("tournaments:audit", args=[division.tournament.slug]),
        url(division, "print", report_name="pairings") + "?round=1",
        url(division, "print", report_name="pairings") + "?round=1&order=name",
        url(division, "print", report_name="slips") + "?round=1",
        url(division, "print", report_name="standings") + "?round=1",
        url(division, "print", report_name="scorecards"),
        url(division, "print", report_name="wall-chart"),
        url(division, "print", report_name="final-report"),
    }


def director_links(division) -> set[str]:
    return {url(division, "registration"), url(division, "pairing"), url(division, "division_edit")}


def hrefs(response) -> set[str]:
    html = response.content.decode()
    return {unescape(part.split('"', 1)[0]) for part in html.split('href="')[1:]}


def test_the_site_menu_leads_to_games_and_ratings(client):
    links = hrefs(client.get(reverse("home")))
    assert {reverse("games:list"), reverse("ratings:lists")} <= links
    assert client.get(reverse("games:list")).status_code == 200
    assert client.get(reverse("ratings:lists")).status_code == 200


def test_the_public_sees_only_the_public_links_of_a_division(client, division):
    links = hrefs(client.get(url(division, "division")))
    assert public_links(division) <= links
    assert not links & (results_links(division) | director_links(division))


def test_an_assistant_sees_result_entry_audit_and_printouts_but_not_registration(
    client, division, assistant
):
    client.force_login(assistant)
    links = hrefs(client.get(url(division, "division")))
    assert public_links(division) | results_links(division) <= links
    assert not links & director_links(division)
    assert url(division, "score_reports") not in links


def test_a_director_sees_every_page_of_the_division(client, division, director):
    client.force_login(director)
    links = hrefs(client.get(url(division, "division")))
    assert public_links(division) | results_links(division) | director_links(division) <= links


def test_score_reports_are_linked_once_players_may_report(client, division, director):
    division.tournament.self_reporting = True
    division.tournament.save()
    client.force_login(director)
    assert url(division, "score_reports") in hrefs(client.get(url(division, "division")))


def test_every_link_a_director_is_shown_opens(client, division, director):
    client.force_login(director)
    for link in hrefs(client.get(url(division, "division"))):
        if link.startswith("/t/") and "/print/" not in link:  # PDFs are tested in test_pdf_*
            assert client.get(link).status_code == 200, link


def test_the_tournament_page_links_each_division_to_its_live_page_and_standings(client, division):
    other = factories.division(division.tournament, name="Zed")
    links = hrefs(client.get(reverse("tournaments:detail", args=[division.tournament.slug])))
    for each in (division, other):
        assert {url(each, "public_pairings"), url(each, "standings")} <= links
    assert reverse("tournaments:public_home", args=[division.tournament.slug]) in links
    assert reverse("tournaments:audit", args=[division.tournament.slug]) not in links


def test_the_tournament_page_links_the_audit_log_for_assistants(client, division, assistant):
    client.force_login(assistant)
    page = client.get(reverse("tournaments:detail", args=[division.tournament.slug]))
    links = hrefs(page)
    assert reverse("tournaments:audit", args=[division.tournament.slug]) in links
    assert reverse("tournaments:edit", args=[division.tournament.slug]) not in links


@pytest.mark.parametrize("role", ["director", "assistant"])
def test_the_division_page_reads_a_fixed_number_of_queries_with_its_links(
    client, director, role, django_assert_max_num_queries
):
    helper = director if role == "director" else factories.user()
    divisions = []
    for count in (2, 30):
        found, entries = field(count, director=director, rounds=2)
        found.tournament.self_reporting = True
        found.tournament.save()
        if role == "assistant":
            found.tournament.roles.create(user=helper, role=TournamentRole.Role.ASSISTANT)
        factories.round_with_pairings(found, entries)
        divisions.append(found)
    client.force_login(helper)
    # Session, user, tournament, division, rounds, pairings, the score reports' counts and one
    # role query per question (a director's CHANGE answers RESULTS too; an assistant is asked both).
    for found in divisions:
        with django_assert_max_num_queries(
            9 if role == "director" else 10
        ):  # +1 on a cold cache: the event's language (EventLocaleMiddleware)
            assert client.get(url(found, "division")).status_code == 200


def test_the_tournament_page_reads_a_fixed_number_of_queries(
    client, director, django_assert_max_num_queries
):
    small = factories.tournament(director=director)
    factories.division(small)
    large = factories.tournament(director=director)
    for number in range(12):
        factories.division(large, name=f"D{number}")
    client.force_login(director)
    for event in (small, large):
        # +1 on a cold cache: the event's language (EventLocaleMiddleware); +1 for its director:
        # the newest restore points.
        with django_assert_max_num_queries(7):
            assert client.get(reverse("tournaments:detail", args=[event.slug])).status_code == 200
