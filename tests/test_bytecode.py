"""quickstart and serve compile the product's modules once, so a command reads bytecode even
where Python may not write its cache (config/bytecode.py)."""

from importlib.util import cache_from_source
from pathlib import Path

from config.bytecode import ROOT, compile_project, project_packages


def bytecode_of(source: Path) -> Path:
    return Path(cache_from_source(source))


def make_package(root: Path, name: str, modules: dict[str, str]) -> Path:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, text in modules.items():
        (package / module).write_text(text)
    return package


def test_the_packages_are_the_products_not_the_tests():
    names = [path.name for path in project_packages()]
    assert {"core", "tournaments", "games", "pairing", "printouts", "config"} <= set(names)
    assert "tests" not in names
    assert all((ROOT / name / "__init__.py").is_file() for name in names)


def test_compile_project_writes_each_modules_bytecode_but_not_the_tests(tmp_path):
    shop = make_package(tmp_path, "shop", {"till.py": "TOTAL = 1\n"})
    tests = make_package(tmp_path, "tests", {"test_till.py": "X = 1\n"})
    assert compile_project(tmp_path) is True
    assert bytecode_of(shop / "till.py").is_file()
    assert not bytecode_of(tests / "test_till.py").exists()


def test_a_module_that_does_not_compile_is_reported_and_the_others_still_compile(tmp_path):
    shop = make_package(tmp_path, "shop", {"broken.py": "def (:\n", "till.py": "TOTAL = 1\n"})
    assert compile_project(tmp_path) is False
    assert bytecode_of(shop / "till.py").is_file()
    assert not bytecode_of(shop / "broken.py").exists()
