from django.urls import path

from . import club_views, rating_views, views

app_name = "players"
urlpatterns = [
    path("", views.player_list, name="list"),
    path("new/", views.player_create, name="create"),
    path("import/", views.roster_import, name="import"),
    path("<int:pk>/", views.player_detail, name="detail"),
    path("<int:pk>/edit/", views.player_edit, name="edit"),
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<str:slug>/", views.club_detail, name="club"),
    path("clubs/<str:slug>/edit/", views.club_edit, name="club_edit"),
    path("clubs/<str:slug>/members/add/", views.membership_add, name="membership_add"),
    path("clubs/<str:slug>/ladder/", club_views.club_ladder, name="club_ladder"),
    path(
        "clubs/<str:slug>/tournaments/new/",
        club_views.club_tournament_create,
        name="club_tournament_create",
    ),
    path(
        "clubs/<str:slug>/sessions/new/", club_views.club_session_create, name="club_session_create"
    ),
    path("clubs/<str:slug>/sessions/<int:session>/", club_views.club_session, name="club_session"),
    path(
        "clubs/<str:slug>/sessions/<int:session>/games/",
        club_views.casual_game_add,
        name="casual_game_add",
    ),
    path(
        "clubs/<str:slug>/sessions/<int:session>/attendance/",
        club_views.attendance_mark,
        name="attendance_mark",
    ),
    path(
        "clubs/<str:slug>/sessions/<int:session>/rate/",
        club_views.club_session_rate_view,
        name="club_session_rate",
    ),
    path("ratings/", rating_views.rating_lists, name="rating_lists"),
    path("ratings/<str:list_slug>/", rating_views.rating_list, name="rating_list"),
    path("ratings/<str:list_slug>/recompute/", rating_views.recompute, name="rating_recompute"),
    path(
        "ratings/<str:list_slug>/events/<int:pk>/tsh/",
        rating_views.rating_event_tsh,
        name="rating_event_tsh",
    ),
    path(
        "ratings/<str:list_slug>/events/<int:pk>/csv/",
        rating_views.rating_event_csv,
        name="rating_event_csv",
    ),
    path(
        "ratings/<str:list_slug>/projected/<str:tournament>/",
        rating_views.projected,
        name="projected",
    ),
    path(
        "ratings/<str:list_slug>/rate/<str:tournament>/",
        rating_views.rate_tournament,
        name="rate_tournament",
    ),
]
