"""Real tournaments: our reader, writer and standings against what TSH itself wrote.

Fixtures and their sources are described in fixtures/README.txt.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from tournaments.results.crosstable import crosstable
from tournaments.results.standings import PlayerInfo, StandingsSettings, standings
from tournaments.tsh import TshDivision, TshPlayer, read_t, tsh_players, tsh_results, write_t

FIXTURES = Path(__file__).parent / "fixtures"
# TSH orders by wins then spread.
TSH_ORDER = StandingsSettings(tiebreaks=("spread",), withdrawn_last=True)


def dallas() -> tuple[bytes, TshDivision]:
    data = (FIXTURES / "dallas_open_2023_a.t").read_bytes()
    return data, read_t(data)


def test_dallas_file_reads_and_writes_back_byte_for_byte():
    data, division = dallas()
    assert len(division.players) == 26
    assert write_t(division) == data.decode("utf-8")


def test_dallas_file_records_byes_forfeits_and_withdrawal():
    _, division = dallas()
    keras = division.player(16)
    assert (keras.name, keras.withdrawn, keras.tag("off")) == ("Keras, Lydia", True, ("-50",))
    assert keras.opponents[-4:] == (0, 0, 0, 0)
    assert keras.scores[-4:] == (-50, -50, -50, -50)
    row = next(r for r in standings(tsh_players(division), tsh_results(division)) if r.player == 16)
    # Hand count: 5 wins in 19 games played, then four forfeits at -50 each.
    assert (row.wins, row.losses, row.games_played, row.forfeits) == (5.0, 18.0, 19, 4)
    assert row.spread == -668 - 4 * 50


def _players_as_of(division: TshDivision, rnd: int) -> list[PlayerInfo]:
    """Withdrawn (``off``) players count as withdrawn only after their last real game."""
    entries = []
    for info, player in zip(tsh_players(division), division.players, strict=True):
        last_game = max((i + 1 for i, opp in enumerate(player.opponents) if opp), default=0)
        entries.append(
            PlayerInfo(info.number, info.name, info.rating, info.withdrawn and rnd > last_game)
        )
    return entries


def test_dallas_ranks_after_every_round_equal_tsh_recorded_ranks():
    # TSH writes each player's rank after each round in the "rrank" tag (entry 0 is pre-event).
    _, division = dallas()
    results = tsh_results(division)
    compared = 0
    for rnd in range(1, 24):
        rows = standings(
            _players_as_of(division, rnd), results, through_round=rnd, settings=TSH_ORDER
        )
        assert [r.withdrawn for r in rows] == sorted(r.withdrawn for r in rows)
        for row in rows:
            recorded = division.player(row.player).tag("rrank") or ()
            if row.withdrawn or rnd >= len(recorded):
                continue
            assert (rnd, row.player, row.rank) == (rnd, row.player, int(recorded[rnd]))
            compared += 1
    assert compared == 23 * 26 - 4  # Keras's last four rounds are after her withdrawal


def botb_division() -> TshDivision:
    """Rebuild the .t division from TSH's own tourney.js export of it."""
    text = (FIXTURES / "botb_2025_tourney_divisions.js").read_text(encoding="utf-8")
    data = json.loads("{" + text.replace("undefined", "null") + "}")
    players = []
    for entry in data["divisions"][0]["players"][1:]:
        tags = tuple((tag, tuple(str(v) for v in values)) for tag, values in entry["etc"].items())
        players.append(
            TshPlayer(
                entry["id"],
                entry["name"],
                str(entry["rating"]),
                tuple(entry["pairings"]),
                tuple(entry["scores"]),
                tags,
            )
        )
    return TshDivision(tuple(players))


_ROW = re.compile(
    r'<td class="rank">(\d+)</td><td class="wl">(\d+)&ndash;(\d+)</td>'
    r'<td class="spread">([^<]+)</td>.*?<span class=name>([^<]+)</span>.*?'
    r'<td class="last">(\d)([WLT]):(\d+)-(\d+):#(\d+)</td>'
)


def tsh_printed_standings() -> list[tuple]:
    page = (FIXTURES / "botb_2025_A-standings-008.html").read_text(encoding="utf-8")
    rows = []
    for rank, won, lost, spread, name, side, outcome, mine, theirs, opp in _ROW.findall(page):
        spread_value = int(html.unescape(spread).replace("\u2212", "-"))
        rows.append(
            (
                int(rank),
                name,
                float(won),
                float(lost),
                spread_value,
                int(side),
                outcome,
                int(mine),
                int(theirs),
                int(opp),
            )
        )
    return rows


def test_botb_division_survives_write_and_read():
    division = botb_division()
    assert read_t(write_t(division).encode("utf-8")) == division


def test_botb_standings_equal_the_standings_tsh_printed_row_by_row():
    division = read_t(write_t(botb_division()).encode("utf-8"))
    printed = tsh_printed_standings()
    assert len(printed) == 20
    rows = standings(tsh_players(division), tsh_results(division), settings=TSH_ORDER)
    ours = [(r.rank, r.name, r.wins, r.losses, r.spread) for r in rows]
    assert ours == [row[:5] for row in printed]


def test_botb_last_game_column_equals_our_round_8_crosstable_cells():
    division = read_t(write_t(botb_division()).encode("utf-8"))
    table = crosstable(tsh_players(division), tsh_results(division))
    cells = {row.name: row.cells[-1] for row in table.rows}
    for _, name, *_, side, outcome, mine, theirs, opp in tsh_printed_standings():
        cell = cells[name]
        assert (
            1 if cell.went_first else 2,
            cell.outcome,
            cell.score,
            cell.opponent_score,
            cell.opponent,
        ) == (
            side,
            outcome,
            mine,
            theirs,
            opp,
        )
