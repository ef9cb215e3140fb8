"""A rendered page rewritten to stand on its own among the published files.

Every address of the site in the page goes through ``link_for`` (the caller's map from a site
address to the relative published path): a published page or asset gets its relative link; a
link to anything not published (a login, a director's page, another event) loses its ``href``,
so it shows as text, and a form's ``action`` is dropped. htmx attributes go (the page asks no
server); pages refresh from the published files through ``refresh.js`` instead, added as a file
(the Content-Security-Policy allows no inline script), and a page with the find-my-name form
(``data-published="find-name"``) gets ``find-name.js``, which finds names in the page itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

_HX = re.compile(r"""\s+hx-[a-z-]+=("[^"]*"|'[^']*')""")
# An attribute holding a site address; a player's name (``data-name``, find-name.js) is text,
# however much it looks like an address, and is neither rewritten nor followed.
_ATTR = re.compile(r"""(\s)((?!data-name=)[a-z][a-z0-9-]*)="(/[^"]*)\"""")
_HEAD_END = "</head>"
# What base.html marks (``data-published``): the site's own menu (logging in, other events) is
# left out, and the language switcher (a form posting to the site) becomes links between files.
_DROPPED = re.compile(r'<nav[^>]*\sdata-published="drop"[^>]*>.*?</nav>', re.DOTALL)
_SWITCHER = re.compile(r'<form[^>]*\sdata-published="languages"[^>]*>.*?</form>', re.DOTALL)
_FIND_NAME = re.compile(r'<form[^>]*\sdata-published="find-name"')
REMOVED_IF_UNKNOWN = {"href", "action"}
# A link that asks the page itself with a query (a sort, a round picker, a CSV download): a
# static host answers every query with the same file, so the link goes (the text stays).
_QUERY_LINK = re.compile(r'\s(?:href|action)="\?[^"]*"')

LinkFor = Callable[[str], str | None]
# Directives a <meta> policy may not carry (browsers ignore them there, with a warning).
_NOT_IN_META = {"frame-ancestors", "report-uri", "report-to", "sandbox"}
_HEAD = re.compile(r"<head(\s[^>]*)?>")


def meta_policy(header: str) -> str:
    """The site's Content-Security-Policy header as a ``<meta>`` for a published page: a static
    host sends no such header, and the page keeps the site's strict policy all the same."""
    kept = [
        directive.strip()
        for directive in header.split(";")
        if directive.strip() and directive.split()[0].lower() not in _NOT_IN_META
    ]
    if not kept:
        return ""
    return f'<meta http-equiv="Content-Security-Policy" content="{html.escape("; ".join(kept))}">'


def finds_names(page: str) -> bool:
    """Whether ``page`` has the find-my-name form, which a published copy answers itself."""
    return _FIND_NAME.search(page) is not None


def site_links(page: str) -> list[str]:
    """Every site address (starting with one ``/``) in an attribute of ``page``, unescaped."""
    return [
        html.unescape(match.group(3))
        for match in _ATTR.finditer(page)
        if not match.group(3).startswith("//")
    ]


def _rewrite_attribute(match: re.Match, link_for: LinkFor) -> str:
    space, name, value = match.groups()
    if value.startswith("//"):
        return match.group(0)
    target = link_for(html.unescape(value))
    if target is not None:
        return f'{space}{name}="{html.escape(target)}"'
    return "" if name in REMOVED_IF_UNKNOWN else match.group(0)


def language_links(label: str, languages: list[tuple[str, str, str | None]], current: str) -> str:
    """The published page's language switcher: a link to the same page in each language
    (``(code, name, relative link or None)``), the page's own marked as current."""
    links = []
    for code, name, href in languages:
        where = f' href="{html.escape(href)}"' if href else ""
        own = ' aria-current="page"' if code == current else ""
        links.append(
            f'<a{where} lang="{html.escape(code)}" hreflang="{html.escape(code)}"{own}>'
            f"{html.escape(name)}</a>"
        )
    return (
        f'<nav class="published-languages" aria-label="{html.escape(label)}">'
        + " ".join(links)
        + "</nav>"
    )


def rewrite_page(
    page: str,
    link_for: LinkFor,
    refresh_script: str,
    stamp: str,
    languages: str = "",
    policy: str = "",
    every: int = 15,
    find_name_script: str = "",
) -> str:
    """``page`` with its links made relative (see the module) and the refresh script added;
    ``refresh_script`` and ``stamp`` are the relative links to the script and the stamp file,
    ``languages`` the switcher put in place of the site's (``language_links``), ``policy`` the
    ``<meta>`` of the page's Content-Security-Policy, first in its head (``meta_policy``); the
    script looks at the stamp ``every`` seconds; ``find_name_script``, the relative link to
    find-name.js, is added too when given (to a page that ``finds_names``)."""
    if policy:
        page = _HEAD.sub(lambda match: match.group(0) + "\n  " + policy, page, count=1)
    page = _DROPPED.sub("", page)
    page = _SWITCHER.sub(lambda _match: languages, page, count=1)
    page = _HX.sub("", page)
    page = _ATTR.sub(lambda match: _rewrite_attribute(match, link_for), page)
    page = _QUERY_LINK.sub("", page)
    tag = (
        f'<script src="{html.escape(refresh_script)}" data-stamp="{html.escape(stamp)}" '
        f'data-seconds="{int(every)}" defer></script>'
    )
    if find_name_script:
        tag += f'\n  <script src="{html.escape(find_name_script)}" defer></script>'
    return page.replace(_HEAD_END, f"  {tag}\n{_HEAD_END}", 1)
