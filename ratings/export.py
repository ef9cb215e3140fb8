"""Files for a rating authority: a TSH `.t` division file with `newr`, and a CSV of changes.

The `.t` file is the division's own TSH file (``tournaments.selectors.tsh``, so byes and forfeits
mean there what they mean everywhere) with each line's rating the player's published rating
before the event and a `newr` tag with the one after.
"""

from dataclasses import replace

from core.csv_export import csv_text
from tournaments.results.formatting import fmt_expected_wins, fmt_wins
from tournaments.selectors.tsh import division_tsh_players
from tournaments.tsh import TshDivision, write_t

from .models import RatingEvent


def tsh_division_file(event: RatingEvent) -> str:
    """The rated division as a TSH `.t` file, each line tagged with the new rating (`newr`)."""
    changes = {c.player_id: c for c in event.changes.all()}
    lines = []
    for entry, line in division_tsh_players(event.division):
        change = changes.get(entry.player_id)
        before = change.published_before if change else None
        newr = change.published if change else before
        tags = dict(line.tags) | {"newr": (str(newr or 0),)}
        lines.append(replace(line, rating=str(before or 0), tags=tuple(sorted(tags.items()))))
    return write_t(TshDivision(tuple(lines)))


SUBMISSION_HEADER = [
    "event",
    "division",
    "date",
    "member_id",
    "name",
    "country",
    "rating_before",
    "games",
    "wins",
    "expected",
    "rating_after",
]


def submission_csv(event: RatingEvent) -> str:
    """One row per rated player of the event, for submission to the rating authority."""
    return csv_text(submission_rows(event), lineterminator="\n")


def submission_rows(event: RatingEvent) -> list[list]:
    """The submission file's header and one row per rated player (by sort name)."""
    if event.tournament_id:
        title = event.tournament.name
        division = event.division.name if event.division_id else ""
        day = event.tournament.end_date or event.tournament.start_date
    else:
        title, division, day = str(event.club_session.club), "", event.club_session.date
    rows = [SUBMISSION_HEADER]
    changes = event.changes.select_related("player").order_by("player__sort_name")
    for change in changes:
        player = change.player
        rows.append(
            [
                title,
                division,
                day.isoformat() if day else "",
                player.member_id,
                player.name,
                player.country,
                "" if change.before is None else change.published_before,
                change.games,
                fmt_wins(change.wins),
                fmt_expected_wins(change.expected),
                change.published,
            ]
        )
    return rows
