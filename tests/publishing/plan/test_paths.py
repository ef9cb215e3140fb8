"""Where a site address lands among the published files, and the links between them."""

import pytest

from publishing.plan import paths


@pytest.mark.parametrize(
    ("url", "query", "kind", "expected"),
    [
        ("", "", "text/html; charset=utf-8", "index.html"),
        ("A/standings/", "", "text/html", "A/standings/index.html"),
        ("A/print/pairings/", "round=3", "application/pdf", "A/print/pairings/index-round-3.pdf"),
        (
            "A/print/pairings/",
            "round=3&order=name",
            "application/pdf",
            "A/print/pairings/index-order-name-round-3.pdf",
        ),
        ("A/feed.json", "", "application/json", "A/feed.json"),
        ("tourney.js", "", "text/javascript", "tourney.js"),
        ("A/hall/", "page=2", "text/html", "A/hall/index-page-2.html"),
    ],
)
def test_a_site_address_becomes_a_file_named_by_its_kind_and_query(url, query, kind, expected):
    assert paths.file_path(url, query, kind) == expected


def test_the_root_language_has_no_folder_and_every_other_one_has_its_own():
    assert paths.language_prefix("th", "th") == ""
    assert paths.language_prefix("ja", "th") == "ja/"


def test_links_are_relative_to_the_page_that_holds_them():
    assert paths.relative_link("A/standings/index.html", "A/live/index.html") == (
        "../live/index.html"
    )
    assert paths.relative_link("index.html", "static/x.css") == "static/x.css"
    assert paths.relative_link("ja/A/x/index.html", "static/x.css") == "../../../static/x.css"


def test_a_static_file_is_named_by_its_content_as_the_manifest_storage_names_it():
    digest = "0123456789abcdef"
    assert paths.hashed_name("desk/desk.css", digest) == "desk/desk.0123456789ab.css"
    assert paths.hashed_name("LICENSE", digest) == "LICENSE.0123456789ab"


@pytest.mark.parametrize(
    ("path", "safe"),
    [
        ("a/b.html", True),
        ("Div 3/live/index.html", True),
        ("", False),
        ("/etc/passwd", False),
        ("a/../b", False),
        ("a//b", False),
        (".hidden/x", False),
        ("a/./b", False),
    ],
)
def test_only_paths_below_the_root_are_published(path, safe):
    assert paths.is_safe_path(path) is safe
