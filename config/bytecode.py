"""The project's modules compiled to bytecode once, at set-up.

Python writes its bytecode cache on a module's first import, unless it may not
(``PYTHONDONTWRITEBYTECODE``, a read-only install): then every command compiled every module it
imports again, about a tenth of a second a command. ``quickstart`` and ``serve`` compile them
here; Python reads the cache whether or not it may write one, and compiles only what changed.
"""

import compileall
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_packages(root: Path = ROOT) -> list[Path]:
    """The product's top-level packages (every folder with an ``__init__.py`` but the tests)."""
    return sorted(
        path for path in root.iterdir() if (path / "__init__.py").is_file() and path.name != "tests"
    )


def compile_project(root: Path = ROOT) -> bool:
    """Compile every module of the product that changed since its last compile; whether all
    compiled (a module with a syntax error leaves the others compiled)."""
    compiled = [compileall.compile_dir(package, quiet=2) for package in project_packages(root)]
    return all(compiled)
