"""The demo data that `manage.py quickstart` loads: realistic, deterministic and loaded once."""

import random
from datetime import date, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs import services as club_services
from clubs.models import Club, Membership
from players import services as player_services
from players.models import Player

DEMO_CLUB = "Riverside Word Club"
DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "desk-demo-2026"

FIRST_NAMES = [
    "Anna",
    "Ben",
    "Chloé",
    "Dev",
    "Emeka",
    "Fatima",
    "Gustavo",
    "Hana",
    "Ibrahim",
    "Jun",
    "Kwame",
    "Lucía",
    "Malee",
    "Nikolai",
    "Olga",
    "Priya",
    "Quentin",
    "Rosa",
    "Somchai",
    "Tomás",
    "Uzma",
    "Vikram",
    "Wanjiru",
    "Xiao",
    "Yuki",
    "Zanele",
    "Amara",
    "Björn",
    "Carmen",
    "Dmitri",
]
LAST_NAMES = [
    "Okafor",
    "Smith",
    "Dubois",
    "Patel",
    "Mensah",
    "Haddad",
    "Pereira",
    "Sato",
    "Khan",
    "Lee",
    "Boateng",
    "García",
    "Srisuk",
    "Ivanov",
    "Novak",
    "Iyer",
    "Martin",
    "Rossi",
    "Chaiyaporn",
    "Silva",
    "Ahmed",
    "Rao",
    "Kamau",
    "Chen",
    "Tanaka",
    "Dlamini",
    "Nwosu",
    "Larsen",
    "López",
    "Petrov",
]
EXTRA_NAMES = ["王小明", "佐藤 花子", "สมชาย ใจดี", "Zuberi Mwangi"]


def demo_loaded() -> bool:
    return Club.objects.filter(name=DEMO_CLUB).exists()


def ensure_director():
    """The demo director account; created once, never reset."""
    users = get_user_model()
    user = users.objects.filter(username=DIRECTOR_USERNAME).first()
    if user is None:
        user = users.objects.create_user(
            DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD, is_staff=True, is_superuser=True
        )
    return user


@transaction.atomic
def load_demo(seed: int = 2026) -> dict:
    """Create the demo once; a second call finds it and changes nothing."""
    director = ensure_director()
    if demo_loaded():
        return {"created": False, "director": director}
    rng = random.Random(seed)
    club = club_services.club_create(
        by=None, name=DEMO_CLUB, city="Riverside", country="GB", contact="club@example.org"
    )
    players = []
    names = [f"{f} {last}" for f, last in zip(FIRST_NAMES, LAST_NAMES, strict=True)]
    for index, name in enumerate(names + EXTRA_NAMES):
        player = player_services.player_create(
            by=None,
            name=name,
            country=rng.choice(["GB", "NG", "TH", "JP", "KE", "US", "CA"]),
            member_id=f"DEMO{index + 1:03d}",
            rating=rng.randint(900, 2100),
        )
        players.append(player)
    start = date(2025, 1, 10)
    for index, player in enumerate(players[:30]):
        club_services.membership_add(
            by=None,
            club=club,
            player=player,
            since=start + timedelta(days=7 * index),
            role=Membership.Role.OFFICER if index == 0 else Membership.Role.MEMBER,
        )
    extend_demo(director=director, players=players, club=club, rng=rng)
    return {"created": True, "director": director, "players": Player.objects.count()}


def extend_demo(*, director, players, club, rng) -> None:
    """Tournaments, results and ratings are added by their apps' demo builders."""
    from ratings.demo import build_ratings
    from tournaments.demo import build_tournaments
    from tournaments.models import Tournament

    build_tournaments(director=director, players=players, club=club, rng=rng)
    finished = Tournament.objects.get(name="Riverside Winter Classic 2025")
    build_ratings(players=players, club=club, finished_tournament=finished, rng=rng)
