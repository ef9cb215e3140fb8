"""The Django admin: every model of the desk's apps has a page there, and only staff get in."""

import datetime

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from clubs.models import Attendance, CasualGame, ClubGuest, ClubSession, Membership
from core.audit import audit_record
from core.languages import profile_language_set
from core.models import AuditEntry
from games.broadcast.services import broadcast_delay_set, broadcast_mark, broadcast_top_tables_set
from games.integrity.services import flag_dismiss
from games.models import GameClock, JudgeKiosk, Judgment, Lexicon, Turn
from ratings.models import PlayerRating, RatingChange, RatingEvent, RatingList
from tests import factories
from tests.audit_guard import last_audit_id, unaudited, watching_writes
from tournaments.models import (
    Division,
    EventTemplate,
    FixedPairing,
    Pairing,
    PrizeBand,
    ScoreReport,
    Tournament,
    TournamentRole,
)
from tournaments.services.restore_points import restore_point_take

pytestmark = pytest.mark.django_db

APPS = ("core", "players", "clubs", "tournaments", "games", "ratings")


# Models edited only inside their parent's page (a scoresheet's lines belong to its game).
def desk_models() -> list:
    return [model for label in APPS for model in apps.get_app_config(label).get_models()]


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_model_of_the_apps_has_an_admin_page():
    reverse("admin:index")  # the admin pages are registered when the URLs load
    missing = [m._meta.label for m in desk_models() if not admin.site.is_registered(m)]
    assert missing == []


@pytest.fixture
def every_row(director):
    """One row of every model of the three apps, linked as the site would link them."""
    club = factories.club()
    factories.officer(club)
    event = factories.tournament(director=director, club=club)
    division = factories.division(event)
    entries = factories.entries(division, 2)
    round_ = factories.round_with_pairings(division, entries)
    pairing = round_.pairings.get()
    rating_list = RatingList.objects.create(name="National", slug="national")
    event_row = RatingEvent.objects.create(
        rating_list=rating_list, tournament=event, division=division, order=1
    )
    first, second = entries[0].player, entries[1].player
    PlayerRating.objects.create(rating_list=rating_list, player=first, rating=1500.0)
    RatingChange.objects.create(
        event=event_row, player=first, before=1500.0, after=1510.0, games=1, wins=1.0
    )
    session = ClubSession.objects.create(club=club, date=datetime.date(2025, 3, 4))
    Attendance.objects.create(session=session, player=first)
    ClubGuest.objects.create(club=club, player=factories.player("Gina Guest"))
    CasualGame.objects.create(
        session=session, player_a=first, player_b=second, score_a=400, score_b=350
    )
    FixedPairing.objects.create(
        division=division, round_number=2, first=entries[0], second=entries[1]
    )
    PrizeBand.objects.create(
        division=division, kind=PrizeBand.Kind.RANK, label="Top three", places=3
    )
    ScoreReport.objects.create(
        pairing=pairing, reported_by=entries[0], user=director, first_score=400, second_score=380
    )
    game = factories.game(first, second)
    Turn.objects.create(game=game, number=1, player=1, kind=Turn.Kind.PASS)
    GameClock.objects.create(game=game)
    lexicon = Lexicon.objects.create(name="TEST", checksum="0" * 64, word_count=1, word_list="AA")
    Judgment.objects.create(lexicon=lexicon, words=["AA"], acceptable=True)
    JudgeKiosk.objects.create(
        token="t" * 32, division=division, lexicon=lexicon, expires_at=timezone.now()
    )
    audit_record(by=None, action="test.row", obj=club, scope=f"club:{club.pk}")
    profile_language_set(user=director, language="th", by=director)
    restore_point_take(by=director, tournament=event)
    EventTemplate.objects.create(name="Every division", divisions=[], created_by=director)
    broadcast_delay_set(by=director, tournament=event, minutes=5)
    broadcast_top_tables_set(by=director, division=division, tables=2)
    marked = factories.game(first, second, pairing=pairing)
    broadcast_mark(by=director, game=marked, on=True)
    key = f"scores.move_score:{marked.pk}:{pairing.pk}:1:"
    flag_dismiss(by=director, tournament=event, key=key, note="Checked with both players")
    return event


@pytest.fixture
def staff_viewer():
    """A staff account allowed to look at (not change) every model of the three apps."""
    account = factories.user(is_staff=True)
    account.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=APPS, codename__startswith="view_")
    )
    return account


def test_staff_open_every_changelist_and_change_page(client, every_row, staff_viewer):
    client.force_login(staff_viewer)
    for model in desk_models():
        row = model.objects.order_by("pk").first()
        assert row is not None, model._meta.label
        listing = client.get(admin_url(model, "changelist"))
        assert listing.status_code == 200, model._meta.label
        assert listing.context["cl"].result_count >= 1, model._meta.label
        page = client.get(admin_url(model, "change", row.pk))
        assert page.status_code == 200, model._meta.label


def test_people_who_are_not_staff_are_sent_to_the_admin_login(client, every_row, director):
    client.force_login(director)
    for model in (RatingList, PrizeBand, ScoreReport, CasualGame):
        response = client.get(admin_url(model, "changelist"))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


def test_ratings_are_shown_read_only_inside_their_event(client, every_row, staff):
    # Even a staff member who may change events cannot edit what a recompute would rewrite.
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="ratings"))
    client.force_login(staff)
    event_row = RatingEvent.objects.get()
    page = client.get(admin_url(RatingEvent, "change", event_row.pk))
    assert page.status_code == 200
    formset = page.context["inline_admin_formsets"][0]
    assert formset.opts.model is RatingChange
    assert "after" in formset.opts.readonly_fields
    assert formset.formset.max_num == 0


# The admin pages that save (through the apps' audited services); every other one only shows.
SAVED_BY_SERVICES = [
    "players.Player",
    "clubs.Club",
    "clubs.Membership",
    "tournaments.Tournament",
    "tournaments.TournamentRole",
    "tournaments.Division",
]


def _field_data(form) -> dict:
    """What a browser would send for `form` as shown: each widget's names and current values."""
    data = {}
    for bound in form:
        widget = bound.field.widget
        widget = getattr(widget, "widget", widget)  # the admin's wrapper adds "+" links
        names = [bound.html_name]
        if bound.field.show_hidden_initial:  # fields with a callable default post their initial
            names.append(bound.html_initial_name)
        contexts = [widget.get_context(name, bound.value(), {})["widget"] for name in names]
        for part in [sub for context in contexts for sub in context.get("subwidgets") or [context]]:
            value = part["value"]
            if part.get("type") == "checkbox":
                if part["attrs"].get("checked"):
                    data[part["name"]] = "on"
            elif isinstance(value, list):
                data[part["name"]] = [v for v in value if v is not None]
            elif value is not None:
                data[part["name"]] = value
    return data


def admin_form_data(page) -> dict:
    """The change page's form and inline forms posted back as they are."""
    data = _field_data(page.context["adminform"].form)
    for inline in page.context["inline_admin_formsets"]:
        formset = inline.formset
        data.update(_field_data(formset.management_form))
        for form in formset.forms:
            data.update(_field_data(form))
    return data


def test_saving_any_admin_page_writes_only_through_audited_services(client, every_row):
    client.force_login(factories.user(is_staff=True, is_superuser=True))
    problems, saved = [], []
    for model in desk_models():
        url = admin_url(model, "change", model.objects.order_by("pk").first().pk)
        data = admin_form_data(client.get(url))
        since = last_audit_id()
        with watching_writes() as writes:
            response = client.post(url, data)
        assert response.status_code in (302, 403), (
            model._meta.label,
            response.context and response.context["adminform"].form.errors,
        )
        saved += [model._meta.label] if response.status_code == 302 else []
        problems += [f"{model._meta.label}: {write}" for write in unaudited(writes, since)]
    assert problems == [], "\n".join(problems)
    assert saved == SAVED_BY_SERVICES


@pytest.fixture
def superuser(client):
    account = factories.user(is_staff=True, is_superuser=True)
    client.force_login(account)
    return account


def test_the_admin_shows_results_but_a_posted_score_changes_nothing(client, every_row, superuser):
    pairing = Pairing.objects.get()
    url = admin_url(Pairing, "change", pairing.pk)
    page = client.get(url)
    assert page.status_code == 200
    assert page.context["adminform"].form.fields == {}
    assert {"first_score", "second_score"} <= set(page.context["adminform"].readonly_fields)
    response = client.post(url, {"first_score": 999, "second_score": 1})
    assert response.status_code == 403
    pairing.refresh_from_db()
    assert (pairing.first_score, pairing.second_score, pairing.version) == (None, None, 0)


def test_staff_cannot_add_or_delete_rows_the_services_write(client, every_row, superuser):
    for model in desk_models():
        label = model._meta.label
        row = model.objects.order_by("pk").first()
        if label == "tournaments.TournamentRole":
            continue  # given and taken away through its services
        assert client.get(admin_url(model, "delete", row.pk)).status_code == 403, label
        assert client.get(admin_url(model, "add")).status_code == 403, label
        if label not in SAVED_BY_SERVICES:
            assert client.post(admin_url(model, "change", row.pk), {}).status_code == 403, label


def test_a_tournament_changed_in_the_admin_is_changed_by_its_audited_service(
    client, every_row, superuser
):
    url = admin_url(Tournament, "change", every_row.pk)
    data = admin_form_data(client.get(url)) | {"name": "Renamed Open", "venue": "Town Hall"}
    assert client.post(url, data).status_code == 302
    entry = AuditEntry.objects.get(action="tournament.update")
    assert (entry.actor, entry.tournament_id) == (superuser, every_row.pk)
    assert (entry.after["name"], entry.after["venue"]) == ("Renamed Open", "Town Hall")
    assert entry.before["name"] == every_row.name


def test_an_admin_save_without_changes_writes_nothing(client, every_row, superuser):
    url = admin_url(Tournament, "change", every_row.pk)
    before = AuditEntry.objects.count()
    assert client.post(url, admin_form_data(client.get(url))).status_code == 302
    assert AuditEntry.objects.count() == before


def test_a_division_change_the_service_refuses_is_shown_and_nothing_changes(
    client, every_row, superuser
):
    division = Division.objects.get()
    url = admin_url(Division, "change", division.pk)
    data = admin_form_data(client.get(url)) | {"pairing_plan": "1-3 nonsense"}
    response = client.post(url, data, follow=True)
    assert response.redirect_chain == [(url, 302)]
    shown = [str(m) for m in response.context["messages"]]
    assert len(shown) == 1 and "nonsense" in shown[0]
    division.refresh_from_db()
    assert division.pairing_plan == ""
    assert not AuditEntry.objects.filter(action="division.update").exists()


def test_a_member_changed_in_the_admin_is_changed_by_the_membership_service(
    client, every_row, superuser
):
    membership = Membership.objects.get()
    url = admin_url(Membership, "change", membership.pk)
    data = admin_form_data(client.get(url)) | {"role": Membership.Role.MEMBER}
    assert client.post(url, data).status_code == 302
    membership.refresh_from_db()
    assert membership.role == Membership.Role.MEMBER
    entry = AuditEntry.objects.get(action="membership.update")
    assert (entry.scope, entry.before["role"], entry.after["role"]) == (
        f"club:{membership.club_id}",
        Membership.Role.OFFICER,
        Membership.Role.MEMBER,
    )


def test_roles_given_and_taken_away_in_the_admin_are_audited(client, every_row, superuser):
    helper = factories.user()
    response = client.post(
        admin_url(TournamentRole, "add"),
        {"tournament": every_row.pk, "user": helper.pk, "role": TournamentRole.Role.ASSISTANT},
    )
    assert response.status_code == 302
    role = TournamentRole.objects.get(user=helper)
    given = AuditEntry.objects.get(action="tournament.role")
    assert (given.object_id, given.after) == (
        str(role.pk),
        {"user": helper.pk, "role": TournamentRole.Role.ASSISTANT},
    )
    response = client.post(admin_url(TournamentRole, "delete", role.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not TournamentRole.objects.filter(user=helper).exists()
    taken = AuditEntry.objects.get(action="tournament.role_remove")
    assert (taken.object_id, taken.tournament_id, taken.before) == (
        str(role.pk),
        every_row.pk,
        {"user": helper.pk, "role": TournamentRole.Role.ASSISTANT},
    )
