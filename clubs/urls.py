from django.urls import path

from .views import clubs, nights

app_name = "clubs"
urlpatterns = [
    path("", clubs.club_list, name="list"),
    path("new/", clubs.club_create, name="create"),
    path("<str:club_slug>/", clubs.club_detail, name="detail"),
    path("<str:club_slug>/edit/", clubs.club_edit, name="edit"),
    path("<str:club_slug>/members/add/", clubs.membership_add, name="membership_add"),
    path("<str:club_slug>/ladder/", nights.club_ladder, name="ladder"),
    path(
        "<str:club_slug>/tournaments/new/",
        clubs.club_tournament_create,
        name="tournament_create",
    ),
    path("<str:club_slug>/sessions/new/", nights.club_session_create, name="session_create"),
    path("<str:club_slug>/sessions/<int:session_id>/", nights.club_session, name="session"),
    path(
        "<str:club_slug>/sessions/<int:session_id>/games/",
        nights.casual_game_add,
        name="casual_game_add",
    ),
    path(
        "<str:club_slug>/sessions/<int:session_id>/attendance/",
        nights.attendance_mark,
        name="attendance_mark",
    ),
    path(
        "<str:club_slug>/sessions/<int:session_id>/rate/",
        nights.club_session_rate_view,
        name="session_rate",
    ),
]
