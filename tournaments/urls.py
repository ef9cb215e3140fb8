from django.urls import path

from .views import divisions, events, pairings, registration, standings
from .views import results as result_views

app_name = "tournaments"
urlpatterns = [
    path("", events.tournament_list, name="list"),
    path("<str:slug>/", events.tournament_detail, name="detail"),
    path("<str:slug>/edit/", events.tournament_edit, name="edit"),
    path(
        "<str:slug>/<str:division>/round/<int:number>/results/",
        result_views.result_entry,
        name="results",
    ),
    path(
        "<str:slug>/<str:division>/round/<int:number>/results/preview/",
        result_views.result_preview,
        name="results_preview",
    ),
    path("<str:slug>/result/<int:pk>/edit/", result_views.result_edit, name="result_edit"),
    path("<str:slug>/audit/", result_views.audit_log, name="audit"),
    path("<str:slug>/audit/<int:pk>/undo/", result_views.audit_undo, name="audit_undo"),
    # Division pages stay last: "<slug>/<division>/" would shadow any two-segment path below it.
    path("<str:slug>/divisions/new/", divisions.division_create, name="division_create"),
    path("<str:slug>/<str:division>/", divisions.division_detail, name="division"),
    path("<str:slug>/<str:division>/edit/", divisions.division_edit, name="division_edit"),
    path("<str:slug>/<str:division>/round/<int:number>/", divisions.division_detail, name="round"),
    path(
        "<str:slug>/<str:division>/round/<int:number>/edit/",
        pairings.round_edit,
        name="round_edit",
    ),
    path("<str:slug>/<str:division>/standings/", standings.standings, name="standings"),
    path("<str:slug>/<str:division>/crosstable/", standings.crosstable, name="crosstable"),
    path("<str:slug>/<str:division>/registration/", registration.registration, name="registration"),
    path(
        "<str:slug>/<str:division>/registration/<int:pk>/",
        registration.entry_update,
        name="entry_update",
    ),
    path("<str:slug>/<str:division>/pairing/", pairings.pairing, name="pairing"),
    path("<str:slug>/<str:division>/pins/", pairings.pin_add, name="pin_add"),
    path("<str:slug>/<str:division>/pins/<int:pk>/delete/", pairings.pin_delete, name="pin_delete"),
]
