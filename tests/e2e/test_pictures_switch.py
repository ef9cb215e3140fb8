"""The browser tests' pictures are kept unless DESK_PICTURES=0 (.ci/run's PostgreSQL pass), and
when they are not wanted no picture is asked of the browser at all."""

import pytest

from tests.e2e.conftest import full_page_png, pictures_wanted, viewport_png


class NoBrowser:
    """A page that fails the test if anything is asked of it."""

    def __getattr__(self, name):
        raise AssertionError(f"the browser was asked for {name}")


@pytest.mark.parametrize(("value", "wanted"), [(None, True), ("1", True), ("0", False)])
def test_pictures_are_kept_unless_turned_off(monkeypatch, value, wanted):
    if value is None:
        monkeypatch.delenv("DESK_PICTURES", raising=False)
    else:
        monkeypatch.setenv("DESK_PICTURES", value)
    assert pictures_wanted() is wanted


@pytest.mark.parametrize("take", [full_page_png, viewport_png])
def test_a_picture_turned_off_asks_nothing_of_the_browser_and_writes_nothing(
    monkeypatch, tmp_path, take
):
    monkeypatch.setenv("DESK_PICTURES", "0")
    path = take(NoBrowser(), tmp_path / "page.png")
    assert path == tmp_path / "page.png"
    assert not path.exists()


@pytest.mark.parametrize("take", [full_page_png, viewport_png])
def test_a_picture_wanted_is_asked_of_the_browser(monkeypatch, tmp_path, take):
    monkeypatch.setenv("DESK_PICTURES", "1")
    with pytest.raises(AssertionError, match="the browser was asked"):
        take(NoBrowser(), tmp_path / "page.png")
