"""The quality lines of `manage.py bench pairing`: the structured Swiss matching against the exact
matching of the whole candidate graph, on the bench's simulated fields and on generated rounds."""

from __future__ import annotations

from collections import Counter

from pairing.meetings import Meetings
from pairing.swiss import swiss_pairs
from pairing.types import Competitor, PairingSettings

from .pairing_rounds import Case, Gap, gap, generated_case, paired_locally, pairs_gap

QUALITY_SIZES = (10, 30, 100, 300, 1000)
QUALITY_ROUNDS = 200
FIGURES = ("excess", "repeats", "team_mates", "across", "total")


def round_gap(
    field: tuple[Competitor, ...],
    history: tuple[tuple[int, int | None], ...],
    settings: PairingSettings,
    exact: list,
) -> Gap:
    """What the structured pairing of an even ``field`` plays beyond ``exact``."""
    case = Case("bench", field, history, settings, False)
    return pairs_gap(case, swiss_pairs(field, Meetings(history), settings), exact)


def quality_lines(count: int = QUALITY_ROUNDS) -> list[str]:
    """One line per size of generated round: how many rounds, how many paired by stretches
    (the rest fell back to the exact matching), and how many came out worse than the exact
    matching in each figure (with the extra summed)."""
    lines = [
        f"Quality on {count} generated rounds (seeded; sizes {', '.join(map(str, QUALITY_SIZES))};"
        " random, Swiss-played, sparse, near and crowded histories; teams in a fifth): rounds"
        " worse than the exact matching in games beyond the limit / repeats / team-mates /"
        " across wins / total penalty, and the extra summed.",
        f"{'players':>8} {'rounds':>6} {'local':>6} {'worse':>22} {'extra':>22}",
    ]
    by_size: dict[int, list] = {size: [0, 0, Counter(), Counter()] for size in QUALITY_SIZES}
    for seed in range(count):
        size = QUALITY_SIZES[seed % len(QUALITY_SIZES)]
        case = generated_case(seed, size)
        row = by_size[size]
        row[0] += 1
        row[1] += paired_locally(case)
        found = gap(case)
        for name in FIGURES:
            extra = getattr(found, name)
            row[2][name] += extra > 0
            row[3][name] += max(extra, 0)
    for size, (rounds, local, worse, extra) in by_size.items():
        lines.append(
            f"{size:>8} {rounds:>6} {local:>6} {' / '.join(str(worse[f]) for f in FIGURES):>22} "
            f"{' / '.join(str(extra[f]) for f in FIGURES):>22}"
        )
    return lines
