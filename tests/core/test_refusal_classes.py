"""Every refusal in the project derives from the one base, under a name no other refusal has."""

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

from core.refusal import NeedsConfirmation, Refusal
from tests.test_pure_cores import ROOT, core_files

APPS = ("core", "players", "clubs", "tournaments", "pairing", "printouts", "games", "ratings")


def import_app_modules() -> None:
    """Import every module of the apps (migrations aside) so their refusal classes exist."""
    for app in APPS:
        package = importlib.import_module(app)
        for module in pkgutil.walk_packages(package.__path__, f"{app}."):
            if ".migrations" not in module.name:
                importlib.import_module(module.name)


def refusal_classes() -> list[type[Refusal]]:
    found, todo = [], [Refusal]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.split(".")[0] in APPS]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_two_refusal_classes_share_a_name():
    import_app_modules()
    names = sorted(cls.__name__ for cls in refusal_classes())
    assert [name for name in names if names.count(name) > 1] == []


def test_the_refusals_of_the_services_and_the_pure_cores_are_found():
    import_app_modules()
    names = {cls.__name__ for cls in refusal_classes()}
    services = {"RegistrationRefused", "ResultRefused", "GameRefused", "TurnRefused"}
    services |= {"RatingRefused", "PlayerRefused", "DuplicatePlayer", "ClubRefused"}
    services |= {"ArchiveRefused", "BackupError"}
    cores = {"PairingError", "CopError", "IllegalMove", "SheetEntryRefused", "TshError"}
    assert services | cores <= names


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_exception_a_pure_core_defines_is_a_refusal(path):
    module = importlib.import_module(module_name(path))
    defined = [
        cls
        for _name, cls in inspect.getmembers(module, inspect.isclass)
        if cls.__module__ == module.__name__ and issubclass(cls, BaseException)
    ]
    # A request for confirmation is the one exception that is not a refusal (nothing is wrong).
    allowed = (Refusal, NeedsConfirmation)
    assert [cls.__name__ for cls in defined if not issubclass(cls, allowed)] == []


def test_every_service_asks_for_confirmation_the_one_way():
    from games.services.games import OverTimeToConfirm
    from tournaments.services.results import UnusualResult

    import_app_modules()
    asking = {cls.__name__ for cls in NeedsConfirmation.__subclasses__()}
    assert asking == {"OverTimeToConfirm", "UnusualResult"}
    assert not issubclass(OverTimeToConfirm, Refusal)
    assert not issubclass(UnusualResult, Refusal)


def test_the_translation_marker_is_defined_once_in_core_refusal():
    defined = sorted(
        str(path.relative_to(ROOT))
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "gettext_noop"
    )
    assert defined == ["core/refusal/__init__.py"]
