from django.urls import path

from .views import events

app_name = "tournaments"
urlpatterns = [
    path("", events.tournament_list, name="list"),
    path("<str:slug>/", events.tournament_detail, name="detail"),
    path("<str:slug>/edit/", events.tournament_edit, name="edit"),
]
