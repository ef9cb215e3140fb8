"""No write outside a service: the site's write flows, driven with valid data under the guard.

Staff (who may do everything) run an event from its creation to its rating, a club night, the
player pages and a scoresheet, and a player reports a score from their phone. Every POST must
write something (so the step really ran) and every row it writes must be covered by an audit
entry of that request (`tests.audit_guard`). The crawl in `test_permissions` finds the URLs
that accept a POST; each must be driven here, so a new write view cannot slip past.
"""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import CasualGame, Club, ClubGuest, ClubSession
from core.models import AuditEntry
from games.engine.rules import PRESETS
from games.models import Game, JudgeKiosk, Lexicon
from players.models import Player
from publishing.models import PublishTarget
from ratings.services import rating_list_create
from tests import factories
from tests.audit_guard import EXEMPT, last_audit_id, unaudited, watching_writes
from tests.games.helpers import fixture
from tests.test_permissions import named_patterns, url_kwargs
from tournaments.models import (
    Division,
    Entry,
    EventTemplate,
    FixedPairing,
    Pairing,
    PrizeBand,
    RestorePoint,
    ScoreReport,
    Tournament,
)
from tournaments.selectors.entry_links import entry_token

pytestmark = pytest.mark.django_db


class Desk:
    """A logged-in client whose every POST is checked by the write guard."""

    def __init__(self, client, account):
        self.client = client
        self.account = account
        self.posted: set[str] = set()
        self.problems: list[str] = []

    def post(self, name: str, data: dict | None = None, *, writes_audited: bool = True, **kw):
        self.client.force_login(self.account)
        since = last_audit_id()
        with watching_writes() as writes:
            response = self.client.post(reverse(name, kwargs=kw), data or {})
        assert response.status_code in (200, 302), (name, response.status_code)
        form = (response.context or {}).get("form")
        assert not getattr(form, "errors", None), (name, form.errors)
        self.posted.add(name)
        self.problems += [f"{name}: {write}" for write in unaudited(writes, since)]
        if writes_audited and not writes.models() - EXEMPT:
            self.problems.append(f"{name}: wrote nothing (the step did not run)")
        return response

    def as_user(self, account) -> "Desk":
        other = Desk(self.client, account)
        other.posted, other.problems = self.posted, self.problems
        return other


def rules_form(preset: str) -> dict:
    """The rules form filled with ``preset``'s values, as the page sends it."""
    data = {"preset": preset}
    for key, value in PRESETS[preset].to_dict().items():
        if key != "name" and value is not None and value is not False:
            data[key] = "on" if value is True else value
    return data


def run_event(desk: Desk, people: list[Player]) -> Tournament:
    desk.post("tournaments:create", {"name": "Guard Open", "rules_preset": "naspa"})
    event = Tournament.objects.get(name="Guard Open")
    slug = {"tournament_slug": event.slug}
    desk.post(
        "tournaments:edit",
        {"name": "Guard Open", "is_public": "on", "self_reporting": "on"},
        **slug,
    )
    settings = {
        "rounds": 3,
        "bye_spread": 50,
        "forfeit_spread": 50,
        "max_repeats": 0,
        "prize_places": 3,
        "gibsonize": "on",
        "max_spread_per_round": 500,
    }
    desk.post("tournaments:division_create", {"name": "A", **settings}, **slug)
    div = slug | {"division_name": "A"}
    desk.post("tournaments:division_edit", {"name": "A", **settings, "max_repeats": 1}, **div)
    desk.post("tournaments:rules", rules_form("thai"), **slug)
    wespa_late = rules_form("wespa") | {"late_forfeit_minutes": 15}
    desk.post("tournaments:division_rules", wespa_late, **div)
    for person in people:
        desk.post(
            "tournaments:registration",
            {
                "player": person.pk,
                "joins_at_round": 1,
                "starting_wins": 0,
                "starting_losses": 0,
                "starting_spread": 0,
            },
            **div,
        )
    # Division B is filled by pasting names, then checked in and marked paid in bulk.
    desk.post("tournaments:division_create", {"name": "B", **settings}, **slug)
    div_b = slug | {"division_name": "B"}
    names = {"names": "Pasted Pat, GB, , 1500\nPasted Quinn, GB, , 1900"}
    review = desk.post("tournaments:registration_add_many", names, writes_audited=False, **div_b)
    text = {"text": review.context["choices"]["text"].value()}
    desk.post("tournaments:registration_add_many", text, **div_b)
    desk.post("tournaments:number_by_rating", **div_b)  # Quinn, the higher rated, is #1
    ids = list(Division.objects.get(name="B").entries.values_list("pk", flat=True))
    late = {"new-name": "Guard Late Entrant", "new-country": "GB"}
    desk.post("tournaments:registration_new_player", late, **div_b)
    # One player checks in from their link while check-in is open; the others are withdrawn as
    # no-shows once it closes, then reinstated in bulk (the undo the page offers).
    desk.post("tournaments:check_in_toggle", {"action": "open"}, **div_b)
    link = {"tournament_slug": event.slug, "token": entry_token(ids[0])}
    desk.post("tournaments:entry_link_check_in", **link)
    desk.post("tournaments:check_in_toggle", {"action": "close"}, **div_b)
    desk.post("tournaments:no_shows", {"entries": ids}, **div_b)
    desk.post("tournaments:registration_bulk", {"action": "reinstate", "entries": ids}, **div_b)
    desk.post("tournaments:registration_bulk", {"action": "check_in", "entries": ids}, **div_b)
    desk.post("tournaments:registration_bulk", {"action": "paid", "entries": ids}, **div_b)
    desk.post("tournaments:registration_bulk", {"action": "unpaid", "entries": ids}, **div_b)
    school = {"action": "team", "team": "Guard School", "entries": ids}
    desk.post("tournaments:registration_bulk", school, **div_b)
    for entry in Division.objects.get(tournament=event, name="A").entries.order_by("number"):
        update = div | {"entry_id": entry.pk}
        desk.post("tournaments:entry_update", {"action": "paid", "note": "cash"}, **update)
        desk.post("tournaments:entry_update", {"action": "check_in"}, **update)
    update = div | {"entry_id": entry.pk}
    desk.post("tournaments:entry_update", {"action": "table", "table": 2}, **update)
    desk.post("tournaments:entry_update", {"action": "team", "team": "Guard Club"}, **update)
    desk.post(
        "tournaments:entry_update",
        {"action": "withdraw", "after_round": 0, "confirm": "on"},
        **update,
    )
    desk.post("tournaments:entry_update", {"action": "reinstate"}, **update)
    desk.post("tournaments:entry_update", {"action": "grade", "grade": "B"}, **update)
    desk.post("tournaments:pin_add", {"round_number": 2, "first": 1, "second": 2}, **div)
    desk.post("tournaments:pin_delete", pin_id=FixedPairing.objects.get().pk, **div)
    desk.post(
        "tournaments:prize_add", {"kind": "rank", "label": "Top", "places": 2, "position": 1}, **div
    )
    desk.post("tournaments:prize_delete", band_id=PrizeBand.objects.get().pk, **div)
    prize_settings = {
        "currency": "THB", "unit": "5", "split": "hort", "hort_share": 50,
        "remainder": "organiser", "tie_by": "standings", "bases": "A=0, B=10", "per_win": "2",
        "per_tie": "1", "day_multiplier": "2", "days": "1-2; 3",
    }  # fmt: skip
    desk.post("tournaments:prize_settings", prize_settings, **div)
    desk.post("tournaments:pairing", {"round_number": 1, "seed": 3}, **div)
    desk.post(
        "tournaments:round_edit", {"action": "swap", "first": 1, "second": 3}, round_number=1, **div
    )
    return event


def play_round(desk: Desk, event: Tournament, people: list[Player]) -> None:
    div = {"tournament_slug": event.slug, "division_name": "A"}
    first, second = Pairing.objects.filter(round__division__tournament=event).order_by("table")
    reporter = Player.objects.get(entries=first.first).user
    desk.as_user(reporter).post(
        "tournaments:self_report",
        {"pairing": first.pk, "first_score": 410, "second_score": 380},
        player_number=first.first.number,
        **div,
    )
    # The opponent disagrees from their personal link; the director accepts the first report.
    link = {"tournament_slug": event.slug, "token": entry_token(first.second_id)}
    scores = {"pairing": first.pk, "first_score": 400, "second_score": 380}
    desk.post("tournaments:entry_link_report", scores, **link)
    accepted = ScoreReport.objects.get(reported_by=first.first_id).pk
    desk.post("tournaments:score_reports", {"report": accepted}, **div)
    desk.post("tournaments:round_start", round_number=1, **div)
    start = Pairing.objects.get(pk=first.pk).round
    start.started_at -= datetime.timedelta(minutes=60)  # the division's late minutes have passed
    start.save(update_fields=["started_at"])
    no_show = {"tournament_slug": event.slug, "pairing_id": second.pk}
    desk.post("tournaments:no_show", {"entry": second.first_id}, **no_show)
    undo = AuditEntry.objects.filter(action="result.record").order_by("-pk").first()
    desk.post("tournaments:audit_undo", tournament_slug=event.slug, audit_id=undo.pk)
    second.refresh_from_db()
    line = {"line": f"{second.table} 402 380", "pairing": second.pk, "version": second.version}
    desk.post("tournaments:results", line, round_number=1, **div)
    second.refresh_from_db()
    edit = {"kind": "played", "first_score": 390, "second_score": 380, "version": second.version}
    desk.post("tournaments:result_edit", edit, tournament_slug=event.slug, pairing_id=second.pk)
    undo = AuditEntry.objects.filter(action="result.record").order_by("-pk").first()
    desk.post("tournaments:audit_undo", tournament_slug=event.slug, audit_id=undo.pk)


def rate_event(desk: Desk, event: Tournament) -> None:
    national = rating_list_create(by=None, name="Guard list")
    slugs = {"list_slug": national.slug}
    desk.post("ratings:rate_tournament", tournament_slug=event.slug, **slugs)
    desk.post("ratings:recompute", **slugs)
    pairing = Pairing.objects.filter(round__division__tournament=event).order_by("table").first()
    edit = {"kind": "played", "first_score": 500, "second_score": 300, "version": pairing.version}
    # A corrected result of a rated event re-rates the list in the same request.
    desk.post("tournaments:result_edit", edit, tournament_slug=event.slug, pairing_id=pairing.pk)


def run_club(desk: Desk, people: list[Player]) -> None:
    desk.post("clubs:create", {"name": "Guard Club", "country": "GB"})
    club = Club.objects.get(name="Guard Club")
    slug = {"club_slug": club.slug}
    edit = {"name": "Guard Club", "country": "GB", "city": "Leeds", "ladder_basis": "wins"}
    desk.post("clubs:edit", edit | {"guests_rated": "on"}, **slug)
    for person in people[:2]:
        desk.post("clubs:membership_add", {"player": person.pk, "role": "member"}, **slug)
    desk.post("clubs:tournament_create", {"name": "Club Cup"}, **slug)
    desk.post("clubs:session_create", {"date": "2025-06-03", "note": "Tuesday"}, **slug)
    night = slug | {"session_id": ClubSession.objects.get().pk}
    desk.post("clubs:attendance_mark", {"player": people[0].name}, **night)
    desk.post(
        "clubs:casual_game_add",
        {
            "player_a": people[0].name,
            "score_a": 410,
            "player_b": people[1].name,
            "score_b": 377,
            "rated": "on",
        },
        **night,
    )
    desk.post("clubs:rating_list_create", {"name": "Guard Club list", "system": "glicko2"}, **slug)
    desk.post("clubs:session_rate", **night)
    run_club_corrections(desk, people, club, night)
    run_club_members(desk, people, club, night)
    desk.post("ratings:create", {"name": "Guard national", "system": "naspa"})


def run_club_corrections(desk: Desk, people: list[Player], club: Club, night: dict) -> None:
    game = CasualGame.objects.get()
    fields = {"player_a": people[0].name, "player_b": people[1].name, "rated": "on"}
    # A rated night follows its corrections: every one re-rates the club's list.
    desk.post(
        "clubs:casual_game_edit",
        fields | {"score_a": 300, "score_b": 377},
        game_id=game.pk,
        **night,
    )
    desk.post("clubs:casual_game_add", fields | {"score_a": 300, "score_b": 377}, **night)
    twice = CasualGame.objects.order_by("-pk").first()
    desk.post("clubs:casual_game_delete", game_id=twice.pk, **night)
    deleted = AuditEntry.objects.get(action="casual_game.delete")
    desk.post("clubs:audit_undo", entry_id=deleted.pk, **slug_of(club))
    desk.post("clubs:session_rerate", **night)
    desk.post("clubs:session_unrate", **night)
    unrated = AuditEntry.objects.get(action="club_session.unrate")
    desk.post("clubs:rating_undo", entry_id=unrated.pk, **slug_of(club))


def run_club_members(desk: Desk, people: list[Player], club: Club, night: dict) -> None:
    slug = slug_of(club)
    desk.post("clubs:guest_add", {"name": "Visitor One"}, **night)
    desk.post("clubs:guest_add", {"name": "Visitor Two"}, **night)
    one, two = ClubGuest.objects.order_by("pk")
    desk.post("clubs:guest_join", guest_id=one.pk, **slug)
    desk.post("clubs:guest_match", {"player": people[2].pk}, guest_id=two.pk, **slug)
    desk.post(
        "clubs:members_add_many", {"names": "Paste One\nPaste Two"}, writes_audited=False, **slug
    )
    text = "name,country,member_id,rating\nPaste One,,,\nPaste Two,,,\n"
    desk.post("clubs:members_add_many", {"text": text}, **slug)
    membership = club.memberships.order_by("pk").first()
    desk.post("clubs:member_status", {"status": "lapsed"}, membership_id=membership.pk, **slug)


def slug_of(club: Club) -> dict:
    return {"club_slug": club.slug}


def run_players_and_games(desk: Desk, people: list[Player]) -> None:
    # The language switcher saves a logged-in choice on the account's profile.
    desk.post("set_language", {"language": "th", "next": "/"})
    desk.post("set_language", {"language": "en", "next": "/"})
    desk.post("players:create", {"name": "Newcomer", "country": "GB"})
    newcomer = Player.objects.get(name="Newcomer")
    desk.post("players:edit", {"name": "Newcomer", "country": "FR"}, player_id=newcomer.pk)
    roster = SimpleUploadedFile("r.csv", b"name,country,member_id,rating\nZed Zee,GB,Z1,1500\n")
    desk.post("players:import", {"file": roster})
    desk.post(
        "games:lexicon_upload",
        {"name": "TINY", "file": SimpleUploadedFile("w.txt", b"AA\nTRAIN\n")},
    )
    lexicon = Lexicon.objects.get(name="TINY")
    desk.post("games:judge", {"lexicon": lexicon.pk, "words": "TRAIN"}, writes_audited=False)
    # The first "Guard Open": its restored copy has the same name.
    division = Division.objects.filter(tournament__name="Guard Open", name="A").order_by("pk")[0]
    where = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    desk.post("games:kiosk_manage", {"lexicon": lexicon.pk, "hours": "4"}, **where)
    kiosk = JudgeKiosk.objects.get()
    desk.post("games:kiosk_judge", {"words": "TRAIN"}, token=kiosk.token, writes_audited=False)
    desk.post("games:kiosk_close", kiosk_id=kiosk.pk)
    run_broadcast(desk, division)
    gcg = SimpleUploadedFile("logan.gcg", fixture("logan.gcg"))
    desk.post("games:upload", {"file": gcg, "rules_preset": "naspa", "rule_changes": ""})
    desk.post(
        "games:create",
        {
            "first_player": people[0].pk,
            "second_player": people[1].pk,
            "rules_preset": "naspa",
            "rule_changes": "",
        },
    )
    game = {"game_id": Game.objects.order_by("-pk").first().pk}
    desk.post("games:clock", {"action": "start", "player": "0"}, **game)
    desk.post("games:turn", {"move": "8D TRAIN", "challenge": "none"}, **game)
    desk.post("games:challenge", {"outcome": "phony"}, **game)
    desk.post("games:turn", {"action": "pass"}, **game)
    desk.post("games:undo", **game)
    desk.post("games:forfeit", {"loser": "1"}, **game)
    thai = {"first_player": people[0].pk, "second_player": people[1].pk, "rules_preset": "thai"}
    desk.post("games:create", thai | {"rule_changes": ""})
    tied = {"game_id": Game.objects.order_by("-pk").first().pk}
    for _turn in range(6):  # six scoreless turns end the game, awaiting the racks
        desk.post("games:turn", {"action": "pass"}, **tied)
    racks = {"first_rack": "AAEEIIO", "second_rack": "NNRRSTU"}  # 7 each: a tie, so a play-off
    desk.post("games:end_racks", racks, **tied)
    words = {"first_word": "ZAX", "first_score": 19, "second_word": "CAT", "second_score": 5}
    desk.post("games:playoff", words, **tied)


def run_broadcast(desk: Desk, division: Division) -> None:
    """The broadcast page of a division: the delay, the top tables, a game marked."""
    where = {"tournament_slug": division.tournament.slug, "division_name": division.name}
    desk.post("games:broadcast_delay", {"minutes": "5"}, **where)
    desk.post("games:broadcast_top_tables", {"tables": "2"}, **where)
    pairing = Pairing.objects.filter(round__division=division, second__isnull=False).first()
    game = Game.objects.filter(pairing=pairing).first() or factories.game(
        pairing.first.player, pairing.second.player, pairing=pairing
    )
    desk.post("games:broadcast_mark", {"on": "1"}, game_id=game.pk)


def run_integrity(desk: Desk, event: Tournament) -> None:
    """A flag of the integrity desk dismissed with a note."""
    pairing = Pairing.objects.filter(round__division__tournament=event).first()
    key = f"pattern.same_scores:0:{pairing.pk}:0:1-2"
    note = {"key": key, "note": "They met twice by the schedule; the scores are a coincidence."}
    desk.post("games:integrity_dismiss", note, tournament_slug=event.slug)


def copy_event(desk: Desk, event: Tournament) -> None:
    """The event's archive, downloaded and imported again as a new event."""
    desk.client.force_login(desk.account)
    archive = desk.client.get(
        reverse("tournaments:archive", kwargs={"tournament_slug": event.slug})
    )
    upload = SimpleUploadedFile("guard-open.json", archive.content, "application/json")
    desk.post("tournaments:archive_import", {"file": upload, "slug": "guard-copy"})
    assert Tournament.objects.filter(slug="guard-copy").exists()


def run_many_divisions(desk: Desk, event: Tournament) -> None:
    """Next year's event set up from this one, its divisions kept as a template and added to
    another event, and the next round of every ready division paired at once."""
    slug = {"tournament_slug": event.slug}
    copied = {"name": "Guard Next", "slug": "guard-next", "copy_entries": "on"}
    desk.post("tournaments:event_copy", copied, **slug)
    assert Tournament.objects.get(slug="guard-next").divisions.count() == 2
    desk.post("tournaments:template_save", {"template_name": "Guard divisions"}, **slug)
    desk.post("tournaments:create", {"name": "Guard Template", "rules_preset": "naspa"})
    target = {"tournament_slug": Tournament.objects.get(name="Guard Template").slug}
    template = EventTemplate.objects.get(name="Guard divisions")
    desk.post("tournaments:template_apply", {"template": template.pk}, **target)
    # The copy's players have not come yet: the whole event's switch, then its no-shows.
    following = {"tournament_slug": "guard-next"}
    desk.post("tournaments:event_check_in_toggle", {"action": "open"}, **following)
    desk.post("tournaments:event_check_in_toggle", {"action": "close"}, **following)
    ids = [e.pk for e in Entry.objects.filter(division__tournament__slug="guard-next")]
    desk.post("tournaments:event_no_shows", {"entries": ids}, **following)
    desk.post("tournaments:pair_all", {"confirm": "on"}, **slug)


def restore_event(desk: Desk, event: Tournament) -> None:
    """A restore point of the event taken by hand, restored in place and as a copy."""
    where = {"tournament_slug": event.slug}
    desk.post("tournaments:restore_point_take", **where)
    point = RestorePoint.objects.get(tournament=event, reason="manual")
    restore = {"point_id": point.pk, **where}
    desk.post("tournaments:restore_point_restore", {"mode": "in_place", "confirm": "on"}, **restore)
    desk.post("tournaments:restore_point_restore", {"mode": "copy", "slug": "guard-b"}, **restore)
    assert RestorePoint.objects.filter(tournament=event, reason="before_restore").exists()
    assert Tournament.objects.filter(slug="guard-b").exists()


def run_playoff(desk: Desk, event: Tournament) -> None:
    """Division A's top two go to a one-game final, which is then cancelled unplayed."""
    div = {"tournament_slug": event.slug, "division_name": "A"}
    start = {"top": 2, "best_of": 1, "advantage": "first_move", "action": "start"}
    desk.post("tournaments:playoff_manage", start, **div)
    desk.post("tournaments:playoff_manage", {"action": "cancel"}, **div)


def write_urls(world) -> set[str]:
    """The named URLs that take a POST from the event's director (the others answer 405)."""
    client = world["client"]
    client.force_login(world["director"])
    found = set()
    for name, params in named_patterns():
        url = reverse(name, kwargs=url_kwargs(name, params, world))
        if client.post(url).status_code != 405:
            found.add(name)
    return found


def run_publishing(desk: Desk, event: Tournament) -> None:
    """A publishing target added, published to now, switched off and on, and removed."""
    where = {"tournament_slug": event.slug}
    desk.post("publishing:target_add", {"spec": "/srv/www/guard"}, **where)
    at = {"target_id": PublishTarget.objects.get(tournament=event).pk, **where}
    desk.post("publishing:publish_now", **at)
    desk.post("publishing:target_switch", {"enabled": "0"}, **at)
    desk.post("publishing:target_switch", {"enabled": "1"}, **at)
    desk.post("publishing:target_remove", **at)
    assert not PublishTarget.objects.filter(tournament=event).exists()


def test_every_write_flow_writes_only_through_audited_services(client, staff):
    people = [factories.player(f"Guard {n}", user=factories.user()) for n in range(1, 5)]
    desk = Desk(client, staff)
    event = run_event(desk, people)
    play_round(desk, event, people)
    restore_event(desk, event)
    rate_event(desk, event)
    run_club(desk, people)
    run_players_and_games(desk, people)
    run_integrity(desk, event)
    copy_event(desk, event)
    run_playoff(desk, event)
    run_many_divisions(desk, event)
    run_publishing(desk, event)
    assert desk.problems == [], "\n".join(desk.problems)
    director = factories.user()
    world = {
        "client": client,
        "director": director,
        "club": factories.club(),
        "tournament": factories.tournament(director=director),
        "game": factories.game(created_by=director),
    }
    world["division"] = factories.division(world["tournament"])
    world["entries"] = factories.entries(world["division"], 2)
    found = write_urls(world)
    # Two of them the rules of an event and of a division; three late arrival and the play-off;
    # thirteen a club running itself (its list, corrections, the undo of games and of ratings,
    # guests, members in bulk); two a restore point taken and restored; one the tiles left on
    # the racks, one a new player created from registration; one the playoff, one a division's
    # prize settings; four many divisions at once (copy, template saved and applied, pair all);
    # four self check-in and its no-shows; three a division's broadcast; two the whole event's
    # check-in switch and its no-shows; one the players numbered by rating; one a flag of the
    # integrity desk dismissed; four an event's publishing targets.
    assert len(found) == 88
    assert found - desk.posted == set()
