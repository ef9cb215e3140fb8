"""Demo ratings and club life for quickstart: a national list with the finished event rated into
it, and a club night rated into the club's own list with the club variant."""

from datetime import date

from clubs import services as club_services

from . import services as rating_services


def build_ratings(*, players, club, finished_tournament, rng) -> None:
    national = rating_services.rating_list_create(
        by=None, name="National ratings", system="naspa", seed_from_players=True
    )
    rating_services.tournament_rate(by=None, tournament=finished_tournament, rating_list=national)
    club_list = rating_services.rating_list_create(
        by=None,
        name="Riverside club ratings",
        system="naspa-club",
        scope_club=club,
        seed_from_players=True,
    )
    night = club_services.club_session_create(
        by=None, club=club, date=date(2026, 1, 8), note="Thursday club night"
    )
    regulars = players[:12]
    for first, second in zip(regulars[::2], regulars[1::2], strict=True):
        score_a, score_b = rng.randint(300, 500), rng.randint(300, 500)
        if score_a == score_b:
            score_a += 1
        club_services.casual_game_add(
            by=None,
            session=night,
            player_a=first,
            player_b=second,
            score_a=score_a,
            score_b=score_b,
        )
    rating_services.club_session_rate(by=None, session=night, rating_list=club_list)
