from django.urls import path

from . import views

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
]
