"""Files for a rating authority: a TSH `.t` division file with `newr`, and a CSV of changes.

The `.t` layout is TSH's: `NAME RATING OPP1 OPP2 ...; SCORE1 SCORE2 ...; p12 ...; newr N`.
Player numbers are the 1-based line order (entries sorted by their number). Byes and
forfeits are opponent 0 with the spread as the score, as TSH records them.
"""

import csv
import io
import re

from tournaments.formatting import fmt_wins
from tournaments.models import Pairing

from .models import RatingEvent

NAME_WIDTH = 23
# A name must not carry TSH's field separator, nor a bare number TSH would read as a rating.
_UNSAFE = re.compile(r"[;#\r\n]")
_NUMBER_TOKEN = re.compile(r"(?<!\S)(\d+)(?!\S)")


def tsh_name(name: str) -> str:
    """A name TSH reads back unchanged in meaning: no ';' or '#', no bare number tokens."""
    cleaned = _UNSAFE.sub(" ", name).strip()
    return _NUMBER_TOKEN.sub(r"No.\1", cleaned) or "?"


def _round_results(pairings, division) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(round, entry) -> (opponent entry id or 0, own score or spread, p12)."""
    seen = {}
    for p in pairings:
        number = p.round.number
        if p.kind == "played" and p.second_id is not None:
            seen[number, p.first_id] = (p.second_id, p.first_score or 0, 1)
            seen[number, p.second_id] = (p.first_id, p.second_score or 0, 2)
        elif p.kind == "bye" or p.second_id is None:
            spread = division.bye_spread if p.first_score is None else p.first_score
            seen[number, p.first_id] = (0, spread, 0)
        elif p.kind == "forfeit":
            # Without a named forfeiter, the second player is taken to have forfeited.
            loser = p.forfeited_by_id or p.second_id
            for entry in (p.first_id, p.second_id):
                sign = -1 if entry == loser else 1
                seen[number, entry] = (0, sign * division.forfeit_spread, 0)
        else:
            for entry in (p.first_id, p.second_id):
                seen[number, entry] = (0, -division.forfeit_spread, 0)
    return seen


def tsh_division_file(event: RatingEvent) -> str:
    """The rated division as a TSH `.t` file, each line tagged with the new rating (`newr`)."""
    division = event.division
    entries = list(division.entries.select_related("player").order_by("number"))
    line_of = {entry.pk: line for line, entry in enumerate(entries, start=1)}
    pairings = Pairing.objects.filter(round__division=division).select_related("round")
    results = _round_results(pairings, division)
    last_round = max((number for number, _entry in results), default=0)
    changes = {c.player_id: c for c in event.changes.all()}
    lines = []
    for entry in entries:
        change = changes.get(entry.player_id)
        before = change.published_before if change else None
        newr = change.published if change else before
        opponents, scores, firsts = [], [], []
        for number in range(1, last_round + 1):
            opponent, score, p12 = results.get((number, entry.pk), (0, 0, 0))
            opponents.append(str(line_of.get(opponent, 0)))
            scores.append(str(score))
            firsts.append(str(p12))
        name = tsh_name(entry.player.sort_name or entry.player.name)
        head = " ".join([str(before or 0), *opponents])
        fields = [f"{name:<{NAME_WIDTH}} {head}", " ".join(scores), "p12 " + " ".join(firsts)]
        fields.append(f"newr {newr or 0}")
        lines.append("; ".join(fields) + "\n")
    return "".join(lines)


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
    if event.tournament_id:
        title = event.tournament.name
        division = event.division.name if event.division_id else ""
        day = event.tournament.end_date or event.tournament.start_date
    else:
        title, division, day = str(event.club_session.club), "", event.club_session.date
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SUBMISSION_HEADER)
    changes = event.changes.select_related("player").order_by("player__sort_name")
    for change in changes:
        player = change.player
        writer.writerow(
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
                "" if change.expected is None else f"{change.expected:.2f}",
                change.published,
            ]
        )
    return out.getvalue()
