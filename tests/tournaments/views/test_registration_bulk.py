"""Registration at scale: add many (paste or CSV) with a review of duplicates, bulk check-in
and payment (independent of each other, undoable), confirmed withdrawal."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from core.models import AuditEntry
from players.bulk import NEW, SKIP
from players.models import Player
from players.roster import MAX_PASTED_LINES, parse_pasted_names
from tests import factories
from tests.tournaments.division_setup import field
from tournaments.models import Entry
from tournaments.services import entries as services
from tournaments.services.entries import RegistrationRefused
from tournaments.services.entries_import import entries_import, plan_entries_import
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db


def _url(division, name, **kwargs):
    base = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    return reverse(f"tournaments:{name}", kwargs=base | kwargs)


def _desk(client, director, **fields):
    division = factories.division(factories.tournament(director=director), rounds=3, **fields)
    client.force_login(director)
    return division


def _review(client, division, names: str):
    return client.post(_url(division, "registration_add_many"), {"names": names})


def _confirm(client, division, review, **choices):
    data = {"text": review.context["choices"]["text"].value()} | choices
    return client.post(_url(division, "registration_add_many"), data)


def _entered(division) -> list[tuple[int, str, str]]:
    rows = division.entries.order_by("number").values_list(
        "number", "player__name", "player__country"
    )
    return list(rows)


def test_pasted_names_with_optional_columns_are_read_with_the_paste_line_numbers():
    roster = parse_pasted_names("Anna Okafor\n\nBo Li\tCN\tM-7\t1650\n")
    assert [(r.line, r.name, r.country, r.member_id, r.rating) for r in roster.rows] == [
        (1, "Anna Okafor", "", "", None),
        (3, "Bo Li", "CN", "M-7", 1650),
    ]


def test_a_bad_pasted_line_is_named_with_its_own_number():
    roster = parse_pasted_names("Anna\nBo, XX1\nCy, GB, , 9999")
    assert [str(p) for p in roster.problems] == [
        "Line 2: “XX1” is not a 2- or 3-letter country code.",
        "Line 3: “9999” is not a rating (a whole number from 0 to 3500).",
    ]


def test_a_paste_is_capped_in_lines_on_both_sides_of_the_limit():
    assert parse_pasted_names("\n".join(f"P {i}" for i in range(MAX_PASTED_LINES))).ok
    too_many = parse_pasted_names("\n".join(f"P {i}" for i in range(MAX_PASTED_LINES + 1)))
    assert [str(p) for p in too_many.problems] == [
        f"Line 1: At most {MAX_PASTED_LINES} lines can be added at once; this has "
        f"{MAX_PASTED_LINES + 1}."
    ]


def test_pasting_new_names_enters_them_all_after_the_review(client, director):
    division = _desk(client, director)
    review = _review(client, division, "Anna Okafor\nBo Li, CN, , 1650")
    assert review.status_code == 200 and Player.objects.count() == 0
    response = _confirm(client, division, review)
    assert response.status_code == 302
    assert _entered(division) == [(1, "Anna Okafor", ""), (2, "Bo Li", "CN")]
    assert division.entries.get(number=2).rating == 1650
    actions = sorted(AuditEntry.objects.values_list("action", flat=True))
    assert actions == ["entry.add", "entry.add", "player.create", "player.create"]


@pytest.mark.parametrize(
    ("choice", "expected"),
    [("existing", [(1, "Anna Okafor", "NG")]), (NEW, [(1, "Anna Okafor", "NG")]), (SKIP, [])],
)
def test_each_choice_for_a_duplicate_of_an_existing_player(client, director, choice, expected):
    division = _desk(client, director)
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    review = _review(client, division, "Anna Okafor, NG")
    planned = review.context["plan"].duplicates
    assert [(p.row.line, [e.pk for e in p.existing]) for p in planned] == [(1, [anna.pk])]
    value = str(anna.pk) if choice == "existing" else choice
    _confirm(client, division, review, line_1=value)
    assert _entered(division) == expected
    assert Player.objects.count() == (2 if choice == NEW else 1)
    if choice == "existing":
        assert division.entries.get().player == anna


def test_the_same_name_in_another_country_is_a_duplicate_to_choose_for(client, director):
    division = _desk(client, director)
    other = factories.player("Bo Li", country="CN")
    review = _review(client, division, "Bo Li, SG")
    [planned] = review.context["plan"].duplicates
    assert (planned.existing, planned.suggested) == ([other], "")
    refused = _confirm(client, division, review)
    assert refused.status_code == 422
    assert division.entries.count() == 0
    _confirm(client, division, review, line_1=NEW)
    assert _entered(division) == [(1, "Bo Li", "SG")]


def test_a_name_repeated_inside_the_paste_is_a_duplicate_of_its_earlier_line(client, director):
    division = _desk(client, director)
    review = _review(client, division, "Cy Ng\nDee Roe\ncy ng, MY")
    [planned] = review.context["plan"].duplicates
    assert (planned.row.line, planned.earlier.line) == (3, 1)
    _confirm(client, division, review, line_3=SKIP)
    assert _entered(division) == [(1, "Cy Ng", ""), (2, "Dee Roe", "")]


def test_a_repeated_row_may_be_a_second_person_of_that_name(client, director):
    division = _desk(client, director)
    review = _review(client, division, "Cy Ng\ncy ng, MY")
    _confirm(client, division, review, line_2=NEW)
    assert _entered(division) == [(1, "Cy Ng", ""), (2, "cy ng", "MY")]


def test_a_bad_line_refuses_the_whole_paste_and_changes_nothing(client, director):
    division = _desk(client, director)
    response = _review(client, division, "Anna\nBo, GB, , 4000")
    assert response.status_code == 422
    assert response.context["problems"] == [
        "Line 2: “4000” is not a rating (a whole number from 0 to 3500)."
    ]
    assert (Player.objects.count(), Entry.objects.count(), AuditEntry.objects.count()) == (0, 0, 0)


def test_a_refused_import_writes_nothing_at_all():
    division = factories.division(rounds=3)
    anna = factories.player("Anna Okafor")
    services.entry_add(by=None, division=division, player=anna)
    plan = plan_entries_import(division, parse_pasted_names("New One\nAnna Okafor"), viewer=None)
    rows = [(plan.rows[0].row, NEW), (plan.rows[1].row, str(anna.pk))]
    before = (Player.objects.count(), Entry.objects.count(), AuditEntry.objects.count())
    with pytest.raises(RegistrationRefused) as refused:
        entries_import(by=None, division=division, rows=rows)
    assert str(refused.value) == "Line 2: Anna Okafor is already entered in this division."
    assert (Player.objects.count(), Entry.objects.count(), AuditEntry.objects.count()) == before


def test_a_player_already_entered_can_only_be_skipped(client, director):
    division = _desk(client, director)
    anna = factories.player("Anna Okafor", country="GB")
    services.entry_add(by=None, division=division, player=anna)
    review = _review(client, division, "Anna Okafor, GB\nBo")
    [planned] = review.context["plan"].duplicates
    field_choices = [value for value, _ in review.context["choices"].fields["line_1"].choices]
    assert (planned.suggested, field_choices) == (SKIP, [NEW, SKIP])
    _confirm(client, division, review, line_1=SKIP)
    assert _entered(division) == [(1, "Anna Okafor", "GB"), (2, "Bo", "")]


def test_a_csv_roster_uploads_straight_into_the_division(client, director):
    division = _desk(client, director)
    upload = SimpleUploadedFile("r.csv", b"name,country,member_id,rating\nEve,KE,K-9,1500\n")
    review = client.post(_url(division, "registration_add_many"), {"file": upload})
    assert [p.row.line for p in review.context["plan"].rows] == [2]
    _confirm(client, division, review)
    assert _entered(division) == [(1, "Eve", "KE")]
    assert Player.objects.get().member_id == "K-9"


def test_adding_many_is_refused_once_round_one_is_paired(client, director):
    division = _desk(client, director)
    factories.entries(division, 2)
    round_pair(by=None, division=division, round_number=1, seed=1)
    review = _review(client, division, "Late Lou")
    response = _confirm(client, division, review)
    assert response.status_code == 422
    assert "add late entries one by one" in response.content.decode()
    assert division.entries.count() == 2


def test_five_hundred_names_take_a_constant_number_of_queries(
    client, director, django_assert_max_num_queries
):
    division = _desk(client, director)
    factories.player("Name 7", country="GB")
    names = "\n".join(f"Name {i}" for i in range(500))
    review = _review(client, division, names)
    data = {"text": review.context["choices"]["text"].value(), "line_8": NEW}
    # Bulk inserts go in batches: on SQLite a player row of 4 name columns more fits ~70 a batch.
    with django_assert_max_num_queries(44):
        response = client.post(_url(division, "registration_add_many"), data)
    assert response.status_code == 302
    assert division.entries.count() == 500


def test_paid_and_checked_in_are_independent_either_way_round():
    division, (first, second) = field(2, rounds=3)
    Entry.objects.update(status=Entry.Status.REGISTERED)
    first = services.entry_check_in(by=None, entry=first)
    first = services.entry_mark_paid(by=None, entry=first, note="cash")
    second = services.entry_mark_paid(by=None, entry=second)
    second = services.entry_check_in(by=None, entry=second)
    for entry in (first, second):
        assert (entry.status, entry.paid) == (Entry.Status.CHECKED_IN, True)
    second = services.entry_mark_unpaid(by=None, entry=second)
    assert (second.status, second.paid) == (Entry.Status.CHECKED_IN, False)
    first = services.entry_undo_check_in(by=None, entry=first)
    assert (first.status, first.paid) == (Entry.Status.REGISTERED, True)


def test_bulk_check_in_leaves_payment_and_can_be_undone(client, director):
    division, entries = field(3, director=director, rounds=3)
    Entry.objects.update(status=Entry.Status.REGISTERED)
    Entry.objects.filter(pk=entries[0].pk).update(paid=True)
    client.force_login(director)
    ids = [e.pk for e in entries[:2]]
    response = client.post(
        _url(division, "registration_bulk"), {"action": "check_in", "entries": ids}
    )
    assert response["Location"].endswith(f"?undo=undo_check_in&ids={ids[0]}%2C{ids[1]}")
    states = list(division.entries.order_by("number").values_list("status", "paid"))
    assert states == [("checked_in", True), ("checked_in", False), ("registered", False)]
    assert AuditEntry.objects.filter(action="entry.check_in").count() == 2
    page = client.get(response["Location"])
    assert page.context["undo"] == {"action": "undo_check_in", "entries": ids}
    client.post(_url(division, "registration_bulk"), {"action": "undo_check_in", "entries": ids})
    assert set(division.entries.values_list("status", flat=True)) == {"registered"}


def test_bulk_paid_leaves_check_in_and_skips_those_already_paid(client, director):
    division, entries = field(2, director=director, rounds=3)
    Entry.objects.filter(pk=entries[1].pk).update(paid=True, status=Entry.Status.REGISTERED)
    client.force_login(director)
    ids = [e.pk for e in entries]
    client.post(_url(division, "registration_bulk"), {"action": "paid", "entries": ids})
    states = list(division.entries.order_by("number").values_list("status", "paid"))
    assert states == [("checked_in", True), ("registered", True)]
    assert AuditEntry.objects.filter(action="entry.paid").count() == 1


def test_bulk_refuses_an_entry_of_another_division(client, director):
    division, entries = field(1, director=director, rounds=3)
    _other, others = field(1, rounds=3)
    client.force_login(director)
    ids = [entries[0].pk, others[0].pk]
    client.post(_url(division, "registration_bulk"), {"action": "paid", "entries": ids})
    assert Entry.objects.filter(paid=True).count() == 0


def test_withdrawal_needs_a_chosen_round_and_a_confirmation(client, director):
    division, entries = field(2, director=director, rounds=3)
    client.force_login(director)
    url = _url(division, "entry_update", entry_id=entries[0].pk)
    unconfirmed = client.post(url, {"action": "withdraw", "after_round": 0})
    no_round = client.post(url, {"action": "withdraw", "confirm": "on"})
    assert (unconfirmed.status_code, no_round.status_code) == (422, 422)
    assert "Tick the box to confirm." in unconfirmed.content.decode()
    assert "Choose the last round the player plays." in no_round.content.decode()
    entries[0].refresh_from_db()
    assert entries[0].withdrawn_after_round is None
    client.post(url, {"action": "withdraw", "after_round": 1, "confirm": "on"})
    entries[0].refresh_from_db()
    assert entries[0].withdrawn_after_round == 1


def test_the_entry_page_offers_no_preselected_withdrawal_round(client, director):
    division, entries = field(2, director=director, rounds=3)
    client.force_login(director)
    page = client.get(_url(division, "entry_update", entry_id=entries[0].pk)).content.decode()
    assert '<option value="">Choose a round</option>' in page
    # The withdrawal form's own options (the language switcher's are another form).
    start = page.index('<option value="">Choose a round</option>')
    withdrawal = page[start : page.index("</select>", start)]
    assert withdrawal.count("<option") == 4  # the prompt and rounds 0, 1 and 2
    assert "selected" not in withdrawal


def test_reinstating_after_rounds_were_paired_needs_a_confirmation(client, director):
    division, entries = field(4, director=director, rounds=3)
    services.entry_withdraw(by=None, entry=entries[3], after_round=0)
    round_pair(by=None, division=division, round_number=1, seed=1)
    client.force_login(director)
    url = _url(division, "entry_update", entry_id=entries[3].pk)
    assert client.post(url, {"action": "reinstate"}).status_code == 422
    assert "Round 1 was paired without this player" in client.get(url).content.decode()
    client.post(url, {"action": "reinstate", "confirm": "on"})
    entries[3].refresh_from_db()
    assert entries[3].withdrawn_after_round is None


def test_the_registration_table_labels_withdrawn_and_paid_players(client, director):
    division, entries = field(2, director=director, rounds=3)
    services.entry_withdraw(by=None, entry=entries[1], after_round=0)
    services.entry_mark_paid(by=None, entry=entries[0], note="cash")
    client.force_login(director)
    page = client.get(_url(division, "registration")).content.decode()
    # Round 0 is a withdrawal before the start (a no-show), said so as the message says it.
    assert '<span class="chip bad">withdrawn before the start</span>' in page
    assert '<span class="chip ok">paid</span> <small class="muted">(cash)</small>' in page
    assert "2 entered · 2 checked in · 1 paid · 1 withdrawn" in page


def test_the_division_page_labels_a_withdrawn_player(client, director):
    division, entries = field(4, director=director, rounds=3)
    round_pair(by=None, division=division, round_number=1, seed=1)
    services.entry_withdraw(by=None, entry=entries[0], after_round=1)
    client.force_login(director)
    page = client.get(_url(division, "division")).content.decode()
    assert page.count('<span class="chip bad">withdrawn after round 1</span>') == 1
