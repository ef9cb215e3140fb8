from django.urls import path

from .views import (
    divisions,
    events,
    feeds,
    pairings,
    prizes,
    public,
    registration,
    reports,
    standings,
)
from .views import results as result_views

app_name = "tournaments"
urlpatterns = [
    path("", events.tournament_list, name="list"),
    path("new/", events.tournament_create, name="create"),
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
    # Pages players see, printable reports and the feed (views/public.py, views/reports.py).
    path("<str:slug>/live/", public.event_home, name="public_home"),
    path("<str:slug>/<str:division>/live/", public.live_pairings, name="public_pairings"),
    path("<str:slug>/<str:division>/stats/", public.statistics, name="public_stats"),
    path("<str:slug>/<str:division>/player/<int:number>/", public.player, name="public_player"),
    path(
        "<str:slug>/<str:division>/player/<int:number>/report/",
        public.self_report,
        name="self_report",
    ),
    path("<str:slug>/<str:division>/score-reports/", public.score_reports, name="score_reports"),
    path("<str:slug>/<str:division>/feed.json", feeds.feed, name="feed"),
    path(
        "<str:slug>/<str:division>/print/pairings/<int:round>/",
        reports.pairings_pdf,
        name="print_pairings",
    ),
    path(
        "<str:slug>/<str:division>/print/standings/", reports.standings_pdf, name="print_standings"
    ),
    path(
        "<str:slug>/<str:division>/print/wall-chart/",
        reports.wall_chart_pdf,
        name="print_wall_chart",
    ),
    path(
        "<str:slug>/<str:division>/print/final-report/",
        reports.final_report_pdf,
        name="print_final_report",
    ),
    path(
        "<str:slug>/<str:division>/print/scorecards/",
        reports.scorecards_pdf,
        name="print_scorecards",
    ),
    path(
        "<str:slug>/<str:division>/print/slips/<int:round>/",
        reports.result_slips_pdf,
        name="print_slips",
    ),
    # Prize bands and their current holders (views/prizes.py).
    path("<str:slug>/<str:division>/prizes/", prizes.prizes, name="prizes"),
    path("<str:slug>/<str:division>/prizes/add/", prizes.prize_add, name="prize_add"),
    path(
        "<str:slug>/<str:division>/prizes/<int:pk>/delete/",
        prizes.prize_delete,
        name="prize_delete",
    ),
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
