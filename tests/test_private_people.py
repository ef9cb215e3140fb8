"""A person known only through a private event reaches no other organiser: every picker, search
and duplicate check reads through ``players.visibility.visible_players`` (the events' rule,
registered by the tournaments app).

Each check below is run for the hidden person and, as the control, for a public one with the same
kind of record: the public one must be found, the hidden one never named. ``SURFACES`` lists every
picker and duplicate check; the last test fails when a view that offers or matches players is
added without being listed here.
"""

import ast
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Membership
from players.models import Player
from players.roster import parse_pasted_names
from tests import factories
from tournaments.models import Entry
from tournaments.services.divisions import DivisionRefused
from tournaments.services.entries_import import entries_import
from tournaments.services.entries_import import plan_entries_import as plan

pytestmark = pytest.mark.django_db

HIDDEN = "Zed Privatesson"
PUBLIC = "Pia Publica"


@pytest.fixture
def world(client):
    private = factories.tournament(director=factories.user("privdir"), is_public=False)
    hidden = factories.player(HIDDEN, country="GB", member_id="PRIV-1", pk=900_001)
    Entry.objects.create(division=factories.division(private), player=hidden, number=1)
    public = factories.player(PUBLIC, country="GB", member_id="PUB-1", pk=900_002)
    organiser = factories.user("organiser")
    event = factories.tournament(director=organiser, is_public=True)
    division = factories.division(event, name="A")
    club = factories.club("Lakeside")
    factories.officer(club, organiser)
    client.force_login(organiser)
    return {
        "organiser": organiser,
        "division": division,
        "club": club,
        HIDDEN: hidden,
        PUBLIC: public,
    }


def division_url(world, name: str) -> str:
    division = world["division"]
    return reverse(
        f"tournaments:{name}",
        kwargs={"tournament_slug": division.tournament.slug, "division_name": division.name},
    )


def picker(client, world, name):
    return client.get(division_url(world, "registration_picker"), {"q": name.split()[0]})


def registration_search(client, world, name):
    return client.get(division_url(world, "registration"), {"q": name.split()[0]})


def club_picker(client, world, name):
    return client.get(
        reverse("clubs:member_picker", args=[world["club"].slug]), {"q": name.split()[0]}
    )


def sheet_dropdown(client, world, name):
    return client.get(reverse("games:create"))


def new_player_duplicate(client, world, name):
    return client.post(reverse("players:create"), {"name": name, "country": "GB"})


def roster_page_duplicate(client, world, name):
    upload = SimpleUploadedFile("r.csv", f"name,country\n{name},GB\n".encode())
    return client.post(reverse("players:import"), {"file": upload})


def roster_page_member_id(client, world, name):
    member_id = world[name].member_id
    upload = SimpleUploadedFile("r.csv", f"name,member_id\nNew Person,{member_id}\n".encode())
    return client.post(reverse("players:import"), {"file": upload})


def add_many_duplicate(client, world, name):
    return client.post(division_url(world, "registration_add_many"), {"names": name})


SURFACES = {
    "registration picker": picker,
    "registration page search": registration_search,
    "club add-member picker": club_picker,
    "scoresheet player dropdowns": sheet_dropdown,
    "new player duplicate message": new_player_duplicate,
    "roster import page duplicate message": roster_page_duplicate,
    "roster import page member id message": roster_page_member_id,
    "registration add-many duplicates": add_many_duplicate,
}


# Where the surface echoes what was typed: the name, or the member id.
NAME_TYPED = {
    "new player duplicate message",
    "roster import page duplicate message",
    "registration add-many duplicates",
}
MEMBER_ID_TYPED = {"roster import page member id message"}


def traces(person: Player, surface: str) -> list[str]:
    """What on a page would name ``person`` as someone already here."""
    found = [f'value="{person.pk}"', f"{person.country}, {person.member_id}"]
    found.append(f"already belongs to {person.name}")
    if surface not in NAME_TYPED:
        found.append(person.name)
    if surface not in MEMBER_ID_TYPED:
        found.append(person.member_id)
    return found


@pytest.mark.parametrize("surface", SURFACES)
def test_the_public_person_is_found_and_the_hidden_one_never_named(client, world, surface):
    shown = SURFACES[surface](client, world, PUBLIC).content.decode()
    assert [t for t in traces(world[PUBLIC], surface) if t in shown] != []
    hidden = SURFACES[surface](client, world, HIDDEN).content.decode()
    assert [t for t in traces(world[HIDDEN], surface) if t in hidden] == []


def test_the_roster_command_names_the_public_look_alike_only(tmp_path, world):
    path = tmp_path / "r.csv"
    path.write_text(f"name,country\n{PUBLIC},GB\n{HIDDEN},GB\n", encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(Exception) as refused:
        call_command("import_roster", str(path), stdout=out)
    assert "--confirm-duplicates" in str(refused.value)
    assert f"Line 2: {PUBLIC} looks like {PUBLIC}" in out.getvalue()
    assert "Line 3" not in out.getvalue()


def test_the_roster_command_does_not_name_a_hidden_member_ids_holder(tmp_path, world):
    path = tmp_path / "r.csv"
    path.write_text("name,member_id\nNew Person,PRIV-1\n", encoding="utf-8")
    with pytest.raises(Exception) as refused:
        call_command("import_roster", str(path), stdout=io.StringIO())
    assert "Line 2: member id PRIV-1 already belongs to another player." in str(refused.value)
    assert HIDDEN not in str(refused.value)


def test_a_hidden_person_cannot_be_entered_or_made_a_member_by_an_altered_id(client, world):
    hidden = world[HIDDEN]
    response = client.post(
        division_url(world, "registration"),
        {"player": hidden.pk, "rating": 1500, "joins_at_round": 1}
        | {"starting_wins": 0, "starting_losses": 0, "starting_spread": 0},
    )
    assert response.status_code == 200
    assert not world["division"].entries.exists()
    response = client.post(
        reverse("clubs:membership_add", args=[world["club"].slug]),
        {"player": hidden.pk, "role": "member"},
    )
    assert response.status_code == 200
    assert not Membership.objects.filter(player=hidden).exists()


def test_the_add_many_service_refuses_a_hidden_persons_id(world):
    division = world["division"]
    planned = plan(division, _pasted(HIDDEN), viewer=world["organiser"])
    assert planned.rows[0].existing == []
    with pytest.raises(DivisionRefused) as refused:
        entries_import(
            by=world["organiser"],
            division=division,
            rows=[(planned.rows[0].row, str(world[HIDDEN].pk))],
        )
    assert str(refused.value) == "Line 1: the player chosen is no longer here."


def test_the_hidden_persons_edit_page_is_not_found(client, world):
    assert client.get(reverse("players:edit", args=[world[HIDDEN].pk])).status_code == 404
    assert client.get(reverse("players:edit", args=[world[PUBLIC].pk])).status_code == 200


def test_staff_and_the_private_events_director_still_see_the_person(client, world):
    client.force_login(factories.user("staffer", is_staff=True))
    assert HIDDEN in picker(client, world, HIDDEN).content.decode()
    client.force_login(
        Player.objects.get(name=HIDDEN).entries.get().division.tournament.roles.get().user
    )
    assert HIDDEN in new_player_duplicate(client, world, HIDDEN).content.decode()


def _pasted(text):
    return parse_pasted_names(text)


def test_tsh_import_does_not_match_a_hidden_person_by_name(world):
    from tournaments.services.tsh_import import tsh_import

    data = f"{HIDDEN} 1500 2; 400\n{PUBLIC} 1400 1; 350\n".encode()
    outcome = tsh_import(by=world["organiser"], data=data, name="Open", director=world["organiser"])
    entered = {
        e.player.name: e.player.pk for e in outcome.division.entries.select_related("player")
    }
    assert entered[PUBLIC] == world[PUBLIC].pk  # the visible person is matched
    assert entered[HIDDEN] != world[HIDDEN].pk  # the hidden one is a new player of that name


ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ["config", "core", "players", "clubs", "tournaments", "games", "ratings"]
# Every read of players in the product, and why it cannot name a hidden person to an organiser.
READS = {
    "players/visibility.py::visible_players": "the rule itself",
    "tournaments/selectors/visibility.py::visible_players": "the rule itself",
    "players/views.py::player_list": "search, through visible_players",
    "players/selectors.py::player_duplicates": "duplicate check, through visible_players",
    "players/services.py::_member_id_free": "member id uniqueness: refused without a name",
    "players/services.py::of": "roster duplicates: names only where visible (annotated)",
    "players/services.py::roster_import": "writes the new players (bulk_create)",
    "players/bulk.py::player_matches": "every picker, over the caller's visible_players",
    "players/bulk.py::check_member_ids": "holder named only if visible",
    "players/erasure.py::player_erase": "staff only: erasing one person on request",
    "players/management/commands/_lookup.py::player_with_id": "operator's commands, by id",
    "clubs/selectors.py::player_places": "the clubs' places, for the one rule",
    "tournaments/selectors/visibility.py::player_places": "the events' places, for the one rule",
    "clubs/forms.py::GuestMatchForm": "field default; __init__ sets the picker's players",
    "players/bulk.py::chosen_players": "chosen ids through visible_players",
    "players/chosen.py::chosen_rows_players": "writes the new players",
    "tournaments/forms/events.py::EntryAddForm": "field default; __init__ sets visible_players",
    "tournaments/services/tsh_import.py::_player": "name match through visible_players",
    "tournaments/archive/players.py::match_players": "name match through visible_players; "
    "member id is the person's own key",
    "tournaments/archive/export.py::player_records": "the event's own players, for its director",
    "games/forms.py::GameForm": "field default; RulesFields.__init__ sets visible_players",
    "games/forms.py::GcgUploadForm": "field default; RulesFields.__init__ sets visible_players",
    "games/services/imports.py::_player_named": "name match through visible_players",
    "clubs/selectors.py::club_player_choices": "the club's own members (public through it)",
    "clubs/selectors.py::session_attendance": "the club night's own players",
    "tournaments/management/commands/register.py::player_from": "operator's command",
    "ratings/services/seeding.py::_seed_from_players": "rating lists (shown through visible_players)",
    "ratings/seeds.py::newcomer_rows": "a newcomer's first rating (shown through visible_players)",
    "clubs/services/corrections.py::_refuse_unless_players_exist": "ids the club's own audit "
    "entry names: only counted, never shown",
    "config/demo.py::load_demo": "counts the demo's players",
}


class _PlayerReads(ast.NodeVisitor):
    def __init__(self, path: str):
        self.path, self.stack, self.found = path, [], set()

    def _scoped(self, node):
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    visit_FunctionDef = visit_ClassDef = _scoped

    def visit_Attribute(self, node):
        owner = node.value
        if node.attr == "objects" and isinstance(owner, ast.Name) and owner.id == "Player":
            self.found.add(f"{self.path}::{self.stack[-1] if self.stack else '<module>'}")
        self.generic_visit(node)


def test_every_read_of_players_is_listed_with_why_it_hides_private_people():
    found = set()
    for app in PRODUCT:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            reads = _PlayerReads(str(path.relative_to(ROOT)))
            reads.visit(ast.parse(path.read_text(encoding="utf-8")))
            found |= reads.found
    assert sorted(found - READS.keys()) == []  # a new picker or check: list it, and test it
    assert sorted(READS.keys() - found) == []
