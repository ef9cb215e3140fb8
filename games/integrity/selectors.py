"""The integrity desk's reads: an event's sheets, results, reports and standings gathered into
plain values in a fixed number of queries (two more a division, for its standings), and the
flags the pure checks (``games.engine.integrity``) find in them."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from django.core.cache import cache
from django.urls import reverse

from core.models import AuditEntry
from games.engine.integrity import patterns, results, sheets, timing
from games.engine.integrity.flags import Flag, sorted_flags
from tournaments.models import Division, Pairing, PrizeBand, ScoreReport, Tournament
from tournaments.models.rounds import RESULT_ACTIONS
from tournaments.selectors.divisions import division_rows

from ..models import Game, GameClock, Turn
from ..tournament_results import PairingResult, entered_result, sheet_result
from .models import FlagDismissal

SHEETS_KEPT_SECONDS = 7 * 24 * 3600  # a week: an event's sheets are checked again after it
PRIZE_PLACES_DEFAULT = 3  # a division without place prizes set: the usual first three


class TurnValues(NamedTuple):
    """A stored sheet line as the checks read it (``gcg_io.events_from_turns``' attributes)."""

    game_id: int
    number: int
    player: int
    kind: str
    is_entry: bool
    move: str
    rack: str
    seconds: int | None
    score: int
    first_total: int
    second_total: int
    withdrawn_score: int | None
    notes: str
    saved_at: object


_TURN_FIELDS = TurnValues._fields


@dataclass(frozen=True)
class PairingInfo:
    division: str
    round: int
    table: int | None
    players: str


@dataclass(frozen=True)
class Dismissal:
    note: str
    by: str
    at: object


@dataclass(frozen=True)
class FlagRow:
    """A flag with where it is: the table, the players, the line's address on the sheet."""

    flag: Flag
    where: PairingInfo | None
    sheet_url: str
    dismissal: Dismissal | None


@dataclass(frozen=True)
class IntegrityReport:
    tournament: Tournament
    rows: list[FlagRow]
    games_checked: int

    @property
    def open_rows(self) -> list[FlagRow]:
        return [row for row in self.rows if row.dismissal is None]

    @property
    def dismissed_rows(self) -> list[FlagRow]:
        return [row for row in self.rows if row.dismissal is not None]


def event_flags(tournament: Tournament) -> tuple[list[Flag], int]:
    """Every flag of the event and the number of sheets checked."""
    games = list(
        Game.objects.filter(pairing__round__division__tournament=tournament)
        .select_related("first_player", "second_player", "pairing__first", "pairing__second")
        .order_by("pk")
    )
    turns: dict[int, list[TurnValues]] = defaultdict(list)
    query = Turn.objects.filter(game__pairing__round__division__tournament=tournament)
    for values in query.order_by("game_id", "number").values_list(*_TURN_FIELDS):
        turn = TurnValues._make(values)
        turns[turn.game_id].append(turn)
    found = _sheets_flags(tournament, games, turns, _clocks(tournament))
    found.extend(_result_flags(tournament, games))
    found.extend(_pattern_flags(tournament, {g.pairing_id: g.pk for g in games}))
    return sorted_flags(found), len(games)


def _clocks(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """The used time by side of each stopped clock of the event."""
    query = GameClock.objects.filter(game__pairing__round__division__tournament=tournament)
    rows = query.values_list("game_id", "running", "first_used_ms", "second_used_ms")
    return {game: (first, second) for game, running, first, second in rows if running is None}


def _sheets_flags(tournament, games: list[Game], turns, clocks) -> list[Flag]:
    """Every sheet's flags; a sheet whose lines, rules and clock are as when it was last
    checked keeps its flags from the cache (one entry for the event, keyed by each sheet's
    content, so a changed sheet is checked again and nothing stale is ever shown)."""
    key = f"integrity:sheets:{tournament.pk}"
    kept = cache.get(key) or {}
    fresh, found = {}, []
    for game in games:
        lines, clock_ms = turns.get(game.pk, []), clocks.get(game.pk)
        digest = _fingerprint(game, lines, clock_ms)
        was_digest, flags = kept.get(game.pk, ("", None))
        if was_digest != digest or flags is None:
            flags = _game_flags(game, lines, clock_ms)
        fresh[game.pk] = (digest, flags)
        found.extend(flags)
    if fresh != kept:
        cache.set(key, fresh, SHEETS_KEPT_SECONDS)
    return found


def _fingerprint(game: Game, lines: list[TurnValues], clock_ms) -> str:
    """What a sheet's flags depend on, as a digest."""
    content = (
        game.pairing_id,
        game.rules_preset,
        sorted((game.rules or {}).items()),
        game.player_names,
        clock_ms,
        [(*line[1:13], _ms(line.saved_at)) for line in lines],
    )
    return hashlib.blake2b(repr(content).encode(), digest_size=16).hexdigest()


def _game_flags(game: Game, turns: list[TurnValues], clock_ms) -> list[Flag]:
    rules, names = game.rule_set(), game.player_names
    sheet = sheets.sheet_from_turns(game.pk, rules, turns, names=names, pairing=game.pairing_id)
    times = timing.SheetTimes(
        game.pk,
        rules,
        tuple(
            timing.TurnTime(t.number, t.player, t.kind, t.seconds, _ms(t.saved_at))
            for t in turns
            if t.is_entry
        ),
        names,
        clock_ms,
        game.pairing_id,
    )
    return [*sheets.sheet_flags(sheet), *timing.time_flags(times)]


def _ms(moment) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def _text(result: PairingResult | None, pairing: Pairing) -> str | None:
    """A result as comparable text in the pairing's order: everything the sheet page compares
    (``tournament_results.result_warning``), the play-off word's winner and who forfeited
    included, each named by their number in the division."""
    if result is None:
        return None
    number = {pairing.first_id: pairing.first.number, pairing.second_id: pairing.second.number}
    if result.kind == Pairing.Kind.PLAYED:
        text = f"{result.first_score}-{result.second_score}"
        won = result.playoff_winner_id
        return text if won is None else f"{text} (play-off #{number[won]})"
    if result.kind == Pairing.Kind.FORFEIT and result.forfeited_by_id is not None:
        return f"{result.kind} #{number[result.forfeited_by_id]}"
    return str(result.kind)


def _result_flags(tournament: Tournament, games: list[Game]) -> list[Flag]:
    confirmed = _confirmed(tournament)
    changes = _changes(tournament)
    flags = []
    for game in games:
        pairing = game.pairing
        said, when = confirmed.get(pairing.pk, (None, None))
        facts = results.ResultFacts(
            pairing.pk,
            game.pk,
            sheet=_text(sheet_result(game, pairing), pairing),
            entered=_text(entered_result(pairing), pairing),
            confirmed=said,
            confirmed_ms=when,
            changes=tuple(changes.get(pairing.pk, ())),
        )
        flags.extend(results.result_flags(facts))
    with_sheet = {game.pairing_id for game in games}
    for pairing, (said, when) in confirmed.items():
        if pairing not in with_sheet:  # no sheet to compare with: only the changes count
            facts = results.ResultFacts(
                pairing,
                None,
                confirmed=said,
                confirmed_ms=when,
                changes=tuple(changes.get(pairing, ())),
            )
            flags.extend(results.result_flags(facts))
    return flags


def _confirmed(tournament: Tournament) -> dict[int, tuple[str, int]]:
    """The scores both players confirmed, by pairing, and when the last of them settled."""
    query = ScoreReport.objects.filter(
        pairing__round__division__tournament=tournament, status=ScoreReport.Status.CONFIRMED
    )
    seen: dict[int, list] = defaultdict(list)
    for pairing, first, second, settled in query.values_list(
        "pairing_id", "first_score", "second_score", "settled_at"
    ):
        seen[pairing].append((f"{first}-{second}", _ms(settled) or 0))
    return {
        pairing: (reports[0][0], max(ms for _t, ms in reports))
        for pairing, reports in seen.items()
        if len(reports) >= 2 and len({text for text, _ms in reports}) == 1
    }


def _changes(tournament: Tournament) -> dict[int, list[results.ResultChange]]:
    query = AuditEntry.objects.filter(
        tournament=tournament, object_type="tournaments.pairing", action__in=RESULT_ACTIONS
    ).order_by("at", "id")
    found: dict[int, list] = defaultdict(list)
    for object_id, at, after in query.values_list("object_id", "at", "after"):
        after = after or {}
        first, second = after.get("first_score"), after.get("second_score")
        text = f"{first}-{second}" if first is not None else str(after.get("kind", ""))
        found[int(object_id)].append(results.ResultChange(_ms(at) or 0, text))
    return found


def _pattern_flags(tournament: Tournament, game_of: dict[int, int]) -> list[Flag]:
    divisions = list(Division.objects.filter(tournament=tournament).order_by("pk"))
    places = defaultdict(int)
    for division_id, count in PrizeBand.objects.filter(
        division__tournament=tournament, kind=PrizeBand.Kind.RANK
    ).values_list("division_id", "places"):
        places[division_id] += count
    played, names, facts = [], {}, {}
    for division in divisions:
        rows = division_rows(division)
        entry_of = {entry.number: entry.pk for entry in rows.entries}
        for entry in rows.entries:
            names[entry.pk] = entry.name
        facts[division.pk] = _division_facts(division, rows, entry_of, places)
        played.extend(_played(division, rows, game_of))
    reports = _device_reports(tournament, game_of)
    return [
        *patterns.same_score_flags(played, names),
        *patterns.prize_loss_flags(played, facts, names),
        *patterns.device_flags(reports),
    ]


def _division_facts(division, rows, entry_of, places) -> patterns.DivisionFacts:
    standing = rows.standings()
    last = max([division.rounds, *rows.rounds_paired()])
    return patterns.DivisionFacts(
        last_round=last,
        prize_places=places.get(division.pk) or PRIZE_PLACES_DEFAULT,
        rank={entry_of[r.player]: r.rank for r in standing if r.player in entry_of},
        wins={entry_of[r.player]: r.wins for r in standing if r.player in entry_of},
        ratings={e.pk: e.rating for e in rows.entries if e.rating},
    )


def _played(division, rows, game_of) -> list[patterns.PlayedGame]:
    return [
        patterns.PlayedGame(
            p.pk,
            game_of.get(p.pk),
            division.pk,
            p.round_number,
            p.first_id,
            p.second_id,
            p.first_score,
            p.second_score,
        )
        for p in rows.pairings
        if p.kind == Pairing.Kind.PLAYED
        and p.second_id is not None
        and p.first_score is not None
        and p.second_score is not None
    ]


def _device_reports(tournament: Tournament, game_of) -> list[patterns.DeviceReports]:
    query = ScoreReport.objects.filter(pairing__round__division__tournament=tournament).exclude(
        device=""
    )
    sides: dict[int, dict[int, set]] = defaultdict(lambda: defaultdict(set))
    for pairing, entry, device in query.values_list("pairing_id", "reported_by_id", "device"):
        sides[pairing][entry].add(device)
    found = []
    for pairing, by_entry in sides.items():
        if len(by_entry) == 2:
            first, second = by_entry.values()
            found.append(
                patterns.DeviceReports(
                    pairing, game_of.get(pairing), frozenset(first), frozenset(second)
                )
            )
    return found


def integrity_report(tournament: Tournament) -> IntegrityReport:
    """The desk's page: every flag with where it is and its dismissal, if any (a dismissal of
    the flag as it stood: one whose facts changed since is open again)."""
    flags, checked = event_flags(tournament)
    where = _where(tournament)
    query = FlagDismissal.objects.filter(tournament=tournament).select_related("dismissed_by")
    dismissed = {d.key: d for d in query}
    rows = [
        FlagRow(flag, where.get(flag.pairing), _sheet_url(flag), _dismissal(dismissed, flag))
        for flag in flags
    ]
    return IntegrityReport(tournament, rows, checked)


def _dismissal(dismissed: dict[str, FlagDismissal], flag: Flag) -> Dismissal | None:
    """The dismissal of ``flag`` as it stands; a flag whose facts changed since is open."""
    found = dismissed.get(flag.key)
    if found is None or not found.covers(flag):
        return None
    by = found.dismissed_by.get_username() if found.dismissed_by else ""
    return Dismissal(found.note, by, found.dismissed_at)


def _sheet_url(flag: Flag) -> str:
    if flag.game is None:
        return ""
    url = reverse("games:detail", kwargs={"game_id": flag.game})
    return f"{url}?turn={flag.line}" if flag.line else url


def _where(tournament: Tournament) -> dict[int, PairingInfo]:
    query = Pairing.objects.filter(round__division__tournament=tournament).values_list(
        "pk",
        "round__division__name",
        "round__number",
        "table",
        "first__player__name",
        "second__player__name",
    )
    return {
        pk: PairingInfo(division, number, table, f"{first} – {second or ''}")
        for pk, division, number, table, first, second in query
    }
