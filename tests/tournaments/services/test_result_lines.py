"""One typed result line, entered through ``result_enter_line``: the entry page and the
``result`` command give the same outcome for the same line."""

import pytest
from django.core.management.base import CommandError
from django.db.models import F
from django.urls import reverse

from core.models import AuditEntry
from tests import factories
from tests.command_runs import run
from tournaments.models import Pairing
from tournaments.results.result_entry import NOT_A_NUMBER
from tournaments.services import results
from tournaments.services.result_lines import (
    LineState,
    Shown,
    result_enter_line,
    result_resolve_line,
)
from tournaments.services.results import ResultRefused

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ASK_TO_CONFIRM = "Nothing was saved; add --confirm to save it."


def paired_round(event, name: str):
    """Round 1 of a five-player division: T1 #1 v #2, T2 #3 v #4, #5 has the bye."""
    division = factories.division(event, name=name)
    return factories.round_with_pairings(division, factories.entries(division, 5))


@pytest.fixture
def round_(event):
    return paired_round(event, "A")


def table(round_, number: int) -> Pairing:
    return round_.pairings.get(table=number)


def result_of(pairing: Pairing) -> tuple:
    pairing.refresh_from_db()
    return (pairing.kind, pairing.first_score, pairing.second_score, pairing.version)


def test_without_a_shown_game_the_line_is_saved_at_once(round_, director):
    entered = result_enter_line(by=director, round_=round_, line="1 380 402")
    assert entered.state == LineState.SAVED
    assert entered.outcome.changed and entered.expected_version is None
    assert result_of(table(round_, 1)) == ("played", 380, 402, 1)
    assert AuditEntry.objects.get().action == "result.record"


@pytest.mark.parametrize("shown", [Shown(), "other game", "no version"])
def test_a_line_typed_faster_than_the_preview_saves_a_game_without_a_result(
    round_, director, shown
):
    t1, t2 = table(round_, 1), table(round_, 2)
    shown = {
        "other game": Shown(pairing_id=t2.pk, version=0),
        "no version": Shown(pairing_id=t1.pk),
    }.get(shown, shown)
    entered = result_enter_line(by=director, round_=round_, line="1 380 402", shown=shown)
    assert (entered.state, entered.expected_version) == (LineState.SAVED, 0)
    assert result_of(t1) == ("played", 380, 402, 1)
    assert result_of(t2) == ("played", None, None, 0)


def test_a_stored_result_is_not_replaced_by_a_line_whose_game_was_not_shown(round_, director):
    t1, t2 = table(round_, 1), table(round_, 2)
    result_enter_line(by=director, round_=round_, line="1 400 300")
    for shown in (Shown(), Shown(pairing_id=t2.pk, version=0), Shown(pairing_id=t1.pk)):
        entered = result_enter_line(by=director, round_=round_, line="1 380 402", shown=shown)
        assert (entered.state, entered.resolved.pairing) == (LineState.CONFIRM, t1)
    assert result_of(t1) == ("played", 400, 300, 1)
    assert AuditEntry.objects.count() == 1


def test_the_shown_game_at_its_version_is_saved(round_, director):
    t1 = table(round_, 1)
    shown = Shown(pairing_id=t1.pk, version=0)
    entered = result_enter_line(by=director, round_=round_, line="2 402 1 380", shown=shown)
    assert (entered.state, entered.expected_version) == (LineState.SAVED, 0)
    assert result_of(t1) == ("played", 380, 402, 1)


def test_a_result_saved_meanwhile_is_a_conflict_and_stays(round_, director, stranger):
    t1 = table(round_, 1)
    results.result_record(
        by=stranger, pairing_id=t1.pk, first_score=410, second_score=380, expected_version=0
    )
    shown = Shown(pairing_id=t1.pk, version=0)
    entered = result_enter_line(by=director, round_=round_, line="1 380 402", shown=shown)
    assert entered.state == LineState.CONFLICT
    assert (entered.conflict.current["version"], entered.conflict.yours["first_score"]) == (1, 380)
    assert result_of(t1) == ("played", 410, 380, 1)


def test_unusual_scores_wait_for_confirm(round_, director):
    t1 = table(round_, 1)
    entered = result_enter_line(by=director, round_=round_, line="1 99 380")
    assert entered.state == LineState.UNUSUAL
    assert [str(r) for r in entered.unusual.reasons] == ["A score of 99 is unusually low."]
    assert result_of(t1) == ("played", None, None, 0)
    entered = result_enter_line(by=director, round_=round_, line="1 99 380", confirm=True)
    assert entered.state == LineState.SAVED
    assert result_of(t1) == ("played", 99, 380, 1)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1 38o 380", "“38o” is not a number."),
        ("1 5001 380", "A score cannot be over 5000 (5001)."),
        ("9 400 300", "There is no table 9 in round 1."),
        ("5 400 1 300", "Player 5 has a bye in round 1; a bye needs no result."),
    ],
)
def test_refused_lines_say_why_and_write_nothing(round_, director, line, message):
    with pytest.raises(ResultRefused) as err:
        result_enter_line(by=director, round_=round_, line=line)
    assert str(err.value) == message
    assert not AuditEntry.objects.exists()


def test_resolving_a_line_keeps_the_parser_reason_and_reads_only(round_):
    resolved = result_resolve_line(round_=round_, line="ff 2")
    assert (resolved.pairing, resolved.kind) == (table(round_, 2), "double_forfeit")
    with pytest.raises(ResultRefused) as err:
        result_resolve_line(round_=round_, line="ff x")
    assert (err.value.template, err.value.params) == (NOT_A_NUMBER, {"token": "x"})
    assert not AuditEntry.objects.exists()


# The page and the command, line by line ---------------------------------------------------------


def through_the_page(client, round_, line: str, *, confirm: bool) -> tuple[str, list[str]]:
    """A director types ``line``, sees the game, presses Enter (and "Save anyway" if told to)."""
    url = reverse("tournaments:results", args=[round_.division.tournament.slug, "A", 1])
    preview = reverse("tournaments:results_preview", args=[round_.division.tournament.slug, "A", 1])
    answer = client.get(preview, {"line": line}, **HTMX).context
    if answer["state"] in ("error", "empty"):
        return "refused", answer["errors"]
    pairing = answer["resolved"].pairing
    data = {"line": line, "pairing": pairing.pk, "version": pairing.version}
    answer = client.post(url, data | ({"confirm": "1"} if confirm else {}), **HTMX).context
    if answer["state"] == "unusual":
        return "unusual", answer["reasons"]
    if answer["state"] == "error":
        return "refused", answer["errors"]
    return answer["state"], []


def through_the_command(round_, line: str, *, confirm: bool) -> tuple[str, list[str]]:
    # The page's director saw the game and its stored result before Enter: --replace.
    args = [round_.division.tournament.slug, line, "--division", "B", "--round", "1", "--replace"]
    try:
        run("result", *args, *(["--confirm"] if confirm else []))
    except CommandError as err:
        lines = str(err).splitlines()
        if lines[-1] == ASK_TO_CONFIRM:
            return "unusual", lines[:-1]
        return "refused", lines
    return "saved", []


def games(round_) -> list[tuple]:
    return [
        (
            p.table,
            p.kind,
            p.first_score,
            p.second_score,
            p.forfeited_by.number if p.forfeited_by else None,
            p.version,
        )
        # Byes (no table) first on every database: PostgreSQL sorts NULL last by default.
        for p in round_.pairings.select_related("forfeited_by").order_by(
            F("table").asc(nulls_first=True)
        )
    ]


LINES = [
    "1 380 402",
    "2 402 1 381",
    "f 3",
    "ff 2",
    "1 380 402",
    "1 95 380",
    "1 5001 380",
    "1 -5 380",
    "1 38o 380",
    "",
    "9 400 300",
    "1000 400 300",
    "8 400 1 300",
    "1 400 3 300",
    "5 400 1 300",
    "1 400 1 300",
    "f",
]


@pytest.mark.parametrize("confirm", [False, True])
def test_the_page_and_the_command_give_the_same_outcome_for_the_same_lines(
    client, director, event, confirm
):
    on_page, by_command = paired_round(event, "A"), paired_round(event, "B")
    client.force_login(director)
    for line in LINES:
        page = through_the_page(client, on_page, line, confirm=confirm)
        command = through_the_command(by_command, line, confirm=confirm)
        assert page == command, line
        assert games(on_page) == games(by_command), line
    # Confirmed, "1 -5 380" is stored too: a score below 0 (rack deductions) is unusual, not refused.
    first_table = (1, "played", -5, 380, None, 5) if confirm else (1, "played", 380, 402, None, 3)
    assert games(on_page) == [
        (None, "bye", None, None, None, 0),
        first_table,
        (2, "double_forfeit", None, None, None, 2),
    ]
    assert audit_count(on_page) == audit_count(by_command) == (7 if confirm else 5)


def audit_count(round_) -> int:
    pairings = [str(pk) for pk in round_.pairings.values_list("pk", flat=True)]
    return AuditEntry.objects.filter(
        object_type="tournaments.pairing", object_id__in=pairings
    ).count()


# A line sent again (a reload) and a line behind an open question --------------------------------


@pytest.mark.parametrize("shown", [None, Shown(), "the game at the version first shown"])
def test_a_line_already_stored_is_saved_again_without_a_write_or_a_question(
    round_, director, shown
):
    t1 = table(round_, 1)
    result_enter_line(by=director, round_=round_, line="1 380 402")
    if shown == "the game at the version first shown":
        shown = Shown(pairing_id=t1.pk, version=0)
    entered = result_enter_line(by=director, round_=round_, line="1 380 402", shown=shown)
    assert (entered.state, entered.outcome.changed) == (LineState.SAVED, False)
    assert result_of(t1) == ("played", 380, 402, 1)
    assert AuditEntry.objects.count() == 1


def test_a_different_line_for_a_stored_game_still_asks_first(round_, director):
    t1 = table(round_, 1)
    result_enter_line(by=director, round_=round_, line="1 380 402")
    entered = result_enter_line(by=director, round_=round_, line="1 380 401", shown=Shown())
    assert entered.state == LineState.CONFIRM
    assert result_of(t1) == ("played", 380, 402, 1)


def test_a_tie_sent_again_after_its_play_off_was_answered_is_not_asked_again(director):
    event = factories.tournament(director=director, slug="thai-again", rules_preset="thai")
    round_ = paired_round(event, "A")
    t1 = table(round_, 1)
    first = result_enter_line(by=director, round_=round_, line="1 400 400", shown=Shown())
    assert first.state == LineState.TIE_BREAK_WORD
    result_enter_line(
        by=director, round_=round_, line="1 400 400", shown=Shown(), playoff_winner_id=t1.second_id
    )
    again = result_enter_line(by=director, round_=round_, line="1 400 400", shown=Shown())
    assert (again.state, again.outcome.changed) == (LineState.SAVED, False)
    other_winner = result_enter_line(
        by=director,
        round_=round_,
        line="1 400 400",
        shown=Shown(pairing_id=t1.pk, version=0),
        playoff_winner_id=t1.first_id,
    )
    assert other_winner.state == LineState.CONFLICT  # a different answer is a different result
    t1.refresh_from_db()
    assert (t1.playoff_winner_id, t1.version) == (t1.second_id, 1)


def test_a_line_for_a_game_with_an_open_question_waits_and_others_go_on(round_, director):
    t1, t2 = table(round_, 1), table(round_, 2)
    held = frozenset({t1.pk})
    waits = result_enter_line(by=director, round_=round_, line="2 380 1 402", held=held)
    assert (waits.state, waits.resolved.pairing) == (LineState.WAITING, t1)
    goes = result_enter_line(by=director, round_=round_, line="2 410 300", held=held)
    assert goes.state == LineState.SAVED
    assert result_of(t1) == ("played", None, None, 0)
    assert result_of(t2) == ("played", 410, 300, 1)
    assert AuditEntry.objects.count() == 1
