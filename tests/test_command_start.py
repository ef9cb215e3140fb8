"""A director's command starts with what it needs: no system checks before it, no printout fonts,
COP's numpy or the tables' PostgreSQL fields imported unless it uses them (issue 38, item 1).
Timing is measured by `manage.py bench cli`, never here."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import get_commands, load_command_class

from core.cli import BaseCommand

ROOT = Path(__file__).resolve().parent.parent
# Modules a director's everyday command never needs; each costs a tenth of a second or more.
HEAVY = ("printouts", "reportlab", "fontTools", "uharfbuzz", "numpy", "django_tables2", "psycopg")
EVERYDAY = ("standings", "result", "pair", "undo", "register", "audit", "export_tsh")
# Where the checks matter the command runs them itself or starts a server that does.
CHECKED = {"serve": "check", "quickstart": "runserver"}


def project_commands() -> dict[str, BaseCommand]:
    found = {}
    for name, app in get_commands().items():
        if app.split(".")[0] in {"config", "core", "players", "clubs", "tournaments", "games"} | {
            "ratings",
            "publishing",
        }:
            found[name] = load_command_class(app, name)
    return found


def test_every_project_command_starts_without_the_system_checks():
    commands = project_commands()
    assert {"standings", "result", "pair", "serve"} <= commands.keys()
    checked = sorted(name for name, c in commands.items() if c.requires_system_checks)
    assert checked == []


def test_djangos_own_commands_keep_their_checks():
    # Only the project's base skips them: Django's own (createsuperuser) still checks first.
    assert load_command_class("django.contrib.auth", "createsuperuser").requires_system_checks


def test_serve_runs_the_deploy_checks_itself():
    source = (ROOT / "config/management/commands/serve.py").read_text()
    assert 'call_command("check", deploy=True' in source


def started_modules(commands: tuple[str, ...], then: str = "") -> list[str]:
    """The heavy modules loaded once Django is set up, the commands' modules are imported and
    the code ``then`` has run, in a fresh interpreter on SQLite."""
    script = (
        "import json, sys, django; django.setup();"
        "from django.core.management import get_commands, load_command_class;"
        f"[load_command_class(get_commands()[n], n) for n in {list(commands)!r}];"
        f"{then or 'pass'};"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({list(HEAVY)!r}))))"
    )
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def test_everyday_commands_import_no_fonts_numpy_or_tables():
    assert started_modules(EVERYDAY) == []


@pytest.mark.parametrize(
    ("command", "heavy"), [("print", "printouts"), ("cop", "numpy"), ("bench", None)]
)
def test_the_import_probe_sees_a_heavy_module_when_a_command_loads_one(command, heavy):
    # The other side of the limit: the probe is not blind. `print` names the reports and `cop`
    # answers COP requests, so they load them at once; `bench` imports a benchmark when it runs.
    loaded = started_modules((command,))
    assert (heavy in loaded) if heavy else (loaded == [])


STORE_SWISS_LOG = (
    "from tournaments import cop_log; from pairing.cop.messages import Note;"
    "cop_log.to_json([Note('Score group %(score)s', (('score', 3),))])"
)


def test_storing_a_pairing_log_loads_no_simulations():
    # A Swiss round stores its log too: pairing it must not load COP's numpy.
    assert started_modules(("pair",), STORE_SWISS_LOG) == []


def test_explaining_a_cop_log_loads_the_simulations():
    assert started_modules(("pair",), "from tournaments import cop_log; cop_log.forcing()") == [
        "numpy"
    ]
