"""A player's rounds as TSH ``.t`` values: the one way both ``.t`` writers (the ``.t`` export,
``selectors.tsh``, and the NASPA submission) write a record.

Each round is the player's record (``tournaments.results.records``), as ``Cell`` values:

- a played game: the opponent and the own score (a tie decided by the division's tie rule keeps the
  board's two equal scores: TSH reads a tie, as ratings count it); a game still waiting for its
  scores has its opponent and no score (scores stop there);
- scores are placed by round, so with ``scored`` (the ``.t`` export: the division's first round
  with a result missing) no player's scores go past it: a later result written for one side of a
  game whose other side's scores stop earlier is a file every TSH reader refuses or misreads. The
  rounds after are opponents only; the tag ``later`` keeps the own score of each round after the
  last one written (``-`` for none yet), which our importer reads back and TSH ignores;
- a bye ``0``/``+spread``, a forfeit ``0``/``-spread`` or ``+spread`` (TSH has no forfeit between
  two players), a half bye ``0``/``0``: exactly what TSH and tsh-parser read back;
- a round that counts nothing on the site: at the end of the line (after a withdrawal, a playoff
  round the player is not in) it is left out, the line ends there, as TSH writes a player who
  stopped playing; inside the line (a late entry's missed round without a starting result, a
  round not paired for the player) TSH has no way to say "nothing" (``0``/``0`` is a half bye to
  every TSH reader), so it is written ``0``/``-forfeit``, a forfeit loss as TSH directors record
  an absent player, and the tag ``skip`` lists those rounds: our importer reads them back as
  nothing, other readers count a forfeit loss, and ``skipped_note`` says so in the file;
- a withdrawn player gets ``off -forfeit``, TSH's mark of an inactive player;
- a tie decided by the division's tie rule is the board's tie (TSH and ratings read a tie); the tag
  ``playoff`` (one value a round: 1 won the tie, 2 lost it, 0 neither) lets our
  importer give the site's win and loss back, and ``playoff_note`` says so in the file.
"""

from __future__ import annotations

from typing import NamedTuple

from tournaments.results.records import Record

from .model import Cell, ExportPlayer

SKIP_TAG = "skip"
LATER_TAG = "later"
PLAYOFF_TAG = "playoff"
_PLAYOFF_MARK = {Record.PLAYOFF_WON: "1", Record.PLAYOFF_LOST: "2"}
_NOTHING = frozenset({Record.NOT_JOINED, Record.NOT_PAIRED, Record.WITHDRAWN})


class TRounds(NamedTuple):
    opponents: tuple[int, ...]
    scores: tuple[int, ...]
    boards: tuple[int, ...]
    p12: tuple[int, ...]
    skipped: tuple[int, ...]  # 1-based rounds written as a forfeit loss that count nothing
    playoff: tuple[str, ...] = ()  # per round: 1 won the tie, 2 lost it, 0 neither
    later: tuple[str, ...] = ()  # own scores of the rounds after the last one written, - for none


def t_rounds(cells: tuple[Cell, ...], forfeit: int, scored: int = 0) -> TRounds:
    """The ``.t`` values of a player's cells (see the module); ``scored``: how many rounds from
    the first may carry scores (0: all)."""
    end = len(cells)
    while end and cells[end - 1].kind in _NOTHING:
        end -= 1
    opponents, scores, boards, p12, skipped, later = [], [], [], [], [], []
    scoring = True
    for index, cell in enumerate(cells[:end]):
        kind = cell.kind
        if kind in _NOTHING:
            skipped.append(index + 1)
            opponents.append(0)
            score = -forfeit
        elif kind.played or kind is Record.PENDING:
            opponents.append(cell.opponent)
            score = cell.score
        else:
            opponents.append(0)
            score = cell.score
        scoring = scoring and score is not None and (not scored or index < scored)
        if scoring:
            scores.append(int(score))
        else:
            later.append("-" if score is None else str(int(score)))
        boards.append(cell.board)
        p12.append(cell.p12 if opponents[-1] else 0)
    marks = tuple(_PLAYOFF_MARK.get(c.kind, "0") for c in cells[:end])
    playoff = marks if any(m != "0" for m in marks) else ()
    if all(value == "-" for value in later):
        later = []
    return TRounds(
        tuple(opponents),
        tuple(scores),
        tuple(boards),
        tuple(p12),
        tuple(skipped),
        playoff,
        tuple(later),
    )


def t_tags(player: ExportPlayer, values: TRounds, forfeit: int) -> list[tuple[str, tuple]]:
    """``board``, ``off`` (withdrawn), ``p12`` and ``skip`` of a line, in that order."""
    tags: list[tuple[str, tuple]] = []
    if values.boards:
        tags.append(("board", tuple(map(str, values.boards))))
    if player.withdrawn:
        tags.append(("off", (str(-forfeit),)))
    if values.p12:
        tags.append(("p12", tuple(map(str, values.p12))))
    if values.skipped:
        tags.append((SKIP_TAG, tuple(map(str, values.skipped))))
    if values.playoff:
        tags.append((PLAYOFF_TAG, values.playoff))
    return tags


def playoff_note(name: str, marks: tuple[str, ...]) -> str:
    """The comment a file carries for a player's ties decided by the division's tie rule."""
    rounds = " ".join(str(i) for i, mark in enumerate(marks, start=1) if mark != "0")
    return (
        f"{name}: round(s) {rounds} a tie decided by the division's tie rule; TSH reads the tie on "
        f"the board, the tag '{PLAYOFF_TAG}' says who won it (1 won, 2 lost)"
    )


def skipped_note(name: str, rounds: tuple[int, ...], forfeit: int) -> str:
    """The comment a file carries for a player's rounds that count nothing on the site."""
    listed = " ".join(map(str, rounds))
    return (
        f"{name}: round(s) {listed} count nothing on the site (not joined or not paired); "
        f"TSH has no such round, so they are written 0 {-forfeit} and tagged '{SKIP_TAG}'"
    )
