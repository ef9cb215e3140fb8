"""Every public file of an event, in every language the site offers: what a round publishes.

Starting from the event's public pages (``_seeds``), the site's own pages are read as an
anonymous visitor reads them (``render.SiteReader``), and every link they hold to another public
page of the same event (``PUBLIC_PAGES``, the addresses a visitor may open without logging in)
is followed, once per language. What answers 200 is kept: pages, feeds (``feed.json``,
``tourney.js``, ``playoff.json``, the broadcast's feeds, which hold back what its delay holds
back), the public PDFs. A private event gives nothing. Then each page is rewritten to stand on
its own (``plan.html``) with relative links to the other files, the static files it uses are
added under hashed names (``assets.py``), and the event's home is the root ``index.html`` (and
each language's folder's ``index.html``).

The language of the event (the site's default when it has none) is at the root; the others each
have a folder (``ja/``). PDFs and feeds are published once, at the root: a printout of an event
is in the event's language whoever asks.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.translation import get_language_info, gettext

from core.languages import site_language_codes, supported
from tournaments.models import Tournament

from .assets import StaticAssets
from .plan import html as page_html
from .plan import paths
from .plan.kept import KEPT, Round
from .plan.manifest import STAMP_NAME, content_hash
from .plan.stages import Touched, in_first_stage
from .render import SiteReader

# The site's pages a visitor opens without logging in, by URL name; any other address a page
# links to (a login, a director's page, a personal link) is never asked for. A past round by
# table (``tournaments:round``) is left out: the site builds each afresh (no tag to ask with),
# 31 rounds in 5 languages were half of a round's time, and the player pages and the crosstable
# hold every past game.
PUBLIC_PAGES = {
    "tournaments:division",
    "tournaments:public_home",
    "tournaments:public_pairings",
    "tournaments:public_stats",
    "tournaments:public_player",
    "tournaments:standings",
    "tournaments:crosstable",
    "tournaments:prizes",
    "tournaments:playoff",
    "tournaments:team_standings",
    "games:broadcast_division",
    "games:broadcast_board",
}
# Hall screens: shown in the hall, in the event's language (at the root only; a page in another
# language links to them there). Each screen turns its pages (``?page=``) and may be paused.
HALL_SCREENS = {"tournaments:hall", "tournaments:event_hall"}
# Files the same in every language: published once, at the root.
PUBLIC_FILES = {
    "tournaments:feed",
    "tournaments:tourney_js",
    "tournaments:playoff_feed",
    "tournaments:print",
    "games:broadcast_division_feed",
    "games:broadcast_feed",
}
# The query a public address may carry (a round, a printout's order, a hall screen's page).
KEPT_QUERY = {"round", "order", "per_page", "page", "still"}
# Bounds of one round: the files of a very large event fit well inside.
MOST_FILES = 100_000
KINDS = ("text/html", "application/json", "application/pdf", "text/javascript")
REFRESH_SCRIPT = "publishing/refresh.js"
# Finds a name on a published pairings page, as the site's own find-my-name box does.
FIND_NAME_SCRIPT = "publishing/find-name.js"
# How often a published page looks at the round's stamp (a few bytes a look).
REFRESH_SECONDS = 15


@dataclass(frozen=True)
class Address:
    """A site address to publish: its path and kept query, and the language asked for
    ('' for a file published once)."""

    path: str
    query: str
    language: str

    @property
    def url(self) -> str:
        path = quote(self.path)
        return f"{path}?{self.query}" if self.query else path


@dataclass
class Crawled:
    content_type: str
    body: bytes
    file: str = ""
    etag: str = ""
    policy: str = ""


def root_language(event: Tournament) -> str:
    return supported(event.language) or settings.LANGUAGE_CODE


def event_languages(event: Tournament) -> list[str]:
    """The event's language first, then every other language the site offers."""
    first = root_language(event)
    return [first, *(code for code in site_language_codes() if code != first)]


def _seeds(event: Tournament) -> list[tuple[str, str]]:
    """(URL name, address) of the pages every event publishes; the rest is found by links."""
    slug = event.slug
    seeds = [
        reverse("tournaments:public_home", kwargs={"tournament_slug": slug}),
        reverse("tournaments:tourney_js", kwargs={"tournament_slug": slug}),
        reverse("tournaments:team_standings", kwargs={"tournament_slug": slug}),
        reverse("tournaments:event_hall", kwargs={"tournament_slug": slug}),
    ]
    for division in event.divisions.order_by("pk"):
        kwargs = {"tournament_slug": slug, "division_name": division.name}
        for name in (
            "division",
            "public_pairings",
            "standings",
            "crosstable",
            "public_stats",
            "prizes",
        ):
            seeds.append(reverse(f"tournaments:{name}", kwargs=kwargs))
        seeds += [
            reverse("tournaments:feed", kwargs=kwargs),
            reverse("tournaments:hall", kwargs=kwargs),
            reverse("games:broadcast_division", kwargs=kwargs),
            reverse("games:broadcast_division_feed", kwargs=kwargs),
        ]
    return seeds


def classify(url: str, event: Tournament) -> tuple[str, str, str] | None:
    """(kind, path, kept query) of a site address the round may publish: kind "page" (one per
    language), "hall" (in the event's language) or "file" (once, the same in every language);
    None for anything else (another event, anything not public)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    path = unquote(parts.path)
    try:
        match = resolve(path)
    except Resolver404:
        return None
    slug = match.kwargs.get("tournament_slug")
    if slug is not None and slug != event.slug:
        return None
    if match.view_name == "tournaments:detail":  # the event's own address: its home, published
        path = unquote(reverse("tournaments:public_home", kwargs=match.kwargs))
    kind = "page" if match.view_name in PUBLIC_PAGES | {"tournaments:detail"} else None
    kind = "hall" if match.view_name in HALL_SCREENS else kind
    kind = "file" if match.view_name in PUBLIC_FILES else kind
    if kind is None:
        return None
    query = [(k, v) for k, v in parse_qsl(parts.query) if k in KEPT_QUERY]
    return kind, path, urlencode(sorted(query))


class Crawl:
    """The breadth-first walk over an event's public addresses in every language."""

    def __init__(self, event: Tournament):
        self.event = event
        self.languages = event_languages(event)
        self.root = self.languages[0]
        self.names = {code: get_language_info(code)["name_local"] for code in self.languages}
        self.reader = SiteReader()
        self.found: dict[Address, Crawled] = {}
        self._queue: deque[Address] = deque()
        self._seen: set[Address] = set()
        self._classified: dict[str, tuple[str, str, str] | None] = {}
        self._kept = KEPT.of(event.pk).crawled

    def address(self, url: str, language: str) -> Address | None:
        if url not in self._classified and len(self._classified) < MOST_FILES:
            self._classified[url] = classify(url, self.event)
        sorted_out = self._classified[url] if url in self._classified else classify(url, self.event)
        if sorted_out is None:
            return None
        kind, path, query = sorted_out
        if kind == "hall":
            return Address(path, query, self.root)
        return Address(path, query, language if kind == "page" else "")

    def _read(self, address: Address) -> Crawled | None:
        kept = self._kept.get(address)
        answer = self.reader.get(
            address.url, address.language or self.root, kept.etag if kept else ""
        )
        if answer.status == 304 and kept is not None:
            return Crawled(kept.content_type, kept.body, etag=kept.etag, policy=kept.policy)
        content_type = answer.content_type.split(";")[0].strip()
        if answer.status != 200 or content_type not in KINDS:
            return None
        return Crawled(content_type, answer.body, etag=answer.etag, policy=answer.policy)

    def _add(self, address: Address | None) -> None:
        if address is not None and address not in self._seen and len(self._seen) < MOST_FILES:
            self._seen.add(address)
            self._queue.append(address)

    def run(self) -> dict[Address, Crawled]:
        for language in self.languages:
            for url in _seeds(self.event):
                self._add(self.address(url, language))
        while self._queue:
            address = self._queue.popleft()
            crawled = self._read(address)
            if crawled is None:
                continue
            self.found[address] = crawled
            if crawled.content_type == "text/html":
                language = address.language or self.root
                for link in page_html.site_links(crawled.body.decode()):
                    self._add(self.address(link, language))
        return self.found


def _file_of(address: Address, crawled: Crawled, event: Tournament, root: str) -> str:
    below = address.path.removeprefix(f"/t/{event.slug}/")
    if below == address.path:  # an address outside the event's own (the broadcast's)
        below = address.path.lstrip("/")
    prefix = paths.language_prefix(address.language, root) if address.language else ""
    return prefix + paths.file_path(below, address.query, crawled.content_type)


def _home(event: Tournament) -> str:
    return unquote(reverse("tournaments:public_home", kwargs={"tournament_slug": event.slug}))


def event_files(event: Tournament) -> dict[str, bytes]:
    """Path -> bytes of every file of the event's public side; nothing for a private event."""
    event = Tournament.objects.get(pk=event.pk)
    if not event.is_public:
        KEPT.forget(event.pk)
        return {}
    crawl = Crawl(event)
    found = crawl.run()
    taken: set[str] = set()
    for address, crawled in list(found.items()):
        crawled.file = _file_of(address, crawled, event, crawl.root)
        # A name no file may have (".x"), or one an earlier page took (a division named like a
        # language's folder, "ja"): left out, never written over another page.
        if not paths.is_safe_path(crawled.file) or crawled.file in taken:
            del found[address]
        taken.add(crawled.file)
    files, assets, kept = _files(found, crawl)
    layout = {address: (crawled.file, crawled.content_type) for address, crawled in found.items()}
    KEPT.keep(event.pk, Round(found, kept, _layout(found), dict(assets.names), layout))
    return files


def stage_files(event: Tournament, touched: Touched, present: set[str]) -> dict[str, bytes]:
    """Path -> bytes of the first stage after the changes ``touched`` (``plan.stages``): the
    pages they touch in the event's language and the feeds, read afresh and laid out as in the
    last round kept in this process (the other languages follow in the whole round),
    linking only to files ``present`` on the target. Nothing when there is no such round (the
    publish is then one whole round), or the event is private."""
    event = Tournament.objects.get(pk=event.pk)
    last = KEPT.of(event.pk)
    if not event.is_public or not touched or not last.files:
        return {}
    crawl = Crawl(event)
    for address, (file, content_type) in last.files.items():
        if file in present:
            crawl.found[address] = Crawled(content_type, b"", file=file)
    assets = StaticAssets()
    files: dict[str, bytes] = {}
    home = _home(event)
    for address, known in list(crawl.found.items()):
        if address.language not in ("", crawl.root):
            continue  # the event's own language first; the others are a few times its cost
        match = resolve(address.path)
        query = dict(parse_qsl(address.query))
        if not in_first_stage(match.view_name, match.kwargs, query, touched):
            continue
        crawled = crawl._read(address)
        if crawled is None or crawled.content_type != known.content_type:
            return {}  # the page is gone or another kind now: the whole round says so
        crawled.file = known.file
        crawl.found[address] = crawled
        if crawled.content_type != "text/html":
            files[known.file] = crawled.body
            continue
        files[known.file] = _page(address, crawled, crawl, assets, known.file)
        if address.path == home and not address.query:
            index = paths.language_prefix(address.language, crawl.root) + paths.INDEX
            files[index] = _page(Address(home, "", address.language), crawled, crawl, assets, index)
    files.update(assets.files)
    return files


def _layout(found: dict[Address, Crawled]) -> str:
    """Every address and its file: two rounds of one layout rewrite the same page alike."""
    lines = sorted(f"{a.path}?{a.query}|{a.language}|{c.file}" for a, c in found.items())
    return content_hash("\n".join(lines).encode())


def _files(found: dict[Address, Crawled], crawl: Crawl):
    """The round's files; a page whose bytes and layout are the last round's is not rewritten
    again (the site answered 304 for it: nothing of it changed)."""
    last = KEPT.of(crawl.event.pk)
    assets = StaticAssets()
    same = last.layout == _layout(found) and all(
        assets.published(name) == path for name, path in last.assets.items()
    )
    files: dict[str, bytes] = {}
    kept: dict[str, tuple[bytes, bytes]] = {}
    for address, crawled in found.items():
        if crawled.content_type != "text/html":
            files[crawled.file] = crawled.body
            continue
        before = last.pages.get(crawled.file) if same else None
        if before is None or before[0] != crawled.body:
            before = (crawled.body, _page(address, crawled, crawl, assets, crawled.file))
        kept[crawled.file] = before
        files[crawled.file] = before[1]
    home = _home(crawl.event)
    for address, crawled in found.items():  # the event's home, again at each language's root
        if address.path == home and not address.query:
            index = paths.language_prefix(address.language, crawl.root) + paths.INDEX
            files[index] = _page(Address(home, "", address.language), crawled, crawl, assets, index)
    files.update(assets.files)
    return files, assets, kept


def _page(address: Address, crawled: Crawled, crawl: Crawl, assets, own_file: str) -> bytes:
    """The page rewritten for its place ``own_file`` among the published files."""
    language = address.language or crawl.root

    def link_for(url: str) -> str | None:
        parts = urlsplit(url)
        if parts.path.startswith(settings.STATIC_URL):
            asset = assets.published(parts.path.removeprefix(settings.STATIC_URL))
            return quote(paths.relative_link(own_file, asset)) if asset else None
        target = crawl.found.get(crawl.address(url, language) or Address("", "", ""))
        if target is None or not target.file:
            return None
        link = quote(paths.relative_link(own_file, target.file))
        return link + (f"#{parts.fragment}" if parts.fragment else "")

    script = assets.published(REFRESH_SCRIPT)
    body = crawled.body.decode()
    finder = assets.published(FIND_NAME_SCRIPT) if page_html.finds_names(body) else None
    page = page_html.rewrite_page(
        body,
        link_for,
        quote(paths.relative_link(own_file, script)),
        quote(paths.relative_link(own_file, STAMP_NAME)),
        _languages(address, crawl, own_file),
        page_html.meta_policy(crawled.policy),
        REFRESH_SECONDS,
        quote(paths.relative_link(own_file, finder)) if finder else "",
    )
    return page.encode()


def _languages(address: Address, crawl: Crawl, own_file: str) -> str:
    """The switcher of the page at ``address``: the same page's file in each language."""
    links = []
    for code in crawl.languages:
        other = crawl.found.get(Address(address.path, address.query, code))
        href = quote(paths.relative_link(own_file, other.file)) if other else None
        links.append((code, crawl.names[code], href))
    with translation.override(address.language or crawl.root):
        label = gettext("Language")
    return page_html.language_links(label, links, address.language or crawl.root)
