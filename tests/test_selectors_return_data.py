"""Selectors read and return values: no markup, no drawing, no sentences (docs/ARCHITECTURE.md,
"Selectors").

Every ``selectors`` module or package of an app is read as an AST: it may import no rendering
module (HTML escaping and safe strings, templates, template tags, tables, drawings, SVG, PDF, QR
codes), hold no string with an HTML or SVG tag outside its docstrings, and translate nothing: a
selector that calls ``gettext`` and its kin returns words in the reader's language where it
should return codes and values. Templates, template tags, ``tables/``, the drawing modules
(``svg.py``, ``board_svg.py``, ``pdf/``) and the words modules (``*_text.py``) render; a selector
may only mark a message for them to translate (``gettext_noop``, which returns it untouched).
"""

import ast
import re
from pathlib import Path

import pytest

from tests.test_import_layers import RANK, modules_of_kind
from tests.test_pure_cores import ROOT, imported_modules

RENDERING_MODULES = (
    "django.utils.html",
    "django.utils.safestring",
    "django.template",
    "django.shortcuts",
    "django_tables2",
    "segno",
    "reportlab",
)
RENDERING_PARTS = {"svg", "board_svg", "tables", "templatetags", "pdf", "printouts", "drawing"}
RENDERING_NAMES = {"format_html", "format_html_join", "mark_safe", "render_to_string", "escape"}
# Translating the reader's words: gettext_noop marks a msgid and returns it as it is (a code).
TRANSLATING_NAMES = {
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "ugettext",
    "ugettext_lazy",
}
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?/?>")


def selector_modules() -> list[Path]:
    return modules_of_kind(RANK, "selectors")


def rendering_imports(path: Path) -> list[str]:
    return rendering(imported_modules(path), ast.parse(path.read_text(encoding="utf-8")))


def rendering(modules: set[str], tree: ast.AST) -> list[str]:
    """Of the ``modules`` a file imports (its ``tree``), those that render, and the rendering
    functions it names."""
    bad = [
        module
        for module in sorted(modules)
        if module.startswith(RENDERING_MODULES) or set(module.split(".")) & RENDERING_PARTS
    ]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            bad.extend(a.name for a in node.names if a.name in RENDERING_NAMES)
    return bad


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def markup_strings(source: str) -> list[str]:
    """The string literals (f-string parts too) of ``source`` holding an HTML or SVG tag."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and TAG.search(node.value)
    ]


def test_the_checker_finds_tags_in_strings_and_f_strings_but_not_in_docstrings_or_comparisons():
    source = '''
def cells(row):
    """Joined as ``<td>`` markup."""
    first = f"<td>{row}</td>"
    return "<svg viewBox='0 0 1 1'>" + first if row < 3 and row > 1 else "a < b > c"
'''
    assert markup_strings(source) == ["<td>", "</td>", "<svg viewBox='0 0 1 1'>"]


def test_the_checker_finds_rendering_imports_and_lets_reads_through():
    drawn = ast.parse("from django.utils.html import format_html\nfrom .svg import chart\n")
    modules = {"django.utils.html", "ratings.svg", "tournaments.tables.director"}
    assert rendering(modules, drawn) == [
        "django.utils.html", "ratings.svg", "tournaments.tables.director", "format_html"
    ]  # fmt: skip
    plain = ast.parse("from django.db.models import Max\nfrom .models import Game\n")
    assert rendering({"django.db.models", "games.models"}, plain) == []


def test_every_app_s_selectors_are_checked():
    checked = {str(p.relative_to(ROOT)) for p in selector_modules()}
    assert {"ratings/selectors.py", "games/selectors.py", "games/broadcast/selectors.py"} <= checked
    assert "tournaments/selectors/snapshot.py" in checked


@pytest.mark.parametrize("path", selector_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_selector_module_imports_no_rendering_module(path):
    assert rendering_imports(path) == []


@pytest.mark.parametrize("path", selector_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_selector_module_writes_no_markup(path):
    assert markup_strings(path.read_text(encoding="utf-8")) == []


def translating(tree: ast.AST) -> list[str]:
    """The translating functions a module imports or calls (``from django.utils.translation
    import gettext as _``, ``translation.gettext(...)``, ``import django.utils.translation``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("translation"):
            found.extend(a.name for a in node.names if a.name in TRANSLATING_NAMES)
        elif isinstance(node, ast.Attribute) and node.attr in TRANSLATING_NAMES:
            found.append(node.attr)
    return found


def test_the_checker_finds_translations_but_lets_marked_codes_through():
    source = """
from django.utils import translation
from django.utils.translation import gettext as _, gettext_lazy, gettext_noop, ngettext

LABELS = {1: gettext_lazy("bye")}
CODE = gettext_noop("This link is not valid.")


def label(n):
    return translation.gettext("Place") + ngettext("%d game", "%d games", n) + _("1st")
"""
    assert translating(ast.parse(source)) == ["gettext", "gettext_lazy", "ngettext", "gettext"]
    assert translating(ast.parse("from django.utils.translation import gettext_noop\n")) == []


@pytest.mark.parametrize("path", selector_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_selector_module_translates_nothing(path):
    assert translating(ast.parse(path.read_text(encoding="utf-8"))) == []
