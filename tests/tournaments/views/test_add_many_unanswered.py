"""Add many: a row with the same name and member id as a player here is preselected as that
player, and confirming with other duplicates unanswered says which lines need a choice."""

import pytest
from django.urls import reverse

from players.bulk import SKIP
from players.models import Player
from tests import factories

pytestmark = pytest.mark.django_db


def add_many_url(division):
    return reverse(
        "tournaments:registration_add_many", args=[division.tournament.slug, division.name]
    )


@pytest.fixture
def desk(client, director):
    division = factories.division(factories.tournament(director=director), rounds=3)
    client.force_login(director)
    return division


def test_same_name_and_member_id_is_preselected_even_beside_a_namesake(client, desk):
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    factories.player("Anna Okafor", country="NG")  # another person of the same name, no id
    review = client.post(add_many_url(desk), {"names": "Anna Okafor, NG, N-1"})
    [planned] = review.context["plan"].duplicates
    assert planned.suggested == str(anna.pk)
    assert f'value="{anna.pk}" id="id_line_1_0" required checked>' in review.text


def test_confirming_with_rows_unanswered_names_their_lines_and_enters_nothing(client, desk):
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    factories.player("Bo Li", country="CN")
    review = client.post(
        add_many_url(desk), {"names": "Anna Okafor, NG, N-1\nCy Ng\nBo Li, SG\ncy ng"}
    )
    text = review.context["choices"]["text"].value()
    answer = client.post(add_many_url(desk), {"text": text, "line_1": str(anna.pk)})
    assert answer.status_code == 422
    assert "choose what to do with lines 3, 4, marked below." in answer.text
    assert answer.text.count('class="needs-choice"') == 2
    assert desk.entries.count() == 0 and Player.objects.count() == 2
    one_left = client.post(
        add_many_url(desk), {"text": text, "line_1": str(anna.pk), "line_3": SKIP}
    )
    assert "choose what to do with line 4, marked below." in one_left.text


def test_the_review_form_leaves_the_check_to_the_server(client, desk):
    factories.player("Bo Li", country="CN")
    review = client.post(add_many_url(desk), {"names": "Bo Li, SG"})
    assert '<form method="post" novalidate>' in review.text
    assert "marked below" not in review.text  # nothing unanswered until confirmed


def test_a_same_name_row_with_another_member_id_is_a_new_player_unless_chosen(client, desk):
    anna = factories.player("Anna Okafor", country="NG", member_id="N-1")
    review = client.post(add_many_url(desk), {"names": "Anna Okafor, NG, N-2"})
    [planned] = review.context["plan"].duplicates
    assert planned.suggested == "new"
    assert 'value="new" id="id_line_1_1" required checked>' in review.text
    assert f'value="{anna.pk}" id="id_line_1_0" required>' in review.text
    assert "Another member id: a different person unless you choose otherwise." in review.text
    text = review.context["choices"]["text"].value()
    client.post(add_many_url(desk), {"text": text, "line_1": "new"})
    assert Player.objects.filter(name="Anna Okafor").count() == 2
    assert desk.entries.get().player.member_id == "N-2"
