"""A generated event with every kind of round, for the round trips through the consumers.

Division A (5 rounds planned, 4 paired; the fourth paired ahead, no result):
  1 Avery Quill, 2 Juno Marsh, 3 สมชาย ใจดี (Thai), 4 山田 太郎 (family first, Latin name typed),
  5 Wang Xiaoming (family first), 6 Dana Ferreira (withdrawn after round 2), 7 Kim Late (joins
  at round 3, starting result 1-1 +20), 8 Lee Later (joins at round 3, no starting result),
  9 Bo Lindqvist.
  round 1: 1-2 412-388; 3-4 400-400 (3 wins the play-off word); 5-6 380-420; 9 a bye.
  round 2: 1-3 430-410; 2-5 a forfeit (5 forfeits); 4-9 350-350 (a tie); 6 a half bye.
  round 3: 1-7 400-420; 2-8 390-300; 3-9 401-401 (9 wins the play-off word); 4-5 a double
           forfeit.
  round 4: 1-2, 3-4, 5-7, 8-9 paired, no result yet.
Division B: four players, one Swiss round, then a playoff final (top two, one game) that the
top seed wins.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from tests import factories
from tests.tournaments.services.test_playoffs import games_of, swiss, win_for
from tournaments.models import Division, Entry, Pairing, Round
from tournaments.results.playoffs import read_stage
from tournaments.services import playoffs

PEOPLE = [
    # name, family, given, family first, Latin name typed
    ("Avery Quill", "Quill", "Avery", False, ""),
    ("Juno Marsh", "Marsh", "Juno", False, ""),
    ("สมชาย ใจดี", "ใจดี", "สมชาย", False, ""),
    ("山田 太郎", "山田", "太郎", True, "Yamada Taro"),
    ("Wang Xiaoming", "Wang", "Xiaoming", True, ""),
    ("Dana Ferreira", "", "", False, ""),
    ("Kim Late", "", "", False, ""),
    ("Lee Later", "", "", False, ""),
    ("Bo Lindqvist", "", "", False, ""),
]
FACTS = {
    6: {"withdrawn_after_round": 2},
    7: {
        "joins_at_round": 3,
        "starting_wins": Decimal(1),
        "starting_losses": Decimal(1),
        "starting_spread": 20,
    },
    8: {"joins_at_round": 3},
}


def round_trip_event():
    event = factories.tournament("Round Trip Open", slug="round-trip", start_date=date(2026, 4, 2))
    division = factories.division(event, name="A", rounds=5)
    entries = {}
    for number, (name, family, given, first, latin) in enumerate(PEOPLE, start=1):
        person = factories.player(
            name, family_name=family, given_names=given, family_first=first, latin_name=latin
        )
        entries[number] = Entry.objects.create(
            division=division, player=person, number=number, rating=1800 - 50 * number,
            **FACTS.get(number, {}),
        )  # fmt: skip
    _rounds(division, entries)
    _playoff_division(event)
    return event


def _rounds(division: Division, e: dict) -> None:
    r1, r2, r3, r4 = (Round.objects.create(division=division, number=n) for n in (1, 2, 3, 4))
    game = Pairing.objects.create
    game(round=r1, table=1, first=e[1], second=e[2], first_score=412, second_score=388)
    game(round=r1, table=2, first=e[3], second=e[4], first_score=400, second_score=400,
         playoff_winner=e[3])  # fmt: skip
    game(round=r1, table=3, first=e[5], second=e[6], first_score=380, second_score=420)
    game(round=r1, first=e[9], kind=Pairing.Kind.BYE)
    game(round=r2, table=1, first=e[1], second=e[3], first_score=430, second_score=410)
    game(round=r2, table=2, first=e[2], second=e[5], kind=Pairing.Kind.FORFEIT,
         forfeited_by=e[5])  # fmt: skip
    game(round=r2, table=3, first=e[4], second=e[9], first_score=350, second_score=350)
    game(round=r2, first=e[6], kind=Pairing.Kind.BYE, first_score=0)
    game(round=r3, table=1, first=e[1], second=e[7], first_score=400, second_score=420)
    game(round=r3, table=2, first=e[2], second=e[8], first_score=390, second_score=300)
    game(round=r3, table=3, first=e[3], second=e[9], first_score=401, second_score=401,
         playoff_winner=e[9])  # fmt: skip
    game(round=r3, table=4, first=e[4], second=e[5], kind=Pairing.Kind.DOUBLE_FORFEIT)
    for table, (one, two) in enumerate([(1, 2), (3, 4), (5, 7), (8, 9)], start=1):
        game(round=r4, table=table, first=e[one], second=e[two])


def _playoff_division(event) -> None:
    division = factories.division(event, name="B", rounds=3)
    factories.entries(division, 4)
    swiss(division, rounds=1)
    playoffs.playoff_create(by=None, division=division, top=2, best_of=1)
    seeds = read_stage(Division.objects.get(pk=division.pk).playoff).seeds
    win_for(games_of(division, 2)[0], seeds[0])
