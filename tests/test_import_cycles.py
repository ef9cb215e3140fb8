"""No import cycle between the product's modules: each module can be read after the ones it uses.

The graph is built from the AST of every product file, with the imports inside functions (a
cycle hidden in a function is still a cycle) and the submodules named by ``from package import
module``; importing a module also runs its packages' ``__init__``. A cycle is a set of modules
that reach each other (a strongly connected component of more than one module, or one that
imports itself).
"""

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ["config", "core", "players", "clubs", "tournaments", "games", "ratings"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def product_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
    }


def _named(node: ast.AST, package: list[str]) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    base = node.module or ""
    if node.level:
        stem = package[: len(package) - node.level + 1]
        base = ".".join([*stem, *([base] if base else [])])
    return {base} | {f"{base}.{alias.name}" for alias in node.names}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The product modules ``path`` imports: each named module and the packages above it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(tree):
        for name in _named(node, package):
            parts = name.split(".")
            found.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return found & known


def import_graph(modules: dict[str, Path]) -> nx.DiGraph:
    graph = nx.DiGraph()
    known = set(modules)
    for name, path in modules.items():
        graph.add_node(name)
        parents = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        for imported in imports_of(path, known) - {name} - parents:
            graph.add_edge(name, imported)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)


def test_the_checker_sees_a_cycle_hidden_in_a_function_and_through_from_imports(tmp_path):
    for name, text in {
        "app/__init__.py": "",
        "app/selectors.py": "def chart():\n    from .svg import draw\n",
        "app/svg.py": "from app import selectors\n",
        "app/views.py": "from app.selectors import chart\n",
    }.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    global ROOT
    real, ROOT = ROOT, tmp_path
    try:
        modules = {module_name(p): p for p in sorted(tmp_path.rglob("*.py"))}
        graph = import_graph(modules)
    finally:
        ROOT = real
    assert cycles(graph) == [["app.selectors", "app.svg"]]
    assert graph.has_edge("app.views", "app.selectors")


def test_the_graph_holds_every_product_module():
    graph = import_graph(product_modules())
    assert {"games.broadcast.cache", "core.polled.answer", "ratings.selectors"} <= set(graph)
    assert graph.has_edge("games.broadcast.cache", "core.polled.answer")


def test_no_import_cycle_between_product_modules():
    assert cycles(import_graph(product_modules())) == []
