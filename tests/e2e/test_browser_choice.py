"""Which of Debian's chromium builds the browser tests drive."""

import pytest

from tests.e2e.conftest import debian_chromium


def installed(folder, *names):
    for name in names:
        program = folder / name
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    return str(folder)


@pytest.mark.parametrize(
    ("names", "chosen"),
    [
        (["chromium", "chromium-headless-shell"], "chromium-headless-shell"),
        (["chromium-headless-shell"], "chromium-headless-shell"),
        (["chromium"], "chromium"),
    ],
)
def test_the_headless_shell_is_driven_where_installed_else_chromium(tmp_path, names, chosen):
    assert debian_chromium(installed(tmp_path, *names)) == str(tmp_path / chosen)


def test_with_neither_installed_the_missing_chromium_is_named_for_the_notice(tmp_path):
    assert debian_chromium(str(tmp_path)) == "/usr/bin/chromium"
