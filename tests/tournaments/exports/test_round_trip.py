"""Every file of an event with every kind of round, read back the way its consumers read it,
gives the site's own standings (tests/tournaments/exports/round_trip_world.py):

(a) our importer reads the NASPA file's ``.t`` blocks back: the site's standings exactly, order
    included (the ``skip`` and ``playoff`` tags carry what TSH's two numbers cannot);
(b) a reader with tsh-parser's and TSH's rules: the site's record for every player but those the
    file's closing notes name (a tie decided by the division's tie rule is a tie to TSH; a round that
    counts nothing is a forfeit loss there), and the site's order among the others;
(c) liwords' rules on ``tourney.js``: the site's record and order for every player it lists
    (withdrawn players, ranked last here, are left out), but the play-off ties its notes name;
(d) the ``.tou`` columns: the site's wins and losses for every player but the play-off ties
    (a rating file rates the tie on the board).
"""

from __future__ import annotations

import pytest

from tournaments.exports import naspa_text, tou_text, tourney_js
from tournaments.selectors.divisions import division_results, standings_records
from tournaments.selectors.exports import event_export
from tournaments.services.tsh_import import tsh_import

from .consumer_readers import t_standings, tou_divisions, tou_names, tou_standings
from .liwords_reader import misreads, read_feed
from .liwords_reader import standings as liwords_standings
from .round_trip_world import round_trip_event

pytestmark = pytest.mark.django_db

# Division A players with a tie decided by the division's tie rule (3 won one and lost one: read as
# two ties, the same record) and the late entry with no starting result.
PLAYOFF_TIES = {3, 4, 9}
NOTHING_ROUNDS = {8}
DIFFER_AS_TIES = {4, 9}


@pytest.fixture
def event():
    return round_trip_event()


def site(event, name):
    rows = standings_records(division_results(event.divisions.get(name=name)))
    return [(r["number"], r["wins"], r["losses"], r["spread"]) for r in rows]


def t_blocks(naspa: str) -> dict[str, str]:
    blocks, files = {}, {}
    for line in naspa.splitlines():
        if line.startswith("division "):
            _, name, file = line.split()
            files[file] = name
    for part in naspa.split("#begin_file name=")[1:]:
        file, body = part.split("\n", 1)
        blocks[files[file]] = body.split("#end_file")[0]
    return blocks


def test_a_our_importer_reads_back_the_sites_standings_order_included(event):
    blocks = t_blocks(naspa_text(event_export(event)))
    for name, block in blocks.items():
        made = tsh_import(by=None, data=block.encode(), name=f"Again {name}")
        again = standings_records(division_results(made.division))
        theirs = [(r["number"], r["wins"], r["losses"], r["spread"]) for r in again]
        ours = site(event, name)
        if name == "B":  # the playoff's places are not in a .t file: our importer ranks by record
            assert sorted(theirs) == sorted(ours)
            assert [r[0] for r in theirs[:2]] == [r[0] for r in ours[:2]]
        else:
            assert theirs == ours


def test_b_tsh_rules_read_the_sites_records_but_what_the_notes_name(event):
    naspa = naspa_text(event_export(event))
    notes = [line for line in naspa.splitlines() if line.startswith("# ")]
    named = {line[2:].split(":")[0] for line in notes}
    assert named == {"ใจดี, สมชาย", "山田, 太郎", "Lindqvist, Bo", "Later, Lee"}
    block = t_blocks(naspa)["A"]
    theirs = {row[0]: row[1:] for row in t_standings(block)}
    ours = {row[0]: row[1:] for row in site(event, "A")}
    differ = {n for n in ours if theirs[n] != ours[n]}
    assert differ == DIFFER_AS_TIES | NOTHING_ROUNDS
    assert differ <= PLAYOFF_TIES | NOTHING_ROUNDS  # every one of them named in the notes
    assert theirs[8] == (0.0, 3.0, -190)  # two rounds skipped, read as forfeit losses
    assert ours[8] == (0.0, 1.0, -90)
    order = [n for n, *_ in t_standings(block) if n not in differ]
    assert order == [n for n, *_ in site(event, "A") if n not in differ]  # 6 (off) last


def test_c_liwords_rules_read_the_sites_records_and_order(event):
    text = tourney_js(event_export(event))
    divisions = {d.name: d for d in read_feed(text)}
    a = divisions["A"]
    assert misreads(a) == [m for m in misreads(a) if "0 for an unplayed game" in m]
    ids = {p.name: p.id for p in a.players}
    assert 6 not in ids.values()  # withdrawn, ranked last on the site: left out
    theirs = {ids[name]: (w, s) for name, w, s in liwords_standings(a)}
    ours = {n: (w, s) for n, w, _l, s in site(event, "A")}
    differ = {n for n in theirs if theirs[n] != ours[n]}
    assert differ == DIFFER_AS_TIES
    assert theirs[8] == ours[8] == (0.0, -90)  # the rounds that count nothing are skipped
    assert "a tie decided by the division's tie rule" in text
    order = [n for n in theirs if n not in differ]
    assert order == [n for n, *_ in site(event, "A") if n not in differ | {6}]
    b = divisions["B"]
    assert [r[0] for r in liwords_standings(b)][:2] == [
        next(p.name for p in b.players if p.id == n) for n, *_ in site(event, "B")[:2]
    ]


def test_d_tou_columns_read_the_sites_wins_and_losses_but_the_play_off_ties(event):
    text = tou_text(event_export(event))
    text.encode("ascii")
    a = tou_divisions(text)["A"]
    theirs = tou_standings(a)
    ours = {n: (w, lo) for n, w, lo, _s in site(event, "A")}
    # rounds 1-3 complete: the .tou file holds those
    assert {n for n in ours if theirs[n] != ours[n]} == DIFFER_AS_TIES
    names = tou_names(a)
    assert all(any(ch.isalpha() for ch in name) and "?" not in name for name in names)
    assert names[3] == "Yamada Taro"  # typed by the director
    assert names[4] == "Wang, Xiaoming"  # family name first, never inverted
    assert names[2].isascii() and names[2].replace(",", "").replace(" ", "").isalpha()
