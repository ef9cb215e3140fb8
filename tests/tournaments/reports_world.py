"""A small division with names in several scripts, two rounds reported and a third paired.

Shared by the report, public page, feed and prize tests. Scores (first player listed first):

- round 1: T1 #1 v #2 420–380, T2 #3 v #4 350–401, T3 #5 v #6 600–300
- round 2: T1 #1 v #4 390–390 (tie), T2 #2 v #5 455–452, T3 #6 v #3 410–388
- round 3: T1 #1 v #5, T2 #4 v #2, T3 #3 v #6 (paired, no results)
"""

from django.utils import timezone

from tests import factories
from tournaments.models import Entry, Pairing, Round

NAMES = ["Zoë Ångström", "王小明", "山田さくら", "สมชาย ใจดี", "Anna Okafor", "Ben Ng"]
RATINGS = [1800, 1700, 1600, 1500, 1400, 1300]
SCORES = {
    1: [(1, 2, 420, 380), (3, 4, 350, 401), (5, 6, 600, 300)],
    2: [(1, 4, 390, 390), (2, 5, 455, 452), (6, 3, 410, 388)],
    3: [(1, 5, None, None), (4, 2, None, None), (3, 6, None, None)],
}


def build(event=None, *, rounds: int = 5, self_reporting: bool = False):
    """Create the division (in ``event`` or a new public one) and return it."""
    event = event or factories.tournament(name="Spring Open", slug="spring-open")
    if self_reporting:
        event.self_reporting = True
        event.save(update_fields=["self_reporting"])
    division = factories.division(event, name="A", rounds=rounds)
    entries = {}
    for number, (name, rating) in enumerate(zip(NAMES, RATINGS, strict=True), start=1):
        entries[number] = Entry.objects.create(
            division=division,
            player=factories.player(name),
            number=number,
            rating=rating,
            status=Entry.Status.CHECKED_IN,
        )
    now = timezone.now()
    for number, games in SCORES.items():
        paired = Round.objects.create(division=division, number=number, paired_at=now)
        for table, (a, b, sa, sb) in enumerate(games, start=1):
            Pairing.objects.create(
                round=paired,
                table=table,
                first=entries[a],
                second=entries[b],
                first_score=sa,
                second_score=sb,
                reported_at=now if sa is not None else None,
            )
    return division
