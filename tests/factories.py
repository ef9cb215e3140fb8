"""Small factories for the tests: each builds one valid object with sensible defaults."""

import itertools

from django.contrib.auth import get_user_model

from clubs.models import Club, Membership
from players.models import Player, default_sort_name
from tournaments.models import Division, Entry, Pairing, Round, Tournament, TournamentRole

_counter = itertools.count(1)


def user(username: str | None = None, **fields):
    name = username or f"user{next(_counter)}"
    return get_user_model().objects.create_user(name, password="pw-for-tests-1", **fields)


def player(name: str | None = None, **fields) -> Player:
    n = next(_counter)
    fields.setdefault("country", "GB")
    return Player.objects.create(name=name or f"Player {n}", **fields)


def club(name: str | None = None, **fields) -> Club:
    n = next(_counter)
    return Club.objects.create(
        name=name or f"Club {n}", slug=fields.pop("slug", f"club-{n}"), **fields
    )


def officer(of_club: Club, account=None) -> Membership:
    account = account or user()
    person = player(user=account)
    return Membership.objects.create(player=person, club=of_club, role=Membership.Role.OFFICER)


def tournament(name: str | None = None, director=None, assistant=None, **fields) -> Tournament:
    n = next(_counter)
    event = Tournament.objects.create(
        name=name or f"Event {n}", slug=fields.pop("slug", f"event-{n}"), **fields
    )
    if director is not None:
        TournamentRole.objects.create(
            tournament=event, user=director, role=TournamentRole.Role.DIRECTOR
        )
    if assistant is not None:
        TournamentRole.objects.create(
            tournament=event, user=assistant, role=TournamentRole.Role.ASSISTANT
        )
    return event


def division(event: Tournament | None = None, **fields) -> Division:
    event = event or tournament()
    fields.setdefault("name", f"Div {next(_counter)}")
    return Division.objects.create(tournament=event, **fields)


def entries(div: Division, count: int, rating_start: int = 2000) -> list[Entry]:
    """`count` checked-in entries, each with a player of its own: two inserts in all (each
    object is what `player()` and `Entry.objects.create` would make, but for the ids)."""
    people = []
    for i in range(1, count + 1):
        next(_counter)  # as `player()` would: later names stay as they were
        name = f"Entrant {div.pk}-{i}"
        people.append(Player(name=name, sort_name=default_sort_name(name), country="GB"))
    Player.objects.bulk_create(people)
    return Entry.objects.bulk_create(
        Entry(
            division=div,
            player=person,
            number=i,
            rating=rating_start - 10 * i,
            status=Entry.Status.CHECKED_IN,
        )
        for i, person in enumerate(people, start=1)
    )


def round_with_pairings(div: Division, players: list[Entry], number: int = 1) -> Round:
    """A round pairing the entries two by two at tables 1, 2, ...; an odd one out gets a bye."""
    paired = Round.objects.create(division=div, number=number)
    pairings = [
        Pairing(round=paired, table=table, first=players[i], second=players[i + 1])
        for table, i in enumerate(range(0, len(players) - 1, 2), start=1)
    ]
    if len(players) % 2:
        pairings.append(Pairing(round=paired, first=players[-1], kind=Pairing.Kind.BYE))
    Pairing.objects.bulk_create(pairings)
    return paired


def game(first: Player | None = None, second: Player | None = None, **fields):
    """An empty scoresheet under a preset's full rule set (casual unless `pairing` is given)."""
    from games.engine.rules import PRESETS
    from games.models import Game

    preset = fields.pop("rules_preset", "home")
    fields.setdefault("rules", PRESETS[preset].to_dict())
    return Game.objects.create(
        first_player=first or player(),
        second_player=second or player(),
        rules_preset=preset,
        **fields,
    )


def late_entry(div: Division, name: str, joins_at_round: int, wins, losses, spread: int) -> Entry:
    """A late entry with a starting record, registered as the desk registers one (``entry_add``
    validates the record against the rounds missed)."""
    from tournaments.services.entries import entry_add

    return entry_add(
        by=None,
        division=div,
        player=player(name),
        rating=1500,
        joins_at_round=joins_at_round,
        starting_wins=wins,
        starting_losses=losses,
        starting_spread=spread,
    )
