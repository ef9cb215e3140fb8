from django.urls import include, path

from . import views

# A player's own pages, under "<player_id>/".
player_patterns = [
    path("", views.player_detail, name="detail"),
    path("edit/", views.player_edit, name="edit"),
]

app_name = "players"
urlpatterns = [
    path("", views.player_list, name="list"),
    path("new/", views.player_create, name="create"),
    path("import/", views.roster_import, name="import"),
    path("<int:player_id>/", include(player_patterns)),
]
