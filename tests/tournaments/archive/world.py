"""An event with a bit of everything an archive keeps, and pictures of an event to compare
the original with its restored copy by what things are (entry numbers, round and table, names),
never by database ids."""

from django.apps import apps

from core.models import AuditEntry
from games.models import Game, GameClock, Lexicon, Turn
from games.services import clock as clock_services
from games.services import games as game_services
from players.services import player_update
from tests import factories
from tests.demo_copy import load_demo_copy
from tournaments.models import Pairing, ScoreReport, Tournament
from tournaments.selectors.divisions import division_rows
from tournaments.services import events, lateness, prizes, results, round_edits, self_reporting

RUNNING = "riverside-open-2026"
T0 = 1_800_000_000_000  # a fixed moment on the server's time line (ms), for the table clock


def demo_event(director=None):
    """The quickstart demo's running event, with a scoresheet (and its word list and table
    clock), a prize band, a pin, a forfeit, an undone result, a score report, an assistant, a
    private flag, a language of its own and a started round."""
    load_demo_copy()
    event = Tournament.objects.get(slug=RUNNING)
    director = director or event.roles.get(role="director").user
    division = event.divisions.get()
    events.tournament_update(
        by=director, tournament=event, self_reporting=True, is_public=False, language="th"
    )
    events.tournament_role_assign(
        by=director, tournament=event, user=factories.user("helper"), role="assistant"
    )
    fourth = list(Pairing.objects.filter(round__division=division, round__number=4))
    lexicon = Lexicon.objects.create(name="DEMO", checksum="0" * 64, word_count=1, word_list="CAT")
    game = game_services.game_create(
        by=director,
        first_player=fourth[0].first.player,
        second_player=fourth[0].second.player,
        rules_preset="home",
        pairing=fourth[0],
        lexicon=lexicon,
        title="Table 1",
    )
    game_services.turn_record(by=director, game=game, move="8D TRAIN", rack="ainrtxy", seconds=40)
    game_services.turn_record(by=director, game=game, move="D8 .HORB")
    clock_services.clock_act(by=director, game=game, action="start", player=0, now=T0)
    clock_services.clock_act(by=director, game=game, action="press", player=0, now=T0 + 41_250)
    lateness.round_start(by=director, round_id=fourth[0].round_id)
    results.result_record(
        by=director,
        pairing_id=fourth[1].pk,
        first_score=None,
        second_score=None,
        kind=Pairing.Kind.FORFEIT,
        forfeited_by_id=fourth[1].second_id,
        expected_version=None,
    )
    played = results.result_record(
        by=director, pairing_id=fourth[2].pk, first_score=400, second_score=390,
        expected_version=None,
    )  # fmt: skip
    results.audit_undo(by=director, entry_id=played.audit_entry.pk)
    reporter = factories.user("reporter")
    player_update(by=director, player=fourth[3].first.player, user=reporter)
    self_reporting.report_submit(
        by=reporter, pairing_id=fourth[3].pk, first_score=410, second_score=377
    )
    prizes.prize_band_create(
        by=director, division=division, kind="rank", label="Winner", amount="£50"
    )
    entries = list(division.entries.order_by("number"))
    round_edits.pin_pair(
        by=director, division=division, round_number=6, first=entries[0], second=entries[1]
    )
    event.refresh_from_db()
    return event


def standings_and_crosstables(event) -> dict:
    pictures = {}
    for division in event.divisions.order_by("name"):
        rows = division_rows(division)
        pictures[division.name] = (rows.standings(), rows.crosstable())
    return pictures


def pairing_key(pairing: Pairing) -> tuple:
    return (pairing.round.division.name, pairing.round.number, pairing.table, pairing.first.number)


def games_and_turns(event) -> list:
    games = Game.objects.filter(pairing__round__division__tournament=event).order_by("id")
    picture = []
    for game in games.select_related("pairing__round__division", "pairing__first", "lexicon"):
        fields = [f.attname for f in Game._meta.concrete_fields if not f.is_relation]
        values = {name: getattr(game, name) for name in fields if name != "id"}
        turns = Turn.objects.filter(game=game).order_by("number").values()
        picture.append(
            (
                pairing_key(game.pairing),
                game.first_player.name,
                game.second_player.name,
                game.lexicon.name if game.lexicon else None,
                game.created_by.username if game.created_by else None,
                values,
                [{k: v for k, v in t.items() if k not in ("id", "game_id")} for t in turns],
                clock_values(game),
            )
        )
    return picture


def clock_values(game: Game) -> dict | None:
    clock = GameClock.objects.filter(game=game).values().first()
    return None if clock is None else {k: v for k, v in clock.items() if k not in ("id", "game_id")}


def natural(label: str, value):
    """What the object of model ``label`` with id ``value`` is, in words that survive an import."""
    if value == "":
        return None  # an imported log keeps no id for an object the event no longer had
    if value is None or label not in NAMERS:
        return value
    obj = apps.get_model(label).objects.filter(pk=int(value)).first()
    return None if obj is None else NAMERS[label](obj)


NAMERS = {
    "tournaments.tournament": lambda t: "the event",
    "tournaments.division": lambda d: d.name,
    "tournaments.entry": lambda e: (e.division.name, e.number),
    "tournaments.round": lambda r: (r.division.name, r.number),
    "tournaments.pairing": pairing_key,
    "tournaments.prizeband": lambda b: (b.division.name, b.label),
    "tournaments.fixedpairing": lambda p: (p.division.name, p.round_number, p.first.number),
    "tournaments.scorereport": lambda r: (pairing_key(r.pairing), r.reported_by.number),
    "tournaments.tournamentrole": lambda r: r.user.username,
    "players.player": lambda p: p.name,
    "games.game": lambda g: pairing_key(g.pairing),
    "games.lexicon": lambda x: x.name,
    "auth.user": lambda u: u.username,
    "clubs.club": lambda c: c.slug,
}


def audit_picture(event) -> list:
    from tournaments.archive.audit_trail import model_of, snapshot_refs

    picture = []
    entries = AuditEntry.objects.filter(tournament=event).exclude(action="tournament.import")
    for entry in entries.order_by("at", "id"):
        model = model_of(entry.object_type)
        snapshots = []
        for snapshot in (entry.before, entry.after):
            refs = snapshot_refs(model, snapshot)
            snapshots.append(
                {k: natural(refs[k], v) if k in refs else v for k, v in snapshot.items()}
                if isinstance(snapshot, dict)
                else snapshot
            )
        undone = entry.undoes
        picture.append(
            (
                entry.at,
                entry.actor.username if entry.actor else None,
                entry.action,
                entry.object_type,
                natural(entry.object_type, entry.object_id),
                entry.scope,
                *snapshots,
                (undone.action, undone.at) if undone else None,
            )
        )
    return picture


def event_picture(event) -> dict:
    """Everything the tests compare between an event and its restored copy."""
    fields = ["name", "start_date", "end_date", "venue", "rules_preset", "rules", "is_public",
              "language", "self_reporting", "finalized_at", "created_at", "club_id"]  # fmt: skip
    reports = ScoreReport.objects.filter(pairing__round__division__tournament=event)
    return {
        "tournament": {name: getattr(event, name) for name in fields},
        "roles": sorted(event.roles.values_list("user__username", "role")),
        "divisions": list(
            event.divisions.values(
                *[
                    f.name
                    for f in apps.get_model("tournaments.Division")._meta.concrete_fields
                    if f.name not in ("id", "tournament")
                ]
            )
        ),
        "entries": [
            (
                e.division.name,
                e.number,
                e.player.name,
                e.rating,
                e.status,
                e.payment_note,
                e.joins_at_round,
                e.withdrawn_after_round,
                e.fixed_table,
            )
            for e in apps.get_model("tournaments.Entry")
            .objects.filter(division__tournament=event)
            .order_by("division__name", "number")
        ],  # fmt: skip
        "rounds": list(
            apps.get_model("tournaments.Round")
            .objects.filter(division__tournament=event)
            .order_by("division__name", "number")
            .values_list("number", "system", "based_on_round", "seed", "paired_at", "started_at")
        ),  # fmt: skip
        "pairings": [
            (
                pairing_key(p),
                p.second.number if p.second else None,
                p.sides_drawn,
                p.sides_known,
                p.kind,
                p.first_score,
                p.second_score,
                p.forfeited_by.number if p.forfeited_by else None,
                p.playoff_winner.number if p.playoff_winner else None,
                p.version,
                p.reported_at,
            )
            for p in Pairing.objects.filter(round__division__tournament=event)
            .select_related("round__division", "first", "second", "forfeited_by", "playoff_winner")
            .order_by("round__division__name", "round__number", "table")
        ],  # fmt: skip
        "prize_bands": list(
            apps.get_model("tournaments.PrizeBand")
            .objects.filter(division__tournament=event)
            .values_list("division__name", "kind", "label", "places", "amount", "position")
        ),  # fmt: skip
        "pins": list(
            apps.get_model("tournaments.FixedPairing")
            .objects.filter(division__tournament=event)
            .values_list("division__name", "round_number", "first__number", "second__number")
        ),  # fmt: skip
        "score_reports": [
            (
                pairing_key(r.pairing),
                r.reported_by.number,
                r.user.username if r.user else None,
                r.first_score,
                r.second_score,
                r.status,
                r.created_at,
                r.settled_at,
            )
            for r in reports.order_by("id")
        ],  # fmt: skip
        "standings": standings_and_crosstables(event),
        "games": games_and_turns(event),
        "audit": audit_picture(event),
    }


def small_event(director=None, **fields):
    """A quick event: one division of four with round 1 paired and one result in."""
    event = factories.tournament(director=director, **fields)
    division = factories.division(event, name="A", rounds=3)
    entries = factories.entries(division, 4)
    first_round = factories.round_with_pairings(division, entries)
    pairing = first_round.pairings.get(table=1)
    results.result_record(
        by=director, pairing_id=pairing.pk, first_score=420, second_score=380,
        expected_version=None,
    )  # fmt: skip
    return event
