"""One visibility rule for every read of people: the player list, its search, a player's page,
the rating lists and a list's rows (page and CSV), and the events' feeds all read through
``players.visibility.visible_players`` (every app's rule registered into it). A person known
only through a members-only club and a person known only through a private event are never
named to anonymous visitors or an unrelated account; a public person, the control, always is.
"""

from pathlib import Path

import pytest
from django.urls import reverse

from clubs.models import Membership
from players.selectors import player_duplicates
from players.services import DuplicatePlayer, player_create
from ratings.models import PlayerRating
from ratings.services import rating_list_create
from tests import factories
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

CLUB_ONLY = "Quentin Clubonly"
EVENT_ONLY = "Ursula Eventonly"
BOTH = "Wanda Bothplaces"  # in the private event and the members-only club: still hidden
HIDDEN = [CLUB_ONLY, EVENT_ONLY, BOTH]
PUBLIC = "Paula Publica"


@pytest.fixture
def world():
    club = factories.club("Hidden Hall", private=True)
    club_only = factories.player(CLUB_ONLY, pk=910_001)
    Membership.objects.create(player=club_only, club=club)
    private = factories.tournament(is_public=False)
    event_only = factories.player(EVENT_ONLY, pk=910_002)
    hidden_division = factories.division(private, name="A")
    Entry.objects.create(division=hidden_division, player=event_only, number=1)
    both = factories.player(BOTH, pk=910_004)
    Membership.objects.create(player=both, club=club)
    Entry.objects.create(division=hidden_division, player=both, number=2)
    public_player = factories.player(PUBLIC, pk=910_003)
    event = factories.tournament(is_public=True)
    division = factories.division(event, name="A")
    Entry.objects.create(division=division, player=public_player, number=1)
    national = rating_list_create(by=None, name="National")
    for person in (club_only, event_only, both, public_player):
        PlayerRating.objects.create(
            rating_list=national, player=person, rating=1500.0, initial_rating=1500.0
        )
    return {
        "people": {CLUB_ONLY: club_only, EVENT_ONLY: event_only, BOTH: both, PUBLIC: public_player},
        "national": national,
        "division": division,
        "hidden_division": hidden_division,
    }


def feed_url(division) -> str:
    return reverse("tournaments:feed", args=[division.tournament.slug, division.name])


READS = {  # each read of people: the text a visitor gets
    "player list": lambda c, w, name: c.get(reverse("players:list")),
    "player search": lambda c, w, name: c.get(reverse("players:list"), {"q": name.split()[1]}),
    "player list CSV": lambda c, w, name: c.get(reverse("players:list"), {"_export": "csv"}),
    "rating list": lambda c, w, name: c.get(reverse("ratings:list", args=[w["national"].slug])),
    "rating list CSV": lambda c, w, name: c.get(
        reverse("ratings:list", args=[w["national"].slug]), {"_export": "csv"}
    ),
    "public event feed": lambda c, w, name: c.get(feed_url(w["division"])),
    "private event feed": lambda c, w, name: c.get(feed_url(w["hidden_division"])),
}


def text_of(response) -> str:
    if hasattr(response, "streaming_content"):
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


@pytest.fixture(params=["anonymous", "unrelated account"])
def visitor(request, client):
    if request.param == "unrelated account":
        client.force_login(factories.user("unrelated"))
    return client


@pytest.mark.parametrize("read", READS.values(), ids=READS.keys())
@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_person_known_only_privately_is_named_by_no_read_of_players(visitor, world, read, hidden):
    assert hidden not in text_of(read(visitor, world, hidden))


@pytest.mark.parametrize(
    "read", [r for k, r in READS.items() if k != "private event feed"], ids=list(READS)[:-1]
)
def test_the_public_person_is_named_by_every_read(visitor, world, read):
    assert PUBLIC in text_of(read(visitor, world, PUBLIC))


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_privately_known_persons_page_is_not_found(visitor, world, hidden):
    person = world["people"][hidden]
    assert visitor.get(reverse("players:detail", args=[person.pk])).status_code == 404
    public = world["people"][PUBLIC]
    assert visitor.get(reverse("players:detail", args=[public.pk])).status_code == 200


def test_the_rating_lists_count_only_the_people_a_visitor_may_see(visitor, world):
    page = text_of(visitor.get(reverse("ratings:lists"), {"_export": "csv"}))
    row = next(line for line in page.splitlines() if "National" in line)
    assert row.rstrip().endswith(",1"), row


@pytest.mark.parametrize("hidden", HIDDEN)
def test_adding_a_look_alike_does_not_say_a_hidden_person_exists(world, hidden):
    """A director of another event adding a player of the same name is not told that "a player
    like this already exists": the hidden person is no match for them."""
    director = factories.user("otherdirector")
    factories.tournament(director=director)
    country = world["people"][hidden].country
    assert not player_duplicates(viewer=director, name=hidden, country=country).exists()
    made = player_create(by=director, name=hidden, country=country)
    assert made.pk != world["people"][hidden].pk


def test_a_public_look_alike_is_still_named(world):
    director = factories.user("otherdirector")
    with pytest.raises(DuplicatePlayer) as refused:
        player_create(by=director, name=PUBLIC, country=world["people"][PUBLIC].country)
    assert PUBLIC in str(refused.value)


def test_only_the_events_app_reads_its_own_rule_directly():
    """Every other module reads the one rule (``players.visibility``), which holds the events'
    rule and the clubs' rule together."""
    root = Path(__file__).resolve().parents[2]
    readers = [
        str(path.relative_to(root))
        for app in ("players", "clubs", "tournaments", "games", "ratings", "config", "core")
        for path in (root / app).rglob("*.py")
        if "selectors.visibility import" in path.read_text(encoding="utf-8")
    ]
    assert readers == ["tournaments/apps.py"]
