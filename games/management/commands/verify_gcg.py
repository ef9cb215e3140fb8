"""`manage.py verify_gcg FILE...`: replay GCG records on the engine and report what differs.

Every problem has a kind (score, total, legality, format, rack continuity). Rack continuity is
a warning: annotators guess the opponent's rack or write UNKNOWN, so it fails a game only with
``--strict``.
"""

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.cli import BaseCommand
from core.messages import translated
from games.engine import replay
from games.engine.gcg import GcgError, parse_gcg
from games.engine.replay import verify_game
from games.engine.rules import PRESETS

KIND_LABELS = {
    replay.SCORE: gettext_lazy("score"),
    replay.TOTAL: gettext_lazy("total"),
    replay.LEGALITY: gettext_lazy("legality"),
    replay.FORMAT: gettext_lazy("format"),
    replay.RACK_CONTINUITY: gettext_lazy("rack continuity"),
}


@dataclass(frozen=True)
class FoundProblem:
    """One problem of a file: its ``line``, ``kind`` (``replay.KINDS``) and message."""

    line: int
    kind: str
    message: str

    @property
    def is_warning(self) -> bool:
        return self.kind in replay.WARNING_KINDS

    def text(self, file: str) -> str:
        """``file:line: error (kind): message``, or ``warning`` for a warning."""
        label = KIND_LABELS[self.kind]
        head = (_("warning (%(kind)s)") if self.is_warning else _("error (%(kind)s)")) % {
            "kind": label
        }
        return f"{file}:{self.line}: {head}: {self.message}"


@dataclass
class FileReport:
    """What verifying one file found."""

    file: str
    problems: list[FoundProblem] = field(default_factory=list)
    plays_rescored: int = 0

    @property
    def warnings(self) -> int:
        return sum(problem.is_warning for problem in self.problems)

    def ok(self, *, strict: bool = False) -> bool:
        """No errors; under ``strict`` no warnings either."""
        return all(problem.is_warning and not strict for problem in self.problems)


def verify_file(path: str, rules) -> FileReport:
    """Read, parse and replay one file; unreadable and invalid files are format problems."""
    report = FileReport(path)
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        message = _("cannot read the file: %(error)s") % {"error": err.strerror}
        report.problems.append(FoundProblem(0, replay.FORMAT, message))
        return report
    try:
        record = parse_gcg(data)
    except GcgError as err:
        report.problems.append(FoundProblem(err.line, replay.FORMAT, translated(err)))
        return report
    verification = verify_game(record, rules)
    report.plays_rescored = verification.plays_rescored
    report.problems.extend(
        FoundProblem(problem.line, problem.kind, translated(problem))
        for problem in verification.problems
    )
    return report


class Command(BaseCommand):
    help = _(
        "Replay GCG records on the engine: check every play's score, every rack and each running "
        "total. Exit status 1 if any game has an error (or, with --strict, a warning)."
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
        parser.add_argument(
            "--strict",
            action="store_true",
            help=_("Fail a game on rack-continuity warnings too."),
        )

    def handle(self, *args, files: list[str], rules: str, as_json: bool, strict: bool, **options):
        if not files:
            raise CommandError(_("Name at least one GCG file."))
        reports = [verify_file(path, PRESETS[rules]) for path in files]
        verified = sum(report.ok(strict=strict) for report in reports)
        rescored = sum(report.plays_rescored for report in reports)
        warnings = sum(report.warnings for report in reports)
        if as_json:
            self.stdout.write(_as_json(reports, verified, rescored, strict=strict))
        else:
            for report in reports:
                for problem in report.problems:
                    self.stdout.write(problem.text(report.file))
            summary = ngettext(
                "%(verified)d/%(games)d games verified, %(plays)d plays re-scored, "
                "%(warnings)d warning",
                "%(verified)d/%(games)d games verified, %(plays)d plays re-scored, "
                "%(warnings)d warnings",
                warnings,
            )
            counts = {"verified": verified, "games": len(reports), "plays": rescored}
            self.stdout.write(summary % (counts | {"warnings": warnings}))
        if verified != len(reports):
            self.stdout.flush()
            sys.exit(1)


def _as_json(reports: list[FileReport], verified: int, rescored: int, *, strict: bool) -> str:
    return json.dumps(
        {
            "games": len(reports),
            "verified": verified,
            "plays_rescored": rescored,
            "warnings": sum(report.warnings for report in reports),
            "strict": strict,
            "files": [
                {
                    "file": report.file,
                    "ok": report.ok(strict=strict),
                    "plays_rescored": report.plays_rescored,
                    "warnings": report.warnings,
                    "problems": [
                        {
                            "line": problem.line,
                            "kind": problem.kind,
                            "severity": "warning" if problem.is_warning else "error",
                            "message": problem.message,
                        }
                        for problem in report.problems
                    ],
                }
                for report in reports
            ],
        },
        indent=2,
        ensure_ascii=False,
    )
