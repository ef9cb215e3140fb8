"""Real GCG records imported into scoresheets and exported again: every line passes macondo's
line rules (tests/games/engine/macondo_grammar.py), with no ``#time`` line; the times come out
only when asked for, inside a ``#note``."""

import pytest
from django.urls import reverse

from games.engine.gcg import write_gcg
from games.engine.gcg_io import record_from_game
from games.models import Game
from games.services.imports import game_import_gcg
from tests.games.engine.macondo_grammar import refusals
from tests.games.helpers import FIVE_POINT_CHALLENGE, fixture

pytestmark = pytest.mark.django_db

REAL = [
    "doug_v_emely.gcg",
    "noah_vs_peter.gcg",
    "vs_frentz.gcg",
    "some_isc_game.gcg",
    "logan.gcg",
    "noah_vs_mishu.gcg",
    "guy_vs_bot.gcg",
]


@pytest.mark.parametrize("name", REAL)
def test_an_imported_real_record_exports_in_macondos_grammar(director, name):
    data = fixture(name)
    game = game_import_gcg(by=director, data=data, rules_preset="naspa", rules=FIVE_POINT_CHALLENGE)
    game = Game.objects.get(pk=game.pk)
    turns = list(game.turns.all())
    text = write_gcg(record_from_game(names=game.player_names, turns=turns, title=game.title))
    assert refusals(text) == []
    assert not [line for line in text.splitlines() if line.startswith("#time")]
    timed = write_gcg(
        record_from_game(names=game.player_names, turns=turns, title=game.title, times=True)
    )
    assert refusals(timed) == []


def test_the_gcg_download_has_no_time_lines_unless_asked(client, director):
    game = game_import_gcg(
        by=director,
        data=fixture("guy_vs_bot.gcg"),
        rules_preset="naspa",
        rules=FIVE_POINT_CHALLENGE,
    )
    client.force_login(director)
    url = reverse("games:gcg", args=[game.pk])
    plain = client.get(url).content.decode()
    assert refusals(plain) == [] and "#time" not in plain
    timed = client.get(url, {"times": "1"}).content.decode()
    assert refusals(timed) == [] and "#note time saved=" in timed
