"""Events with restore points, and helpers to run the writes whose commit takes them."""

from tests import factories
from tests.tournaments.archive.world import event_picture
from tournaments.models import Pairing, RestorePoint
from tournaments.services import results, rounds


def paired_event(director, players: int = 4, rounds_total: int = 3, **fields):
    """An event of one division ``A`` of ``players`` entries, nothing paired yet."""
    event = factories.tournament(director=director, **fields)
    division = factories.division(event, name="A", rounds=rounds_total)
    factories.entries(division, players)
    return event, division


def pair(director, division, number: int, capture):
    """Pair round ``number`` through the service and run what its commit runs."""
    with capture(execute=True):
        return rounds.round_pair(by=director, division=division, round_number=number, seed=7)


def record(director, pairing: Pairing, first: int, second: int, capture):
    with capture(execute=True):
        return results.result_record(
            by=director,
            pairing_id=pairing.pk,
            first_score=first,
            second_score=second,
            expected_version=None,
        )


def play_round(director, division, number: int, capture) -> None:
    """Every game of round ``number`` gets a result, 400 to 300 + table."""
    games = Pairing.objects.filter(round__division=division, round__number=number)
    for pairing in games.exclude(second=None).order_by("table"):
        record(director, pairing, 400, 300 + pairing.table, capture)


def points_of(event) -> list[tuple]:
    """The event's restore points, oldest first: (reason, division, round, taken by)."""
    return [
        (p.reason, p.division_name, p.round_number, p.taken_by.username if p.taken_by else None)
        for p in RestorePoint.objects.filter(tournament=event).order_by("taken_at", "id")
    ]


def picture_without_restores(event) -> dict:
    """``event_picture`` without the two entries a restore in place adds to the log it puts
    back: the restore point it took of the state it replaced, and the restore itself."""
    picture = event_picture(event)
    picture["audit"] = [row for row in picture["audit"] if not added_by_restore(row)]
    return picture


def added_by_restore(row: tuple) -> bool:
    action, after = row[2], row[7]
    took_before = action == "restore_point.take" and after["reason"] == "before_restore"
    return action == "tournament.restore" or took_before
