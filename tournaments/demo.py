"""Demo tournaments for quickstart."""

from datetime import date

from .services import events as services


def build_tournaments(*, director, players, club, rng) -> None:
    services.tournament_create(
        by=None,
        name="Riverside Open 2026",
        director=director,
        start_date=date(2026, 3, 14),
        end_date=date(2026, 3, 15),
        venue="Riverside Library",
        club=club,
    )
