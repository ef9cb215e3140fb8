from django.urls import include, path

from ratings.views import clubs as ratings

from .views import clubs, corrections, members, nights

# A casual game of a club night, under "<club_slug>/sessions/<session_id>/games/<game_id>/".
game_patterns = [
    path("edit/", corrections.casual_game_edit, name="casual_game_edit"),
    path("delete/", corrections.casual_game_delete, name="casual_game_delete"),
]

# A club night, under "<club_slug>/sessions/<session_id>/".
session_patterns = [
    path("", nights.club_session, name="session"),
    path("games/", nights.casual_game_add, name="casual_game_add"),
    path("games/<int:game_id>/", include(game_patterns)),
    path("guests/", members.guest_add, name="guest_add"),
    path("attendance/", nights.attendance_mark, name="attendance_mark"),
    path("rate/", ratings.club_session_rate_view, name="session_rate"),
    path("rerate/", ratings.club_session_rerate_view, name="session_rerate"),
    path("unrate/", ratings.club_session_unrate_view, name="session_unrate"),
]

# Members and guests (views/members.py), under "<club_slug>/members/" and "<club_slug>/guests/".
member_patterns = [
    path("", members.member_list, name="members"),
    path("add/", members.membership_add, name="membership_add"),
    path("picker/", members.member_picker, name="member_picker"),
    path("add-many/", members.members_add_many, name="members_add_many"),
    path("<int:membership_id>/status/", members.member_status, name="member_status"),
]
guest_patterns = [
    path("", members.guest_list, name="guests"),
    path("<int:guest_id>/join/", members.guest_join, name="guest_join"),
    path("<int:guest_id>/match/", members.guest_match, name="guest_match"),
]

# A club's own pages, under "<club_slug>/".
club_patterns = [
    path("", clubs.club_detail, name="detail"),
    path("edit/", clubs.club_edit, name="edit"),
    path("members/", include(member_patterns)),
    path("guests/", include(guest_patterns)),
    path("audit/", corrections.club_audit, name="audit"),
    path("audit/<int:entry_id>/rating-undo/", ratings.rating_undo, name="rating_undo"),
    path("audit/<int:entry_id>/undo/", corrections.club_audit_undo, name="audit_undo"),
    path("ratings/new/", ratings.club_rating_list_create, name="rating_list_create"),
    path("ladder/", ratings.club_ladder, name="ladder"),
    path("ladder/print/", ratings.club_ladder_pdf, name="ladder_pdf"),
    path("tournaments/new/", clubs.club_tournament_create, name="tournament_create"),
    path("sessions/new/", nights.club_session_create, name="session_create"),
    path("sessions/<int:session_id>/", include(session_patterns)),
]

app_name = "clubs"
urlpatterns = [
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_create, name="create"),
    path("<str:club_slug>/", include(club_patterns)),
]
