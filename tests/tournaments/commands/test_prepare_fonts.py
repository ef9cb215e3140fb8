"""`manage.py prepare_fonts` does the slow first-time font work up front; quickstart and serve
run it, so the first printout of the day does not wait for it."""

import pytest
from django.core.management import call_command
from fontTools.varLib import instancer
from reportlab.pdfbase import pdfmetrics

from printouts import fonts
from tournaments.management.commands import prepare_fonts as command


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """A fresh cache directory, with the (slow) weight instancing replaced by a copy."""
    monkeypatch.setattr(fonts, "CACHE_DIR", tmp_path / "desk-fonts")
    monkeypatch.setattr(instancer, "instantiateVariableFont", lambda font, axes: font)
    fonts.register_base_fonts.cache_clear()
    yield tmp_path / "desk-fonts"
    monkeypatch.undo()
    fonts.register_base_fonts.cache_clear()
    fonts.register_base_fonts()  # the real faces again, from the warm cache


def test_preparing_builds_the_bold_faces_into_the_cache_and_registers_them(empty_cache, capsys):
    assert not empty_cache.exists()
    call_command("prepare_fonts")
    assert len(list(empty_cache.glob("bold-*.ttf"))) == 2
    assert {fonts.SANS_BOLD, fonts.THAI_BOLD} <= set(pdfmetrics.getRegisteredFontNames())
    assert "(2 faces, " in capsys.readouterr().out


def test_preparing_twice_reuses_the_cache(empty_cache, monkeypatch):
    call_command("prepare_fonts")
    fonts.register_base_fonts.cache_clear()

    def refuse(font, axes):
        raise AssertionError("a prepared face was built again")

    monkeypatch.setattr(instancer, "instantiateVariableFont", refuse)
    assert len(fonts.prepare_fonts()) == 2


@pytest.mark.django_db
def test_quickstart_prepares_the_fonts(monkeypatch, quickstart):
    calls = []
    monkeypatch.setattr(command, "prepare_fonts", lambda: calls.append("fonts") or [])
    quickstart()
    assert calls == ["fonts"]


def test_serve_prepares_the_fonts_before_starting_the_workers(monkeypatch, settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    # The browser tests' switch, which serve's deploy checks refuse, when they ran first.
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)
    calls = []
    monkeypatch.setattr(command, "prepare_fonts", lambda: calls.append("fonts") or [])
    call_command("serve", dry_run=True)
    assert calls == ["fonts"]
