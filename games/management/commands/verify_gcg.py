"""`manage.py verify_gcg FILE...`: replay GCG records on the engine and report what differs."""

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from core.messages import translated
from games.engine.gcg import GcgError, parse_gcg
from games.engine.replay import verify_game
from games.engine.rules import PRESETS


@dataclass
class FileReport:
    """What verifying one file found; ``problems`` are (line, message)."""

    file: str
    problems: list[tuple[int, str]] = field(default_factory=list)
    plays_rescored: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_file(path: str, rules) -> FileReport:
    """Read, parse and replay one file; unreadable and invalid files become problems."""
    report = FileReport(path)
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        report.problems.append((0, _("cannot read the file: %(error)s") % {"error": err.strerror}))
        return report
    try:
        record = parse_gcg(data)
    except GcgError as err:
        report.problems.append((err.line, translated(err)))
        return report
    verification = verify_game(record, rules)
    report.plays_rescored = verification.plays_rescored
    report.problems.extend((problem.line, translated(problem)) for problem in verification.problems)
    return report


class Command(BaseCommand):
    help = _(
        "Replay GCG records on the engine: check every play's score, every rack and each running "
        "total. Exit status 1 if anything differs."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument(
            "--rules",
            default="home",
            choices=sorted(PRESETS),
            help=_("Rule set giving rack size and bingo bonus (default: the standard game)."),
        )
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help=_("Print the report as JSON.")
        )

    def handle(self, *args, files: list[str], rules: str, as_json: bool, **options):
        if not files:
            raise CommandError(_("Name at least one GCG file."))
        reports = [verify_file(path, PRESETS[rules]) for path in files]
        verified = sum(report.ok for report in reports)
        rescored = sum(report.plays_rescored for report in reports)
        if as_json:
            self.stdout.write(_as_json(reports, verified, rescored))
        else:
            for report in reports:
                for line, message in report.problems:
                    self.stdout.write(f"{report.file}:{line}: {message}")
            self.stdout.write(
                _("%(verified)d/%(games)d games verified, %(plays)d plays re-scored")
                % {"verified": verified, "games": len(reports), "plays": rescored}
            )
        if verified != len(reports):
            self.stdout.flush()
            sys.exit(1)


def _as_json(reports: list[FileReport], verified: int, rescored: int) -> str:
    return json.dumps(
        {
            "games": len(reports),
            "verified": verified,
            "plays_rescored": rescored,
            "files": [
                {
                    "file": report.file,
                    "ok": report.ok,
                    "plays_rescored": report.plays_rescored,
                    "problems": [
                        {"line": line, "message": message} for line, message in report.problems
                    ],
                }
                for report in reports
            ],
        },
        indent=2,
        ensure_ascii=False,
    )
