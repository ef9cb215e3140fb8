from django.urls import path

from ratings.views import clubs as ratings

from .views import clubs, corrections, members, nights

app_name = "clubs"
SESSION = "<str:club_slug>/sessions/<int:session_id>/"
GAME = SESSION + "games/<int:game_id>/"
urlpatterns = [
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_create, name="create"),
    path("<str:club_slug>/", clubs.club_detail, name="detail"),
    path("<str:club_slug>/edit/", clubs.club_edit, name="edit"),
    path("<str:club_slug>/members/", members.member_list, name="members"),
    path("<str:club_slug>/members/add/", members.membership_add, name="membership_add"),
    path("<str:club_slug>/members/picker/", members.member_picker, name="member_picker"),
    path("<str:club_slug>/members/add-many/", members.members_add_many, name="members_add_many"),
    path(
        "<str:club_slug>/members/<int:membership_id>/status/",
        members.member_status,
        name="member_status",
    ),
    path("<str:club_slug>/guests/", members.guest_list, name="guests"),
    path("<str:club_slug>/guests/<int:guest_id>/join/", members.guest_join, name="guest_join"),
    path("<str:club_slug>/guests/<int:guest_id>/match/", members.guest_match, name="guest_match"),
    path("<str:club_slug>/audit/", corrections.club_audit, name="audit"),
    path(
        "<str:club_slug>/audit/<int:entry_id>/rating-undo/",
        ratings.rating_undo,
        name="rating_undo",
    ),
    path(
        "<str:club_slug>/audit/<int:entry_id>/undo/",
        corrections.club_audit_undo,
        name="audit_undo",
    ),
    path(
        "<str:club_slug>/ratings/new/",
        ratings.club_rating_list_create,
        name="rating_list_create",
    ),
    path("<str:club_slug>/ladder/", ratings.club_ladder, name="ladder"),
    path("<str:club_slug>/ladder/print/", ratings.club_ladder_pdf, name="ladder_pdf"),
    path(
        "<str:club_slug>/tournaments/new/",
        clubs.club_tournament_create,
        name="tournament_create",
    ),
    path("<str:club_slug>/sessions/new/", nights.club_session_create, name="session_create"),
    path(SESSION, nights.club_session, name="session"),
    path(SESSION + "games/", nights.casual_game_add, name="casual_game_add"),
    path(GAME + "edit/", corrections.casual_game_edit, name="casual_game_edit"),
    path(GAME + "delete/", corrections.casual_game_delete, name="casual_game_delete"),
    path(SESSION + "guests/", members.guest_add, name="guest_add"),
    path(SESSION + "attendance/", nights.attendance_mark, name="attendance_mark"),
    path(SESSION + "rate/", ratings.club_session_rate_view, name="session_rate"),
    path(SESSION + "rerate/", ratings.club_session_rerate_view, name="session_rerate"),
    path(SESSION + "unrate/", ratings.club_session_unrate_view, name="session_unrate"),
]
