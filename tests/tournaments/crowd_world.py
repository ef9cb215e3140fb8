"""A crowded division with very long names: ``players`` entries, ``reported`` rounds played
and one more paired, for the tests that print it (nothing may run into the page margin)."""

from contextlib import contextmanager

from django.db import transaction
from django.utils import timezone

from tests import factories
from tournaments.models import Entry, Pairing, Round

LONG_NAMES = [
    "Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh",
    "Bartholomew Aloysius Fitzgerald-Montgomery-Worthington the Third",
    "สมชาย ใจดีมากที่สุดในโลกของการแข่งขันครอสเวิร์ดเกมกระดาน",
    "王小明王小明王小明王小明王小明王小明王小明王小明王小明王小明",
    "Ngozi Chimamanda Adaeze-Okonkwo Oluwaseun Babatunde-Adeyemi",
]


def build(players: int = 60, *, reported: int = 3, rounds: int = 12, slug: str = "crowded"):
    """The division (event "Crowded Championship of the Very Long Names", division "Open")."""
    event = factories.tournament(
        name="Crowded Championship of the Very Long Names and Even Longer Titles",
        slug=slug,
    )
    division = factories.division(event, name="Open Premier Division", rounds=rounds)
    entries = [
        Entry.objects.create(
            division=division,
            player=factories.player(f"{LONG_NAMES[n % len(LONG_NAMES)]} {n}"),
            number=n,
            rating=2400 - n,
            status=Entry.Status.CHECKED_IN,
        )
        for n in range(1, players + 1)
    ]
    now = timezone.now()
    for number in range(1, reported + 2):
        paired = Round.objects.create(division=division, number=number, paired_at=now)
        shift = number - 1
        order = entries[shift:] + entries[:shift]
        played = number <= reported
        Pairing.objects.bulk_create(
            Pairing(
                round=paired,
                table=table,
                first=order[i],
                second=order[len(order) - 1 - i],
                first_score=400 + i if played else None,
                second_score=350 + number if played else None,
                reported_at=now if played else None,
            )
            for table, i in enumerate(range(len(order) // 2), start=1)
        )
    return division


@contextmanager
def kept(django_db_blocker, players: int, **kwargs):
    """``build`` once for a module's tests (a module fixture): the division is made in a
    transaction that each test's own runs inside (as a savepoint) and that is rolled back when
    the module's tests are done, so no other module sees it."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build(players, **kwargs)
        transaction.set_rollback(True)
