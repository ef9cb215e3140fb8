"""One small event with every kind of round the export files write (tests of the exports).

Division A of "Example Open" (14 March 2026), four rounds planned, three paired:

- round 1: Quill (first) 412 - Marsh 388 at table 1; Okafor (first) 401 - Lindqvist 401 at
  table 2, Okafor winning the play-off word; Ferreira a bye. Late has not joined (late entry).
- round 2: Ferreira has withdrawn (after round 1). Marsh (first) 455 - Okafor 372 at table 1;
  Late forfeits to Quill at table 2; Lindqvist a bye.
- round 3 (paired, no result yet: the unplayed round): Quill (first) v Okafor at table 1;
  Marsh v Late, sides not known, no table; Lindqvist a bye.
"""

from datetime import date

from tests import factories
from tournaments.models import Entry, Pairing, Round

PEOPLE = [
    ("Avery Quill", "Quill, Avery", 1620),
    ("Juno Marsh", "Marsh, Juno", 1544),
    ("Tem Okafor", "Okafor, Tem", 1490),
    ("Bo Lindqvist", "Lindqvist, Bo", 1402),
    ("Dana Ferreira", "Ferreira, Dana", 1300),
    ("Kim Late", "Late, Kim", 1200),
]


def example_event(director=None, is_public=True, slug="example-open"):
    event = factories.tournament(
        "Example Open",
        director=director,
        slug=slug,
        is_public=is_public,
        start_date=date(2026, 3, 14),
    )
    division = factories.division(event, name="A", rounds=4)
    quill, marsh, okafor, lindqvist, ferreira, late = (
        Entry.objects.create(
            division=division,
            player=factories.player(name, sort_name=sort_name),
            number=number,
            rating=rating,
            withdrawn_after_round=1 if number == 5 else None,
        )
        for number, (name, sort_name, rating) in enumerate(PEOPLE, start=1)
    )
    one, two, three = (Round.objects.create(division=division, number=n) for n in (1, 2, 3))
    played = Pairing.Kind.PLAYED
    Pairing.objects.create(
        round=one, table=1, first=quill, second=marsh, first_score=412, second_score=388
    )
    Pairing.objects.create(
        round=one,
        table=2,
        first=okafor,
        second=lindqvist,
        first_score=401,
        second_score=401,
        playoff_winner=okafor,
    )
    Pairing.objects.create(round=one, first=ferreira, kind=Pairing.Kind.BYE)
    Pairing.objects.create(
        round=two,
        table=1,
        first=marsh,
        second=okafor,
        first_score=455,
        second_score=372,
        kind=played,
    )
    Pairing.objects.create(
        round=two, table=2, first=quill, second=late, kind=Pairing.Kind.FORFEIT, forfeited_by=late
    )
    Pairing.objects.create(round=two, first=lindqvist, kind=Pairing.Kind.BYE)
    Pairing.objects.create(round=three, table=1, first=quill, second=okafor)
    Pairing.objects.create(round=three, first=marsh, second=late, sides_known=False)
    Pairing.objects.create(round=three, first=lindqvist, kind=Pairing.Kind.BYE)
    return event


# Built by hand from FORMATS.md (a), (b) and (c) and the rules of the writers' docstrings, not
# from the writers' output. The site's standings: Lindqvist 2-0 +100 (play-off loss, two byes),
# Quill 2-0 +74, Marsh 1-1 +59, Okafor 1-1 -83 (play-off win), Late 0-1 -50, then Ferreira 1-0
# +50 (withdrawn, ranked last by default): tourney.js lists its players in that order and leaves
# Ferreira out (liwords would rank her by her wins).
TOURNEY_JS = (
    'newt={"config":{"event_name":"Example Open","max_rounds":4,"notes":['
    "\"A Okafor, Tem: round(s) 1 a tie decided by the division's tie rule; this file can only hold "
    'the tie on the board","A Lindqvist, Bo: round(s) 1 a tie decided by the division\'s tie rule; '
    'this file can only hold the tie on the board","A Ferreira, Dana: withdrawn, ranked last on '
    "the site; left out of this file, the games against them written in their opponents' "
    'lines without an opponent"]},'
    '"divisions":[{"name":"A","maxr":3,"players":[null,'
    '{"id":4,"name":"Lindqvist, Bo","rating":1402,"pairings":[3,0,0],"scores":[401,50,50],'
    '"etc":{"board":[2,0,0],"p12":[2,0,0]}},'
    '{"id":1,"name":"Quill, Avery","rating":1620,"pairings":[2,0,3],"scores":[412,50],'
    '"etc":{"board":[1,0,1],"p12":[1,0,1]}},'
    '{"id":2,"name":"Marsh, Juno","rating":1544,"pairings":[1,3,6],"scores":[388,455],'
    '"etc":{"board":[1,1,2],"p12":[2,1,4]}},'
    '{"id":3,"name":"Okafor, Tem","rating":1490,"pairings":[4,2,1],"scores":[401,372],'
    '"etc":{"board":[2,1,1],"p12":[1,2,2]}},'
    '{"id":6,"name":"Late, Kim","rating":1200,"pairings":[0,0,2],"scores":[0,-50],'
    '"etc":{"board":[0,0,2],"p12":[0,0,4]}}]}]};\n'
)

TOU = "".join(
    line + "\r\n"
    for line in [
        "*M14.03.2026 Example Open",
        "*A",
        " " * 38 + "0",
        # name in 20 columns, then per round: space, result, score (3), space, opponent (3)
        "Quill, Avery        " + " 2412  +2" + " 2150   1",
        "Marsh, Juno         " + "  388   1" + " 2455  +3",
        "Okafor, Tem         " + " 1401  +4" + "  372   2",
        "Lindqvist, Bo       " + " 1401   3" + "   50   4",
        "Ferreira, Dana      " + "   50   5" + "    0   5",  # withdrawn: void
        "Late, Kim           " + "    0   6" + "  100   6",
        "*** END OF FILE ***",
    ]
)

NASPA = "".join(
    line + "\n"
    for line in [
        "# Okafor, Tem: round(s) 1 a tie decided by the division's tie rule; TSH reads the tie on the"
        " board, the tag 'playoff' says who won it (1 won, 2 lost)",
        "# Lindqvist, Bo: round(s) 1 a tie decided by the division's tie rule; TSH reads the tie on"
        " the board, the tag 'playoff' says who won it (1 won, 2 lost)",
        "# Late, Kim: round(s) 1 count nothing on the site (not joined or not paired); TSH has"
        " no such round, so they are written 0 -50 and tagged 'skip'",
        "division A a.t",
        'config event_name = "Example Open"',
        'config event_date = "2026-03-14"',
        'config rating_system = "nsa2008"',
        "#begin_file name=a.t",
        # name padded to 23 columns, a space, rating and opponents; scores; tags
        "Quill, Avery            1620 2 0; 412 50; board 1 0; p12 1 0",
        "Marsh, Juno             1544 1 3; 388 455; board 1 1; p12 2 1",
        "Okafor, Tem             1490 4 2; 401 372; board 2 1; p12 1 2; playoff 1 0",
        "Lindqvist, Bo           1402 3 0; 401 50; board 2 0; p12 2 0; playoff 2 0",
        # withdrawn after round 1: the line ends there; Late's round 1 (not paired) is skipped
        "Ferreira, Dana          1300 0; 50; board 0; off -50; p12 0",
        "Late, Kim               1200 0 0; -50 -50; board 0 0; p12 0 0; skip 1",
        "#end_file name=a.t",
    ]
)
