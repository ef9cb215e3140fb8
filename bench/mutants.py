"""`manage.py bench mutants`: each behaviour test must fail when the line it guards is changed.

For every mutant below: replace ``old`` by ``new`` in ``path`` (exactly one occurrence), run the
tests that guard it, expect at least one failure ("killed"), and put the file back (also on
Ctrl-C or a crash). A mutant whose tests still pass "survived": a gap in the suite. Run it on a
clean tree; it edits the sources in place for the seconds each run takes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


G = "tests/games/engine/test_pass_out_and_clock_fractions.py"
C = "tests/pairing/cop/test_records_counted.py"
H = "tests/tournaments/views/test_half_bye_running_record.py"
P = "tests/tournaments/results/test_prize_order_and_eligibility.py"
A = "tests/ratings/systems/test_absp_rating_without_games.py"
PO = "tests/games/services/test_playoff_never_on_a_forfeit.py"
T = "tests/tournaments/tsh/test_names_with_ordinals.py"
WINS_LINE = "wins += cell.worth"
WINS_MUTANT = "wins += cell.worth // 1"  # a half (a tie, a half bye) rounded down to nothing

MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "one player passes twice: the player's first two turns instead of the last two",
        "games/engine/endings.py",
        "recent = [o for o in log if o.player == player][-2:]",
        "recent = [o for o in log if o.player == player][:2]",
        (G,),
    ),
    Mutant(
        "game clock: a fraction of a second over is on time",
        "games/engine/rules.py",
        "    if over <= 0:\n        return 0\n    return math.ceil(over / 60)",
        "    if over < 1:\n        return 0\n    return math.ceil(over / 60)",
        (G,),
    ),
    Mutant(
        "running clock: milliseconds rounded down to whole seconds",
        "games/engine/clock.py",
        "return -(-ms // 1000)",
        "return ms // 1000",
        (G,),
    ),
    Mutant(
        "COP: a loss does not count in wins minus losses",
        "pairing/cop/standings.py",
        "wl2[p] += 2 * ((margin > 0) - (margin < 0))",
        "wl2[p] += 2 * (margin > 0)",
        (C,),
    ),
    Mutant(
        "COP log: the margin printed without its sign",
        "pairing/cop/contention.py",
        'margin=f"{s.wl2 / 2:+g}"',
        'margin=f"{abs(s.wl2) / 2:+g}"',
        (C,),
    ),
    Mutant(
        "COP gibsonization: a chaser's losses read as wins",
        "pairing/cop/gibson.py",
        "gap = upper.wl2 - lower.wl2",
        "gap = upper.wl2 - abs(lower.wl2)",
        (C,),
    ),
    Mutant(
        "COP: a forfeit bye (self-pairing, negative score) is not a bye already had",
        "pairing/cop/standings.py",
        "sum(rnd[p] == p for rnd in complete)",
        "sum(r[p] == p and s[p] >= 0 for r, s in zip(complete, request.results, strict=False))",
        (C,),
    ),
    Mutant(
        "COP simulation: the last round paired by factor, not king of the hill",
        "pairing/cop/simulate.py",
        "if rounds_left <= 1:",
        "if rounds_left < 1:",
        (C,),
    ),
    Mutant(
        "COP: factor 3 only above six players",
        "pairing/cop/contention.py",
        "field.size >= 6",
        "field.size > 6",
        (C,),
    ),
    Mutant(
        "player page: a tie or half bye adds nothing to the running wins",
        "tournaments/selectors/public_pages.py",
        WINS_LINE,
        WINS_MUTANT,
        (H,),
    ),
    Mutant(
        "scorecards: a tie or half bye adds nothing to the running wins",
        "printouts/scorecards.py",
        WINS_LINE,
        WINS_MUTANT,
        (H,),
    ),
    Mutant(
        "crosstable: a half bye reads as a whole win",
        "tournaments/results/crosstable.py",
        "_OUTCOME_OF_WORTH = {1.0: WIN, 0.5: TIE, 0.0: LOSS}",
        "_OUTCOME_OF_WORTH = {1.0: WIN, 0.5: WIN, 0.0: LOSS}",
        (H,),
    ),
    Mutant(
        "prizes: a player without a game can take a standing prize",
        "tournaments/results/prizes.py",
        "if row.games > 0 and (band.kind is PrizeKind.RANK",
        "if row.games >= 0 and (band.kind is PrizeKind.RANK",
        (P,),
    ),
    Mutant(
        "prizes: bands settled in the order they were created",
        "tournaments/results/prizes.py",
        "return (-band.amount(place), KIND_ORDER.index(band.kind), place, band.label, band.key)",
        "return (-band.amount(place), band.key, place, band.label)",
        (P,),
    ),
    Mutant(
        "ABSP: a rated player without recorded games loses the old rating from the mean",
        "ratings/systems/absp.py",
        "min(max(entry.career_games, 1), config.window_games)",
        "min(entry.career_games, config.window_games)",
        (A,),
    ),
    Mutant(
        "play-off rules: any line with equal (even empty) scores is a tie",
        "tournaments/services/result_lines.py",
        "return resolved.kind == Pairing.Kind.PLAYED and resolved.first_score",
        "return resolved.first_score",
        (PO,),
    ),
    Mutant(
        ".t reader: the rating may be the digits a word starts with",
        "tournaments/tsh/reader.py",
        r"(?P<rating>\d+(?:\+\d+)*)(?=\s|$)",
        r"(?P<rating>\d+(?:\+\d+)*)",
        (T,),
    ),
    Mutant(
        ".t writer: a word starting with digits refused as a number",
        "tournaments/tsh/writer.py",
        "if any(_NUMBER_WORD.fullmatch(word) for word in words):",
        "if any(_NUMBER_WORD.match(word) for word in words):",
        (T,),
    ),
)


S = (
    "tests/tournaments/results/test_standings.py",
    "tests/tournaments/results/test_standings_averages.py",
    "tests/tournaments/tsh/test_results.py",
)
X = ("tests/tournaments/results/test_crosstable.py",)
GI = (
    "tests/pairing/test_gibson.py",
    "tests/pairing/test_registry.py",
    "tests/pairing/test_gibson_prize_race_ties.py",
)
BY = (
    "tests/pairing/test_swiss.py",
    "tests/pairing/test_registry.py",
    "tests/pairing/test_standings_systems.py",
)
ST = ("tests/tournaments/results/test_stats.py",)
AB = ("tests/ratings/systems/test_absp.py",)
COP = ("tests/pairing/cop/",)
PP = (H,)
# The same kinds of line (boundaries, signs, aggregations) elsewhere in the cores, each against
# the tests that already guarded it or the ones added with these.
SIBLINGS: tuple[Mutant, ...] = (
    Mutant(
        "standings: a half bye a whole win",
        "tournaments/results/outcomes.py",  # the standings read a half bye's worth from here
        "    Outcome.HALF_BYE: 0.5,\n",
        "    Outcome.HALF_BYE: 1.0,\n",
        S,
    ),
    Mutant(
        "standings: half bye spread = bye spread",
        "tournaments/results/standings.py",
        "    if kind is ResultKind.HALF_BYE:\n        return 0\n",
        "    if kind is ResultKind.HALF_BYE:\n        return settings.bye_spread\n",
        S,
    ),
    Mutant(
        "standings: forfeit loss spread sign",
        "tournaments/results/standings.py",
        "return -settings.forfeit_spread",
        "return settings.forfeit_spread",
        S,
    ),
    Mutant(
        "standings: tie without playoff half",
        "tournaments/results/standings.py",
        "if score == against and playoff is not None:",
        "if score == against:",  # a tie without a play-off word read as lost
        S,
    ),
    Mutant(
        "standings: high game strict",
        "tournaments/results/standings.py",
        "score > tally.high_game",
        "score < tally.high_game",
        S,
    ),
    Mutant(
        "standings: byes not counted in games still counted",
        "tournaments/results/standings.py",
        "        if not settings.count_byes_in_games:\n            return\n",
        "",
        S,
    ),
    Mutant(
        "crosstable: forfeit loss spread sign",
        "tournaments/results/standings.py",  # the crosstable reads the standings' spread
        "return -settings.forfeit_spread",
        "return settings.forfeit_spread",
        X,
    ),
    Mutant(
        "crosstable: double forfeit outcome",
        "tournaments/results/outcomes.py",  # the crosstable reads what it is worth from here
        "    Outcome.DOUBLE_FORFEIT: 0.0,\n",
        "    Outcome.DOUBLE_FORFEIT: 0.5,\n",
        X,
    ),
    Mutant(
        "gibson: clinched with a tie",
        "pairing/gibson.py",
        "if all(floor > _best_finish(",
        "if all(floor >= _best_finish(",
        GI,
    ),
    Mutant(
        "gibson: out of prizes with a tie",
        "pairing/gibson.py",
        "if d.id != c.id and floor > ceiling",
        "if d.id != c.id and floor >= ceiling",
        GI,
    ),
    Mutant(
        "gibson: out needs more than prize places",
        "pairing/gibson.py",
        "if ahead >= prize_places:",
        "if ahead > prize_places:",
        GI,
    ),
    Mutant(
        "bye: highest-ranked",
        "pairing/byes.py",
        "return [c for c in competitors if c.byes == fewest][-1]",
        "return [c for c in competitors if c.byes == fewest][0]",
        BY,
    ),
    Mutant(
        "stats: upset the smallest",
        "tournaments/results/stats.py",
        "top = max(theirs - mine for _, mine, theirs in upsets)",
        "top = min(theirs - mine for _, mine, theirs in upsets)",
        ST,
    ),
    Mutant(
        "absp: weights flat",
        "ratings/systems/absp.py",
        "weights = [newest - (len(recent) - 1 - i) for i in range(len(recent))]",
        "weights = [newest for i in range(len(recent))]",
        AB,
    ),
    Mutant(
        "cop: bye margin counts as result - opp",
        "pairing/cop/standings.py",
        "spread[p] += margin",
        "spread[p] += abs(margin)",
        COP,
    ),
    Mutant(
        "player page: running spread",
        "tournaments/selectors/public_pages.py",
        "        spread += cell.spread\n",
        "",
        PP,
    ),
    Mutant(
        "scorecards: running spread",
        "printouts/scorecards.py",
        "        spread += cell.spread\n",
        "",
        PP,
    ),
    Mutant(
        "prizes: tied players are split",
        "tournaments/results/prizes.py",
        "if candidate.tie != tie:",
        "if candidate is not candidates[0]:",
        ST + ("tests/tournaments/services/test_prizes.py",),
    ),
)


def run_mutant(mutant: Mutant) -> tuple[bool, float]:
    """Apply, test, restore: (killed, seconds)."""
    path = ROOT / mutant.path
    original = path.read_text(encoding="utf-8")
    if original.count(mutant.old) != 1:
        raise ValueError(f"{mutant.path}: the line to change must occur once: {mutant.old!r}")
    started = time.perf_counter()
    try:
        path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
        env = os.environ | {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p",
             "no:cacheprovider", *mutant.tests],
            cwd=ROOT, env=env, capture_output=True, check=False,
        )  # fmt: skip
    finally:
        path.write_text(original, encoding="utf-8")
    return done.returncode != 0, time.perf_counter() - started


def bench_mutants(names: tuple[str, ...] = ()) -> Iterator[str]:
    """Run every mutant (or those whose name contains one of ``names``); one line each."""
    from bench.mutants_seen import SEEN  # it builds on ``Mutant`` above

    every = MUTANTS + SIBLINGS + SEEN
    chosen = [m for m in every if not names or any(n in m.name for n in names)]
    killed = 0
    for mutant in chosen:
        dead, seconds = run_mutant(mutant)
        killed += dead
        verdict = "killed" if dead else "SURVIVED"
        yield f"{verdict:8} {seconds:5.1f} s  {mutant.path}: {mutant.name}"
    yield f"{killed} of {len(chosen)} mutants killed"


if __name__ == "__main__":
    for line in bench_mutants(tuple(sys.argv[1:])):
        print(line, flush=True)
