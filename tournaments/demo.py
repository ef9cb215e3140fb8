"""Demo tournaments for quickstart, built through the services (deterministic for a given rng).

- Riverside Winter Classic 2025: finished, 30 players, 7 rounds (Swiss, then king of the hill),
  every result entered.
- Riverside Open 2026: running, 20 players; rounds 1-3 played, round 4 paired; one late entry
  and one withdrawal.
"""

from datetime import date, timedelta

from .models import Entry, Pairing, Round
from .services import divisions, entries, results, rounds
from .services import events as services


def build_tournaments(*, director, players, club, rng) -> None:
    finished = _weekend_event(
        "Riverside Winter Classic 2025",
        date(2025, 12, 6),
        "Riverside Community Hall",
        director,
        club,
    )
    division = divisions.division_create(
        by=None, tournament=finished, name="A", rounds=7, pairing_plan="1-5 swiss; 6-7 koth"
    )
    _enter(division, players[:30], checked_in=True)
    for number in range(1, 8):
        _pair_and_play(division, number, rng)

    running = _weekend_event(
        "Riverside Open 2026", date(2026, 3, 14), "Riverside Library", director, club
    )
    open_a = divisions.division_create(by=None, tournament=running, name="A", rounds=7)
    field = _enter(open_a, players[10:30], checked_in=True)
    entries.entry_mark_paid(by=None, entry=field[0], note="Bank transfer 0314")
    for number in range(1, 4):
        _pair_and_play(open_a, number, rng)
        if number == 1:
            late = entries.entry_add(
                by=None,
                division=open_a,
                player=players[30],
                joins_at_round=2,
                status=Entry.Status.CHECKED_IN,
            )
            entries.entry_mark_paid(by=None, entry=late, note="Cash at the door")
        if number == 2:
            entries.entry_withdraw(by=None, entry=field[-1], after_round=2)
    rounds.round_pair(by=None, division=open_a, round_number=4, seed=rng.randrange(2**31))


def _weekend_event(name: str, start: date, venue: str, director, club):
    """A demo event of the club's over two days from ``start``."""
    return services.tournament_create(
        by=None,
        name=name,
        director=director,
        start_date=start,
        end_date=start + timedelta(days=1),
        venue=venue,
        club=club,
    )


def _enter(division, players, *, checked_in: bool) -> list[Entry]:
    status = Entry.Status.CHECKED_IN if checked_in else Entry.Status.REGISTERED
    return [entries.entry_add(by=None, division=division, player=p, status=status) for p in players]


def _pair_and_play(division, number: int, rng) -> Round:
    paired = rounds.round_pair(
        by=None, division=division, round_number=number, seed=rng.randrange(2**31)
    )
    games = paired.pairings.filter(kind=Pairing.Kind.PLAYED).select_related("first", "second")
    for game in games:
        first_score, second_score = _scores(game.first.rating, game.second.rating, rng)
        results.result_record(
            by=None,
            pairing_id=game.pk,
            first_score=first_score,
            second_score=second_score,
            expected_version=None,
            confirm_unusual=True,
        )
    return paired


def _scores(first_rating: int, second_rating: int, rng) -> tuple[int, int]:
    """Plausible scores; the higher rated player wins more often."""
    chance = 1 / (1 + 10 ** ((second_rating - first_rating) / 400))
    winner, loser = rng.randint(360, 520), rng.randint(280, 450)
    loser = min(loser, winner - rng.randint(1, 120))
    return (winner, loser) if rng.random() < chance else (loser, winner)
