"""The integrity desk page of an event: its flags with the rule and a link to the sheet's line,
said plainly not to be an accusation, in a number of queries that does not grow with the sheets;
a flag dismissed with a note (audited), refused without one or for another event."""

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from bench.sheet_event import plan_event, save_event
from bench.sheet_plants import plant_move_score, plant_result_differs
from core.models import AuditEntry
from games.engine.integrity import flags as F
from games.integrity.models import FlagDismissal
from games.integrity.selectors import event_flags
from games.models import Turn

pytestmark = pytest.mark.django_db


def event_with(players: int, rounds: int = 1, seed: int = 2, plants=()):
    planned = plan_event(players, rounds, seed)
    for plant, table in zip(plants, planned.tables, strict=False):
        plant(table)
    return save_event(planned)


def page(client, event):
    client.force_login(event.director)
    return client.get(reverse("games:integrity", args=[event.tournament.slug]))


def test_the_page_shows_each_flag_with_its_rule_and_the_sheets_line(client):
    event = event_with(4, plants=[plant_move_score])
    answer = page(client, event)
    text = answer.content.decode()
    assert "A flag is not an accusation." in text
    [flag] = event_flags(event.tournament)[0]
    assert flag.code == F.MOVE_SCORE
    assert reverse("games:detail", args=[flag.game]) + f"?turn={flag.line}" in text
    assert "Each line scores what the board gives it." in text
    assert f"Line {flag.line} of the scoresheet" in text


def test_a_clean_event_says_there_is_no_flag(client):
    text = page(client, event_with(4)).content.decode()
    assert "No flag: nothing in the scoresheets and results needs a look." in text


@pytest.mark.parametrize("players", [2, 24])
def test_the_page_reads_in_a_fixed_number_of_queries(
    client, players, django_assert_max_num_queries
):
    event = event_with(players, rounds=2, plants=[plant_result_differs] * players)
    client.force_login(event.director)
    url = reverse("games:integrity", args=[event.tournament.slug])
    with django_assert_max_num_queries(22):
        assert client.get(url).status_code == 200


def dismiss(client, event, key, note):
    url = reverse("games:integrity_dismiss", args=[event.tournament.slug])
    return client.post(url, {"key": key, "note": note})


def test_a_flag_dismissed_with_a_note_is_kept_audited_and_shown_as_dismissed(client):
    event = event_with(4, plants=[plant_move_score])
    [flag] = event_flags(event.tournament)[0]
    client.force_login(event.director)
    dismiss(client, event, flag.key, "The referee's slip; both players agreed the totals.")
    dismissal = FlagDismissal.objects.get(tournament=event.tournament)
    assert (dismissal.key, dismissal.dismissed_by) == (flag.key, event.director)
    entry = AuditEntry.objects.get(action="integrity.flag_dismiss")
    assert entry.after["key"] == flag.key and entry.tournament_id == event.tournament.pk
    text = page(client, event).content.decode()
    assert "Dismissed flags" in text and "both players agreed the totals" in text


def test_a_dismissal_without_a_note_or_of_another_events_game_changes_nothing(client):
    event, other = event_with(4, plants=[plant_move_score]), event_with(4, seed=7)
    [flag] = event_flags(event.tournament)[0]
    client.force_login(event.director)
    dismiss(client, event, flag.key, "   ")
    foreign = f"{F.MOVE_SCORE}:{other.tables[0].sheet.game.pk}:0:3:"
    client.force_login(event.director)
    dismiss(client, event, foreign, "Not ours.")
    dismiss(client, event, "tiles.nonsense:1:1:1:", "Not a flag.")
    assert FlagDismissal.objects.count() == 0
    assert not AuditEntry.objects.filter(action="integrity.flag_dismiss").exists()


def test_a_stranger_cannot_dismiss(client, stranger):
    event = event_with(4, plants=[plant_move_score])
    [flag] = event_flags(event.tournament)[0]
    client.force_login(stranger)
    assert dismiss(client, event, flag.key, "Mine now.").status_code == 403
    assert FlagDismissal.objects.count() == 0


def test_the_command_lists_the_same_flags_as_the_page(capsys):
    event = event_with(4, plants=[plant_move_score, plant_result_differs])
    flags, _checked = event_flags(event.tournament)
    call_command("integrity", event.tournament.slug, "--json")
    rows = json.loads(capsys.readouterr().out)
    assert [(r["code"], r["game"], r["line"]) for r in rows] == [
        (f.code, f.game, f.line) for f in flags
    ]
    assert {r["code"] for r in rows} == {F.MOVE_SCORE, F.RESULT_DIFFERS}
    call_command("integrity", event.tournament.slug)
    text = capsys.readouterr().out
    assert "2 flags (0 dismissed) in 2 scoresheets." in text
    assert F.MOVE_SCORE in text and "Each line scores what the board gives it." in text


def test_a_sheet_changed_after_a_look_is_checked_again():
    """The flags of unchanged sheets are kept between looks; a changed line is seen at once."""
    event = event_with(4)
    assert event_flags(event.tournament)[0] == []
    game = event.tables[0].sheet.game
    line = game.turns.filter(kind="play", is_entry=True).order_by("number").first()
    Turn.objects.filter(pk=line.pk).update(score=line.score + 3)  # a line altered outside the desk
    found = event_flags(event.tournament)[0]
    assert [(f.code, f.game, f.line) for f in found][:1] == [(F.MOVE_SCORE, game.pk, line.number)]
