"""A rendered page rewritten to stand on its own among the published files."""

from publishing.plan.html import language_links, meta_policy, rewrite_page, site_links

PAGE = (
    '<html><head><link rel="stylesheet" href="/static/desk.css"></head><body>'
    '<a href="/t/e/A/standings/?round=2&amp;x=1">Standings</a>'
    '<a href="/login/">Log in</a>'
    '<a href="https://example.org/">Out</a>'
    '<form method="get" action="/t/e/A/live/"><input name="q"></form>'
    '<div id="live" hx-get="/t/e/A/live/" hx-trigger="every 15s" hx-swap="outerHTML">x</div>'
    '<body data-hall-next="/t/e/A/hall/?page=2">'
    "</body></html>"
)
LINKS = {
    "/static/desk.css": "static/desk.0123.css",
    "/t/e/A/standings/?round=2&x=1": "A/standings/index-round-2.html",
    "/t/e/A/hall/?page=2": "A/hall/index-page-2.html",
}


def test_every_site_address_in_the_page_is_found_unescaped():
    assert site_links(PAGE) == [
        "/static/desk.css",
        "/t/e/A/standings/?round=2&x=1",
        "/login/",
        "/t/e/A/live/",
        "/t/e/A/live/",
        "/t/e/A/hall/?page=2",
    ]


def test_published_addresses_become_relative_and_the_rest_lose_their_link():
    page = rewrite_page(PAGE, LINKS.get, "static/refresh.js", "stamp.json")
    assert '<link rel="stylesheet" href="static/desk.0123.css">' in page
    assert '<a href="A/standings/index-round-2.html">Standings</a>' in page
    assert "<a>Log in</a>" in page
    assert '<a href="https://example.org/">Out</a>' in page
    assert '<form method="get"><input name="q"></form>' in page
    assert 'data-hall-next="A/hall/index-page-2.html"' in page


def test_a_link_asking_the_page_with_a_query_loses_its_link_as_a_static_host_ignores_it():
    page = rewrite_page(
        '<a href="?sort=name">Name</a><a href="?round=2" class="b">2</a>'
        '<a href="?_export=csv">CSV</a><form method="get" action="?"><input></form>',
        LINKS.get,
        "static/refresh.js",
        "stamp.json",
    )
    assert '<a>Name</a><a class="b">2</a><a>CSV</a><form method="get"><input></form>' in page


def test_htmx_polling_goes_and_the_refresh_script_is_added_as_a_file():
    page = rewrite_page(PAGE, LINKS.get, "../static/refresh.js", "../stamp.json")
    assert "hx-" not in page
    assert '<div id="live">x</div>' in page
    assert (
        '<script src="../static/refresh.js" data-stamp="../stamp.json" data-seconds="15" defer>'
        "</script>\n</head>" in page
    )
    assert "<script>" not in page


SITE_CHROME = (
    '<header><a class="brand" href="/">Desk</a>'
    '<nav data-published="drop"><a href="/t/">Tournaments</a><a href="/login/">Log in</a></nav>'
    '<form class="language-switcher" method="post" action="/i18n/setlang/" '
    'data-published="languages"><select name="language"></select></form></header>'
)


def test_the_site_menu_goes_and_the_switcher_becomes_links_between_the_files():
    switcher = language_links(
        "Language",
        [
            ("en", "English", "index.html"),
            ("ja", "日本語", "../ja/x/index.html"),
            ("th", "ไทย", None),
        ],
        "en",
    )
    page = rewrite_page(SITE_CHROME, {}.get, "r.js", "s.json", switcher)
    assert page == (
        '<header><a class="brand">Desk</a>'
        '<nav class="published-languages" aria-label="Language">'
        '<a href="index.html" lang="en" hreflang="en" aria-current="page">English</a> '
        '<a href="../ja/x/index.html" lang="ja" hreflang="ja">日本語</a> '
        '<a lang="th" hreflang="th">ไทย</a></nav></header>'
    )


def test_the_site_policy_goes_with_the_page_as_a_meta_first_in_its_head():
    header = "default-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action 'self'"
    policy = meta_policy(header)
    assert policy == (
        '<meta http-equiv="Content-Security-Policy" '
        'content="default-src &#x27;self&#x27;; script-src &#x27;self&#x27;; '
        'form-action &#x27;self&#x27;">'
    )
    page = rewrite_page("<html><head>\n<title>x</title></head>", {}.get, "r.js", "s", "", policy)
    assert page.startswith(f"<html><head>\n  {policy}\n<title>")
    assert meta_policy("") == "" and meta_policy("frame-ancestors 'none'") == ""
