import pytest

from publishing.plan.kept import KEPT


@pytest.fixture(autouse=True)
def no_kept_pages():
    """Each test starts with no page kept from another test's rounds (ids are reused)."""
    KEPT.clear()
    yield
    KEPT.clear()
