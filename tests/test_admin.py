"""The Django admin: every model of the desk's apps has a page there, and only staff get in."""

import datetime

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.urls import reverse

from clubs.models import Attendance, CasualGame, ClubSession
from core.audit import audit_record
from games.models import Judgment, Lexicon, Turn
from ratings.models import PlayerRating, RatingChange, RatingEvent, RatingList
from tests import factories
from tournaments.models import FixedPairing, PrizeBand, ScoreReport

pytestmark = pytest.mark.django_db

APPS = ("core", "players", "clubs", "tournaments", "games", "ratings")


# Models edited only inside their parent's page (a scoresheet's lines belong to its game).
def desk_models() -> list:
    return [model for label in APPS for model in apps.get_app_config(label).get_models()]


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_model_of_the_apps_has_an_admin_page():
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
        pairing=pairing, reported_by=entries[0], first_score=400, second_score=380
    )
    game = factories.game(first, second)
    Turn.objects.create(game=game, number=1, player=1, kind=Turn.Kind.PASS)
    lexicon = Lexicon.objects.create(name="TEST", checksum="0" * 64, word_count=1, word_list="AA")
    Judgment.objects.create(lexicon=lexicon, words=["AA"], acceptable=True)
    audit_record(by=None, action="test.row", obj=club, scope=f"club:{club.pk}")
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
