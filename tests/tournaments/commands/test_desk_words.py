"""`manage.py desk` says what the pages say, in their words: a withdrawn player on the card and
in the pairings, a result line the entry page refuses, numbers (ASCII digits, the same bounds and
the same messages as the pages and commands)."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests import factories
from tests.command_runs import desk_typed as typed
from tournaments.models import Entry, Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director):
    """Division A of four, round 1 paired: table 1 #1 v #2, table 2 #3 v #4."""
    event = factories.tournament(director=director)
    division = factories.division(event, name="A", rounds=3)
    factories.round_with_pairings(division, factories.entries(division, 4))
    return event


def test_a_withdrawn_player_is_said_so_on_the_card_and_in_the_pairings(
    monkeypatch, tmp_path, client, event
):
    Entry.objects.filter(number=4).update(withdrawn_after_round=1)
    Entry.objects.filter(number=3).update(withdrawn_after_round=0)
    out = typed(monkeypatch, tmp_path, event.slug, "sc 4", "sc 3", "sc 2", "sp 1")
    assert out.count("Withdrawn after round 1.") == 1  # as the player's page says it
    assert out.count("Withdrawn before the start.") == 1
    page = client.get(reverse("tournaments:public_player", args=[event.slug, "A", 4])).text
    assert "Withdrawn after round 1." in page
    third, fourth = (e.player.name for e in Entry.objects.filter(number__gt=2).order_by("number"))
    table = next(line for line in out.splitlines() if line.startswith("   2  #3 "))
    assert f"#3 {third} (withdrawn)  #4 {fourth} (withdrawn)  …" in table
    table = next(line for line in out.splitlines() if line.startswith("   1  #1 "))
    assert "withdrawn" not in table


def test_a_long_name_is_cut_as_any_other_and_the_tag_kept_whole(monkeypatch, tmp_path, event):
    entry = Entry.objects.select_related("player").get(number=4)
    entry.player.name = "Bartholomew Montgomery-Featherstonehaugh"
    entry.player.save(update_fields=["name"])
    Entry.objects.filter(number=4).update(withdrawn_after_round=1)
    out = typed(monkeypatch, tmp_path, event.slug, "sp")
    table = next(line for line in out.splitlines() if line.startswith("   2  #3 "))
    assert "#4 Bartholomew Montgomer (withdrawn)  …" in table


def test_a_line_missing_a_score_gets_the_result_entry_pages_reason(
    monkeypatch, tmp_path, client, director, event
):
    reason = "Type “table score score”, “player score player score”, “f player” or “ff table”."
    out = typed(monkeypatch, tmp_path, event.slug, "a 1 380")
    assert f"Refused: {reason}" in out and "Too many words" not in out
    client.force_login(director)
    url = reverse("tournaments:results", args=[event.slug, "A", 1])
    assert reason in client.post(url, {"line": "1 380"}, HTTP_HX_REQUEST="true").text


def test_numbers_are_read_by_one_rule_at_the_console_the_page_and_the_commands(
    monkeypatch, tmp_path, client, director, event
):
    out = typed(monkeypatch, tmp_path, event.slug, "sp ١", "sc 0", "sp 0", "sp 32768", "st 0")
    assert "Division A, round 1:" not in out  # "١" is no round number, as on every page
    assert "Refused: Player numbers start at 1 (got 0)." in out  # the result line's words
    assert out.count("Refused: Enter a whole number from 1 to 32767.") == 2  # as --round says
    assert "   # Player" in out  # st 0: the starting order, as the standings command gives it
    with pytest.raises(CommandError, match="Enter a whole number from 1 to 32767."):
        call_command("result", event.slug, "1 400 300", "--round", "32768")
    with pytest.raises(CommandError, match="“٢” is not a number."):
        call_command("result", event.slug, "٢ 400 300", "--round", "1")
    client.force_login(director)
    url = reverse("tournaments:results", args=[event.slug, "A", 1])
    page = client.post(url, {"line": "١ ٤٠٠ ٣٠٠"}, HTTP_HX_REQUEST="true").text
    assert "“١” is not a number." in page
    assert not Pairing.objects.exclude(first_score=None).exists()


def test_a_result_line_too_long_is_refused_alike_on_the_page_the_console_and_the_command(
    monkeypatch, tmp_path, client, director, event
):
    line = "1" + " " * 100 + "400 300"  # 108 characters
    said = "A line holds at most 80 characters."
    client.force_login(director)
    url = reverse("tournaments:results", args=[event.slug, "A", 1])
    page = client.post(url, {"line": line}, HTTP_HX_REQUEST="true")
    assert said in page.text and 'maxlength="80"' in client.get(url).text
    out = typed(monkeypatch, tmp_path, event.slug, f"a {line}", "a 1", line, "")  # and at a prompt
    assert out.count(f"Refused: {said}") == 2
    with pytest.raises(CommandError, match=said):
        call_command("result", event.slug, line, "--round", "1")
    assert not Pairing.objects.exclude(first_score=None).exists()
    assert "Saved: 400–300" in typed(monkeypatch, tmp_path, event.slug, "a 1 400 300")
