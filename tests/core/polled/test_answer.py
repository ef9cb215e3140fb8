"""The one answer of a kept copy (core/polled/answer.py): 304 for the tag it has, the body
otherwise, gzipped only for a client that accepts it, each gzip answer with its own name."""

import gzip

from django.test import RequestFactory

from core.polled.answer import etag_matches, fresh_gzip_name, kept_answer, named_gzip

BODY = b'{"boards":[]}' * 40
HOW = {"content_type": "application/json", "cache_control": "public, max-age=0, s-maxage=1"}


def _answer(**headers):
    request = RequestFactory().get("/feed.json", headers=headers)
    zipped = gzip.compress(BODY, mtime=0)
    return kept_answer(request, tag='"t1"', body=BODY, zipped=zipped, vary=("Cookie",), **HOW)


def test_the_tag_matches_weakly_and_in_a_list_and_nothing_else():
    assert etag_matches('W/"t1"', '"t1"') and etag_matches('"x", "t1"', '"t1"')
    assert etag_matches("*", '"t1"')
    assert not etag_matches('"t12"', '"t1"') and not etag_matches('"t1"', "")


def test_the_client_with_the_tag_gets_a_304_with_the_headers_but_the_body_s():
    answer = _answer(**{"If-None-Match": '"t1"', "Accept-Encoding": "gzip"})
    assert answer.status_code == 304 and answer.content == b""
    assert (answer["ETag"], answer["Cache-Control"]) == ('"t1"', HOW["cache_control"])
    assert "Content-Encoding" not in answer and "Content-Type" not in answer
    assert answer["Vary"] == "Accept-Encoding, Cookie"


def test_another_tag_gets_the_body_gzipped_only_when_accepted():
    plain = _answer(**{"If-None-Match": '"old"'})
    zipped = _answer(**{"If-None-Match": '"old"', "Accept-Encoding": "gzip"})
    assert (plain.status_code, plain.content, plain.get("Content-Encoding")) == (200, BODY, None)
    assert zipped["Content-Encoding"] == "gzip" and gzip.decompress(zipped.content) == BODY


def test_a_gzip_body_gets_a_new_random_name_each_time_and_stays_the_same_text():
    body = gzip.compress(BODY, mtime=0)
    named = named_gzip(body)
    assert gzip.decompress(named) == BODY and named[3] & gzip.FNAME
    renamed = {fresh_gzip_name(named) for _ in range(20)}
    assert len(renamed) > 1 and {gzip.decompress(r) for r in renamed} == {BODY}
    assert fresh_gzip_name(body) == body  # no name to change
