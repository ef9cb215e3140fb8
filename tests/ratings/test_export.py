"""The TSH `.t` file with `newr`, read back by the TSH reader, and the submission CSV."""

import pytest
from django.urls import reverse

from ratings.export import tsh_division_file
from ratings.models import RatingChange
from ratings.services import tournament_rate
from tests import factories
from tests.ratings.rating_world import played_division, seeded_list
from tournaments.models import Pairing
from tournaments.tsh import read_t

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated_event():
    names = ("Anna Arden", "Ben Bell", "Cleo Cruz")
    anna, ben, cleo = (factories.player(n, member_id=f"M{i}") for i, n in enumerate(names))
    national = seeded_list({anna: 1600, ben: 1500})
    division = played_division(
        [anna, ben, cleo],
        [
            [(1, 2, 420, 380), (3, None, None, None)],
            [(3, 1, 300, 410), (2, None, None, None)],
            [(2, 3, 0, 0)],
        ],
        bye_spread=50,
        forfeit_spread=75,
    )
    # Round 3 was a forfeit: Cleo did not come back after lunch.
    Pairing.objects.filter(round__number=3).update(
        kind=Pairing.Kind.FORFEIT, forfeited_by=division.entries.get(number=3)
    )
    (event,) = tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    return event, (anna, ben, cleo)


def test_tsh_file_reads_back_with_results_and_new_ratings(rated_event):
    event, (anna, ben, cleo) = rated_event
    division = read_t(tsh_division_file(event).encode())
    after = {c.player_id: c.published for c in RatingChange.objects.filter(event=event)}
    assert [p.name for p in division.players] == ["Arden, Anna", "Bell, Ben", "Cruz, Cleo"]
    assert [p.rating for p in division.players] == ["1600", "1500", "0"]
    # Anna was not paired in round 3: her line stops at round 2, as in the division's own TSH
    # file, rather than claiming a "0 0" TSH would read as a half bye.
    assert [p.opponents for p in division.players] == [(2, 3), (1, 0, 0), (0, 1, 0)]
    assert [p.scores for p in division.players] == [(420, 410), (380, 50, 75), (50, 300, -75)]
    assert [p.p12 for p in division.players] == [(1, 2), (2, 0, 0), (0, 1, 0)]
    assert [p.tag("newr") for p in division.players] == [
        (str(after[anna.pk]),),
        (str(after[ben.pk]),),
        (str(after[cleo.pk]),),
    ]


def submission_file(client, event) -> str:
    """The submission CSV as the rating event's page serves it, without its byte-order mark."""
    url = reverse("ratings:event_csv", args=[event.rating_list.slug, event.pk])
    return client.get(url).content.decode("utf-8-sig")


def test_submission_csv_has_one_row_per_rated_player(client, rated_event):
    event, (anna, ben, cleo) = rated_event
    changes = {c.player_id: c for c in RatingChange.objects.filter(event=event)}
    lines = submission_file(client, event).split("\n")[:-1]
    assert lines[0] == (
        "event,division,date,member_id,name,country,rating_before,games,wins,expected,rating_after"
    )
    name, division = event.tournament.name, event.division.name
    a, b, c = changes[anna.pk], changes[ben.pk], changes[cleo.pk]
    assert lines[1:] == [
        f"{name},{division},,M0,Anna Arden,GB,1600,2,2,{a.expected:.2f},{a.published}",
        f"{name},{division},,M1,Ben Bell,GB,1500,1,0,{b.expected:.2f},{b.published}",
        f"{name},{division},,M2,Cleo Cruz,GB,,1,0,{c.expected:.2f},{c.published}",
    ]


def test_export_urls_serve_the_files(client, rated_event):
    event, _players = rated_event
    slug = event.rating_list.slug
    tsh = client.get(reverse("ratings:event_tsh", args=[slug, event.pk]))
    assert tsh["Content-Disposition"].endswith('.t"')
    assert read_t(tsh.content).players[0].tag("newr") is not None
    csv = client.get(reverse("ratings:event_csv", args=[slug, event.pk]))
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.startswith("\ufeffevent,division,date,".encode())
    assert csv.content.decode("utf-8-sig").count("\n") == 4  # the header and three players


def test_a_listed_player_the_event_did_not_rate_keeps_the_list_s_rating_in_the_file():
    # Cleo is 1700 on the list and has only a bye here: the file says 1700 before and after
    # (it wrote 0, which TSH and a rating authority read as unrated); Dan, a newcomer with only a
    # bye, stays 0.
    anna, ben, cleo, dan = (factories.player(n) for n in ("Anna", "Ben", "Cleo", "Dan"))
    national = seeded_list({anna: 1600, ben: 1500, cleo: 1700})
    division = played_division(
        [anna, ben, cleo, dan], [[(1, 2, 400, 350), (3, None, None, None), (4, None, None, None)]]
    )
    (event,) = tournament_rate(by=None, tournament=division.tournament, rating_list=national)
    players = {p.name: p for p in read_t(tsh_division_file(event).encode()).players}
    assert (players["Cleo"].rating, players["Cleo"].tag("newr")) == ("1700", ("1700",))
    assert (players["Dan"].rating, players["Dan"].tag("newr")) == ("0", ("0",))


def test_the_rating_kept_is_the_one_the_list_gave_after_an_earlier_event():
    anna, ben, cleo = (factories.player(n) for n in ("Anna", "Ben", "Cleo"))
    national = seeded_list({anna: 1600, ben: 1500, cleo: 1700})
    first = played_division([anna, cleo], [[(1, 2, 300, 500)]])
    tournament_rate(by=None, tournament=first.tournament, rating_list=national)
    cleo_after = RatingChange.objects.get(player=cleo).published
    assert cleo_after != 1700
    second = played_division([anna, ben, cleo], [[(1, 2, 400, 350), (3, None, None, None)]])
    (event,) = tournament_rate(by=None, tournament=second.tournament, rating_list=national)
    players = {p.name: p for p in read_t(tsh_division_file(event).encode()).players}
    assert players["Cleo"].rating == str(cleo_after)
