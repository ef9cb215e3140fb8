"""A small public event with scoresheets at tables 1 and 2, for the broadcast tests."""

from dataclasses import dataclass

from games.models import Game
from games.services import games as sheet
from tests import factories
from tournaments.models import Division, Tournament


@dataclass
class World:
    event: Tournament
    division: Division
    games: list[Game]
    director: object


def world(director, *, tables: int = 2, public: bool = True) -> World:
    event = factories.tournament(director=director, is_public=public)
    division = factories.division(event)
    entries = factories.entries(division, tables * 2)
    played = factories.round_with_pairings(division, entries)
    games = [
        factories.game(p.first.player, p.second.player, pairing=p)
        for p in played.pairings.order_by("table")
    ]
    return World(event, division, games, director)


def play(director, game: Game, *moves: str) -> Game:
    for move in moves:
        game = sheet.turn_record(by=director, game=game, move=move, seconds=20)
    return game
