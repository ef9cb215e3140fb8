"""Team standings: total wins across divisions, then total spread; shared ranks; no-team players
left out; members, divisions and the average per member shown."""

from tournaments.results.teams import TeamMember, team_standings


def member(team, wins, losses, spread, division="A", name="x"):
    return TeamMember(team, division, name, wins, losses, spread)


def test_total_wins_rank_first_across_divisions():
    rows = team_standings(
        [
            member("Kenya", 5, 2, 100, "A"),
            member("Kenya", 3, 4, -20, "B"),
            member("Thailand", 6, 1, 300, "A"),
        ]
    )
    assert [(r.rank, r.team, r.wins, r.members, r.divisions) for r in rows] == [
        (1, "Kenya", 8, 2, 2),
        (2, "Thailand", 6, 1, 1),
    ]
    assert rows[0].average_wins == 4.0 and rows[0].spread == 80 and rows[0].games == 14


def test_total_spread_breaks_equal_wins():
    rows = team_standings([member("Low", 4, 3, 10), member("High", 4, 3, 11)])
    assert [(r.rank, r.team) for r in rows] == [(1, "High"), (2, "Low")]


def test_equal_wins_and_spread_share_a_rank_listed_by_name():
    rows = team_standings(
        [member("b school", 4, 3, 10), member("A school", 4, 3, 10), member("C", 1, 6, -5)]
    )
    assert [(r.rank, r.team) for r in rows] == [(1, "A school"), (1, "b school"), (3, "C")]


def test_players_without_a_team_are_left_out_and_halves_add_up():
    rows = team_standings([member("", 7, 0, 500), member("Club", 2.5, 0.5, 40)])
    assert [(r.team, r.wins, r.losses) for r in rows] == [("Club", 2.5, 0.5)]


def test_no_teams_no_rows():
    assert team_standings([]) == []
