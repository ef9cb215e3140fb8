"""`manage.py broadcast`: the same audited settings as the director's page, bounded the same."""

import pytest
from django.core.management import CommandError, call_command

from games.broadcast.models import BroadcastMark, EventBroadcast
from tests.games.broadcast.world import world

pytestmark = pytest.mark.django_db


def test_the_command_sets_the_delay_top_tables_and_marks(director, capsys):
    w = world(director, tables=3)
    call_command(
        "broadcast", w.event.slug, "--delay", "15", "--division", w.division.name,
        "--top-tables", "1", "--mark", str(w.games[2].pk),
    )  # fmt: skip
    out = capsys.readouterr().out
    assert EventBroadcast.objects.get().delay_minutes == 15
    assert BroadcastMark.objects.get().game == w.games[2]
    assert "Delay: 15 minutes" in out
    assert f"top 1 tables; broadcast (table:game) 1:{w.games[0].pk} 3:{w.games[2].pk}" in out


@pytest.mark.parametrize("minutes", ["61", "-1", "ten"])
def test_a_delay_out_of_bounds_is_refused_and_changes_nothing(director, minutes):
    w = world(director)
    with pytest.raises(CommandError):
        call_command("broadcast", w.event.slug, "--delay", minutes)
    assert not EventBroadcast.objects.exists()


def test_a_game_of_another_event_is_refused(director):
    w, other = world(director), world(director)
    with pytest.raises(CommandError):
        call_command("broadcast", w.event.slug, "--mark", str(other.games[0].pk))
    assert not BroadcastMark.objects.exists()
