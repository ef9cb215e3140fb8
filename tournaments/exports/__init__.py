"""Files other tools read: TSH's ``tourney.js``, WESPA's ``.tou`` and a NASPA submission.

Pure: the writers take an ``ExportEvent`` (plain values, built by ``build.build_division`` from
the pairing outcomes the standings count, ``tournaments.results.outcomes``) and return text. The
shape of each file is the one /work/shared/FORMATS.md describes; where it is silent the module
of that writer says what it chose.
"""

from tournaments.exports.build import EntryIn, build_division
from tournaments.exports.model import Cell, CellKind, ExportDivision, ExportEvent, ExportPlayer
from tournaments.exports.naspa import naspa_text
from tournaments.exports.refusals import ExportRefused
from tournaments.exports.tou import tou_text
from tournaments.exports.tourney_js import tourney_js

__all__ = [
    "Cell",
    "CellKind",
    "EntryIn",
    "ExportDivision",
    "ExportEvent",
    "ExportPlayer",
    "ExportRefused",
    "build_division",
    "naspa_text",
    "tou_text",
    "tourney_js",
]
