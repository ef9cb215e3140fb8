"""A player's name reaches the board SVG's title and aria-label: it must stay text."""

import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from games.board_svg import board_svg
from games.engine.board import Board
from tests import factories

HOSTILE = [
    'Noah Mal" onload="alert(1)" x="',
    "<script>alert(1)</script>",
    "Ann' onmouseover='alert(1)",
    "javascript:alert(1)",
]
SVG = "{http://www.w3.org/2000/svg}"


def event_handlers(root: ET.Element) -> list[str]:
    return [name for el in root.iter() for name in el.attrib if name.lower().startswith("on")]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_title_stays_inside_the_label_and_the_title(name):
    root = ET.fromstring(board_svg(Board(), title=name))
    assert root.get("aria-label") == name
    assert root.find(f"{SVG}title").text == name
    assert event_handlers(root) == []
    assert root.findall(f".//{SVG}script") == []


def test_the_plain_escape_of_the_past_would_have_broken_out():
    # xml.sax.saxutils.escape leaves double quotes alone: the attribute would end early.
    from xml.sax.saxutils import escape as xml_escape

    assert '"' in xml_escape(HOSTILE[0])
    assert '"' not in board_svg(Board(), title=HOSTILE[0]).split("aria-label=")[1].split('"')[1]


@pytest.mark.django_db
@pytest.mark.parametrize("name", HOSTILE[:2])
def test_game_page_and_board_svg_keep_a_hostile_name_inert(client, name):
    game = factories.game(first=factories.player(name), second=factories.player("Ben"))
    svg = client.get(reverse("games:board", args=[game.pk]))
    assert svg["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'"
    assert svg["X-Content-Type-Options"] == "nosniff"
    root = ET.fromstring(svg.content)
    assert root.get("aria-label") == f"{name} v Ben"
    assert event_handlers(root) == []
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert 'onload="alert(1)"' not in page
