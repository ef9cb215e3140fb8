"""`manage.py broadcast`: the same audited settings as the director's page, bounded the same."""

import pytest
from django.core.management import CommandError, call_command

from games.broadcast.models import BroadcastMark, EventBroadcast
from games.broadcast.selectors import top_tables
from tests.games.broadcast.world import world
from tournaments.models import Division

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


def test_the_division_is_found_as_every_event_command_finds_it(director):
    # `_lookup.division_from`: any case, and the only division when none is named.
    w = world(director)
    w.division.name = "Open"
    w.division.save()
    call_command("broadcast", w.event.slug, "--division", "oPEN", "--top-tables", "2")
    assert top_tables(Division.objects.get(pk=w.division.pk)) == 2
    call_command("broadcast", w.event.slug, "--top-tables", "1")
    assert top_tables(Division.objects.get(pk=w.division.pk)) == 1


def test_a_division_the_event_lacks_is_refused_naming_those_it_has(director):
    w = world(director)
    with pytest.raises(CommandError) as caught:
        call_command("broadcast", w.event.slug, "--division", "Z", "--top-tables", "2")
    assert str(caught.value) == (
        f"Choose a division with --division (this tournament has: {w.division.name})."
    )
    assert top_tables(Division.objects.get(pk=w.division.pk)) == 0
