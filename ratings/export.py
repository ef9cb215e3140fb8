"""Files for a rating authority: a TSH `.t` division file with `newr`, and a CSV of changes.

The `.t` file is the division's own TSH file (``tournaments.selectors.tsh``, so byes and forfeits
mean there what they mean everywhere) with each line's rating the player's published rating
before the event and a `newr` tag with the one after.
"""

from dataclasses import replace

from tournaments.results.formatting import fmt_expected_wins, fmt_wins, rating_value
from tournaments.selectors.tsh import division_tsh_players
from tournaments.tsh import TshDivision, write_t

from .models import PlayerRating, RatingChange, RatingEvent


def tsh_division_file(event: RatingEvent) -> str:
    """The rated division as a TSH `.t` file, each line tagged with the new rating (`newr`).
    A player the event did not rate (a bye, forfeits only) keeps the rating the list gave them
    when the event was rated, before and after: never 0 for a rated player."""
    changes = {c.player_id: c for c in event.changes.all()}
    players = division_tsh_players(event.division)
    standing = _ratings_as_of(
        event, [e.player_id for e, _ in players if e.player_id not in changes]
    )
    lines = []
    for entry, line in players:
        change = changes.get(entry.player_id)
        before = change.published_before if change else standing.get(entry.player_id)
        newr = change.published if change else before
        tags = dict(line.tags) | {"newr": (str(newr or 0),)}
        lines.append(replace(line, rating=str(before or 0), tags=tuple(sorted(tags.items()))))
    return write_t(TshDivision(tuple(lines)))


def _ratings_as_of(event: RatingEvent, players: list[int]) -> dict[int, int | None]:
    """The published rating on ``event``'s list of each of ``players`` as the event found it:
    after their last rated event before it on the list, else the rating they started the list
    with (two queries)."""
    found: dict[int, int | None] = {}
    earlier = (
        RatingChange.objects.filter(
            event__rating_list_id=event.rating_list_id,
            event__order__lt=event.order,
            player_id__in=players,
        )
        .order_by("player_id", "-event__order")
        .values_list("player_id", "after")
    )
    for player, after in earlier:
        found.setdefault(player, rating_value(after))
    started = PlayerRating.objects.filter(
        rating_list_id=event.rating_list_id, player_id__in=players
    )
    for player, initial in started.values_list("player_id", "initial_rating"):
        found.setdefault(player, rating_value(initial))
    return found


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
