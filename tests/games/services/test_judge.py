"""Word lists and the word judge: the play as a whole, never a word singled out; every ruling
logged; only tournament officials and staff may ask."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.engine import word_lists as lexicons
from games.engine.lexicon import LexiconError
from games.models import Judgment, Lexicon
from games.services.words import judgment_record, lexicon_upload
from tests import factories
from tests.games.helpers import WORDS

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    lexicons.clear_cache()
    yield
    lexicons.clear_cache()


@pytest.fixture
def word_list(director):
    return lexicon_upload(by=director, name="TEST", data=WORDS.encode())


@pytest.fixture
def official(event):
    assistant = factories.user()
    event.roles.create(user=assistant, role="assistant")
    return assistant


def test_upload_normalises_the_list(word_list):
    assert word_list.word_count == 5
    assert word_list.word_list == "CAT\nCATS\nDOG\nQI\nTRAIN"
    assert len(word_list.checksum) == 64


def test_upload_names_the_first_line_that_is_not_a_word(director):
    with pytest.raises(LexiconError) as caught:
        lexicon_upload(by=director, name="BAD", data=b"CAT\nDOG\nCAN'T\nQI\n")
    assert str(caught.value) == "Line 3: CAN'T is not a word (letters only)."
    assert not Lexicon.objects.exists()


def test_upload_over_ten_megabytes_is_refused(director):
    with pytest.raises(LexiconError) as caught:
        lexicon_upload(by=director, name="BIG", data=b"A\n" * (5 * 1024 * 1024 + 1))
    assert str(caught.value) == "The file is too large (over 10 MB)."
    assert not Lexicon.objects.exists()


def test_same_name_twice_is_refused(director, word_list):
    with pytest.raises(LexiconError) as caught:
        lexicon_upload(by=director, name="test", data=b"ZA\n")
    assert str(caught.value) == "A word list called test exists already."
    assert Lexicon.objects.count() == 1


def test_judgment_is_for_the_whole_play_and_logged(director, word_list):
    good = judgment_record(by=director, lexicon=word_list, words=["cat", "QI"])
    bad = judgment_record(by=director, lexicon=word_list, words=["CATS", "XYZZY"])
    assert (good.acceptable, bad.acceptable) == (True, False)
    logged = list(
        Judgment.objects.order_by("id").values_list("words", "acceptable", "by", "lexicon")
    )
    assert logged == [
        (["CAT", "QI"], True, director.pk, word_list.pk),
        (["CATS", "XYZZY"], False, director.pk, word_list.pk),
    ]


def test_loaded_list_is_cached_per_process(django_assert_num_queries, word_list):
    row = Lexicon.objects.defer("word_list").get()
    with django_assert_num_queries(1):
        first = lexicons.loaded_lexicon(row)
    with django_assert_num_queries(0):
        assert lexicons.loaded_lexicon(row) is first
    assert "TRAIN" in first and "TRAINS" not in first


def test_judge_page_answers_only_acceptable_or_not(client, official, word_list):
    client.force_login(official)
    url = reverse("games:judge")
    yes = client.post(url, {"lexicon": word_list.pk, "words": "cat dog qi"})
    assert yes.status_code == 200
    assert '<p class="verdict acceptable" role="status">ACCEPTABLE</p>' in yes.text
    no = client.post(
        url, {"lexicon": word_list.pk, "words": "CAT, XYZZY\nDOG"}, HTTP_HX_REQUEST="true"
    )
    assert '<p class="verdict not-acceptable" role="status">NOT ACCEPTABLE</p>' in no.text
    # Nothing on the page tells which word failed: the words are not even shown again.
    for word in ("XYZZY", "xyzzy", "CAT", "DOG"):
        assert word not in no.text
    assert Judgment.objects.count() == 2
    assert list(Judgment.objects.order_by("id").values_list("acceptable", flat=True)) == [
        True,
        False,
    ]


def test_judge_page_refuses_non_words_without_logging(client, official, word_list):
    client.force_login(official)
    response = client.post(reverse("games:judge"), {"lexicon": word_list.pk, "words": "C4T"})
    assert "Use letters only, one word after another." in response.text
    assert "ACCEPTABLE" not in response.text
    assert not Judgment.objects.exists()


def test_only_officials_and_staff_may_judge(client, stranger, staff, word_list):
    url = reverse("games:judge")
    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert client.post(url, {"lexicon": word_list.pk, "words": "CAT"}).status_code == 403
    client.force_login(staff)
    assert client.get(url).status_code == 200
    assert not Judgment.objects.exists()


def test_director_uploads_a_list_and_an_assistant_may_not(client, director, official, event):
    url = reverse("games:lexicon_upload")
    client.force_login(official)
    assert client.get(url).status_code == 403
    client.force_login(director)
    upload = SimpleUploadedFile("words.txt", WORDS.encode())
    response = client.post(url, {"name": "CLUB", "file": upload})
    assert response.status_code == 302
    assert Lexicon.objects.get().word_count == 5
    page = client.get(reverse("games:lexicons"))
    assert "CLUB" in page.text and "5 words" in page.text


def test_word_list_upload_form_refuses_a_large_file(client, director, event):
    client.force_login(director)
    big = SimpleUploadedFile("big.txt", b"A\n" * (5 * 1024 * 1024 + 1))
    response = client.post(reverse("games:lexicon_upload"), {"name": "BIG", "file": big})
    assert "The file is too large (over 10 MB)." in response.text
    assert not Lexicon.objects.exists()
