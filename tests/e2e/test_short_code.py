"""A personal link a person can type (issue 33): the code printed beside the QR code, typed into
/p/ on a phone (in lower case, with spaces), opens the same personal page. Screenshots at 390
and 1280 px, axe checked."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import ARTIFACTS, full_page_png
from tests.e2e.test_accessibility import BLOCKING, axe_violations
from tournaments.selectors.entry_links import short_code

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_typed_code_opens_the_personal_page(live_server, page, width):
    event = factories.tournament(name="King's Cup", slug="kings-cup")
    entry = factories.entries(factories.division(event, name="A", rounds=3), 4)[2]
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server.url}/p/")
    assert [v for v in axe_violations(page) if v["impact"] in BLOCKING] == []
    page.get_by_label("The code printed beside the QR code").fill(
        short_code(entry.pk).lower().replace("-", " ")
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    full_page_png(page, ARTIFACTS / f"short-code-{width}.png")
    page.get_by_role("button", name="Open").click()
    page.wait_for_load_state()
    assert "/t/kings-cup/me/" in page.url
    expect(page.get_by_text(entry.player.name).first).to_be_visible()
    full_page_png(page, ARTIFACTS / f"short-code-opened-{width}.png")
