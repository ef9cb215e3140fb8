from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<str:slug>/", views.tournament_detail, name="detail"),
    path("<str:slug>/edit/", views.tournament_edit, name="edit"),
]
