"""Undo where the log is (issue 33): the audit log's line for a withdrawal has an Undo button
that reinstates the player, and the line then reads as undone. Screenshots at 390 and 1280 px,
axe checked."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from core.models import AuditEntry
from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tests.e2e.test_director_flow import log_in
from tournaments.models import Entry
from tournaments.services import entries

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_withdrawal_is_undone_from_its_line(live_server, page, width):
    director = factories.user("desk")
    event = factories.tournament(director=director, slug="undo-open")
    division = factories.division(event, name="A", rounds=3)
    entry = factories.entries(division, 4)[2]
    entries.entry_withdraw(by=director, entry=entry, after_round=0)
    record = AuditEntry.objects.get(action="entry.withdraw")
    page.set_viewport_size({"width": width, "height": 844})
    log_in(page, live_server.url, "desk")
    page.goto(live_server.url + reverse("tournaments:audit", args=["undo-open"]))
    line = page.locator(f"#audit-{record.pk}")
    expect(line).to_contain_text("Withdrew")
    assert [v for v in axe_violations(page) if v["impact"] in BLOCKING] == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"audit-undo-{width}.png")

    line.get_by_role("button", name="Undo").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Change undone.")).to_be_visible()
    expect(page.locator(f"#audit-{record.pk}")).to_contain_text("undone")
    expect(page.locator(f"#audit-{record.pk}").get_by_role("button", name="Undo")).to_have_count(0)
    assert Entry.objects.get(pk=entry.pk).withdrawn_after_round is None
