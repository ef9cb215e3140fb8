from django.urls import path

from . import views

app_name = "players"
urlpatterns = [
    path("", views.player_list, name="list"),
    path("new/", views.player_create, name="create"),
    path("import/", views.roster_import, name="import"),
    path("<int:player_id>/", views.player_detail, name="detail"),
    path("<int:player_id>/edit/", views.player_edit, name="edit"),
]
