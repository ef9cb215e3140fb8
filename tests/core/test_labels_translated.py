"""Labels that used to stay in English in every language: pairing systems in round headings,
the clock's seconds, the Japanese board's premium squares."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.board_svg import board_svg
from games.engine.board import Board
from tests import factories
from tournaments.models import Round

pytestmark = pytest.mark.django_db

SECONDS = {"en": "{s} s", "zh-hant": "{s} 秒", "ja": "{s}秒", "th": "{s} วิ", "sw": "sek {s}"}


def in_language(client, language: str) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language


@pytest.mark.parametrize("language", ["en", "zh-hant", "ja", "th", "sw"])
def test_a_round_heading_names_its_pairing_system_in_the_pages_language(client, language):
    division = factories.division(factories.tournament("Heading Open", is_public=True), name="A")
    paired = factories.round_with_pairings(division, factories.entries(division, 4))
    Round.objects.filter(pk=paired.pk).update(system="koth")
    with translation.override(language):
        expected = translation.gettext("King of the hill")
    in_language(client, language)
    page = client.get(reverse("tournaments:division", args=[division.tournament.slug, "A"]))
    heading = re.search(r"<h2>.*?</h2>", page.text, re.S).group(0)
    assert f'<small class="muted">{expected}' in heading
    assert "koth" not in heading


@pytest.mark.parametrize("language", ["zh-hant", "ja", "th", "sw"])
def test_every_language_names_swiss_and_explains_cop(language):
    with translation.override(language):
        assert translation.gettext("Swiss") != "Swiss"
        cop = translation.gettext("COP")
    assert cop.startswith("COP") and len(cop) > len("COP")


@pytest.mark.parametrize("language", sorted(SECONDS))
def test_the_clock_shows_seconds_in_the_pages_language(client, director, language):
    game = factories.game(rules_preset="thai", created_by=director)
    client.force_login(director)
    in_language(client, language)
    page = client.get(reverse("games:sheet", args=[game.pk]))
    assert f'data-text-seconds="{SECONDS[language]}"' in page.text


def test_the_japanese_board_labels_its_premium_squares_in_japanese():
    with translation.override("ja"):
        svg = str(board_svg(Board()))
    labels = set(re.findall(r"<text[^>]*>([^<]*(?:×|[23][WL])[^<]*)</text>", svg))
    assert labels == {"単語×3", "単語×2", "文字×3", "文字×2"}
