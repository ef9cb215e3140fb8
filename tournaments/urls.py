from django.urls import path

from .views import (
    archive,
    check_in,
    divisions,
    entry_links,
    entry_numbers,
    event_check_in,
    event_copy,
    events,
    exports,
    feeds,
    hall,
    lateness,
    pair_all,
    pairings,
    playoffs,
    prizes,
    public,
    registration,
    registration_bulk,
    reports,
    restore_points,
    rules,
    standings,
    teams,
)
from .views import results as result_views

app_name = "tournaments"
urlpatterns = [
    path("", events.tournament_list, name="list"),
    path("new/", events.tournament_create, name="create"),
    path("import/", archive.archive_import, name="archive_import"),
    path("<str:tournament_slug>/", events.tournament_detail, name="detail"),
    path("<str:tournament_slug>/edit/", events.tournament_edit, name="edit"),
    path("<str:tournament_slug>/rules/", rules.tournament_rules, name="rules"),
    path("<str:tournament_slug>/archive.json", archive.archive_download, name="archive"),
    # Files other tools read (views/exports.py): TSH's live feed, the rating authorities' files.
    path("<str:tournament_slug>/tourney.js", exports.tourney_js, name="tourney_js"),
    path("<str:tournament_slug>/results.tou", exports.tou_download, name="export_tou"),
    path("<str:tournament_slug>/naspa.tsh", exports.naspa_download, name="export_naspa"),
    path("<str:tournament_slug>/copy/", event_copy.event_copy, name="event_copy"),
    path("<str:tournament_slug>/save-template/", event_copy.template_save, name="template_save"),
    path(
        "<str:tournament_slug>/divisions/from-template/",
        event_copy.template_apply,
        name="template_apply",
    ),
    path("<str:tournament_slug>/pair-all/", pair_all.pair_all, name="pair_all"),
    path(
        "<str:tournament_slug>/check-in/",
        event_check_in.event_check_in_toggle,
        name="event_check_in_toggle",
    ),
    path("<str:tournament_slug>/no-shows/", event_check_in.event_no_shows, name="event_no_shows"),
    path("<str:tournament_slug>/team-standings/", teams.team_standings, name="team_standings"),
    # Restore points (views/restore_points.py), before the division pages they would be taken for.
    path(
        "<str:tournament_slug>/restore-points/",
        restore_points.restore_point_list,
        name="restore_points",
    ),
    path(
        "<str:tournament_slug>/restore-points/take/",
        restore_points.restore_point_take_now,
        name="restore_point_take",
    ),
    path(
        "<str:tournament_slug>/restore-points/<int:point_id>/download/",
        restore_points.restore_point_download,
        name="restore_point_download",
    ),
    path(
        "<str:tournament_slug>/restore-points/<int:point_id>/restore/",
        restore_points.restore_point_restore,
        name="restore_point_restore",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/results/",
        result_views.result_entry,
        name="results",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/results/preview/",
        result_views.result_preview,
        name="results_preview",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/results/live/",
        result_views.result_live,
        name="results_live",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/start/",
        lateness.round_start,
        name="round_start",
    ),
    path(
        "<str:tournament_slug>/result/<int:pairing_id>/no-show/",
        lateness.no_show,
        name="no_show",
    ),
    path(
        "<str:tournament_slug>/result/<int:pairing_id>/edit/",
        result_views.result_edit,
        name="result_edit",
    ),
    path("<str:tournament_slug>/audit/", result_views.audit_log, name="audit"),
    path(
        "<str:tournament_slug>/audit/<int:audit_id>/undo/",
        result_views.audit_undo,
        name="audit_undo",
    ),
    # A player's personal link, from the QR code of their scorecard (views/entry_links.py).
    path("<str:tournament_slug>/me/<str:token>/", entry_links.entry_link, name="entry_link"),
    path(
        "<str:tournament_slug>/me/<str:token>/check-in/",
        entry_links.entry_link_check_in,
        name="entry_link_check_in",
    ),
    path(
        "<str:tournament_slug>/me/<str:token>/report/",
        entry_links.entry_link_report,
        name="entry_link_report",
    ),
    path("<str:tournament_slug>/hall/", hall.event_hall_pairings, name="event_hall"),
    # Pages players see, printable reports and the feed (views/public.py, views/reports.py).
    path("<str:tournament_slug>/live/", public.event_home, name="public_home"),
    path(
        "<str:tournament_slug>/<str:division_name>/live/",
        public.live_pairings,
        name="public_pairings",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/stats/", public.statistics, name="public_stats"
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/player/<int:player_number>/",
        public.player,
        name="public_player",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/player/<int:player_number>/report/",
        public.self_report,
        name="self_report",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/score-reports/",
        public.score_reports,
        name="score_reports",
    ),
    path("<str:tournament_slug>/<str:division_name>/feed.json", feeds.feed, name="feed"),
    # Hall screens (views/hall.py).
    path("<str:tournament_slug>/<str:division_name>/hall/", hall.hall_pairings, name="hall"),
    path(
        "<str:tournament_slug>/<str:division_name>/missing/",
        hall.hall_missing,
        name="hall_missing",
    ),
    # Every report of pdf/registry.py; ?round= and ?order= as the report takes them.
    path(
        "<str:tournament_slug>/<str:division_name>/print/<str:report_name>/",
        reports.print_report,
        name="print",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/print/<str:report_name>/<int:round_number>/",
        reports.print_round_report,
        name="print_round",
    ),
    # The playoff: public bracket, its feed, the director's page (views/playoffs.py).
    path("<str:tournament_slug>/<str:division_name>/playoff/", playoffs.playoff, name="playoff"),
    path(
        "<str:tournament_slug>/<str:division_name>/playoff.json",
        playoffs.playoff_feed,
        name="playoff_feed",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/playoff/manage/",
        playoffs.playoff_manage,
        name="playoff_manage",
    ),
    # Prize bands and their current holders (views/prizes.py).
    path("<str:tournament_slug>/<str:division_name>/prizes/", prizes.prizes, name="prizes"),
    path(
        "<str:tournament_slug>/<str:division_name>/prizes/add/", prizes.prize_add, name="prize_add"
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/prizes/<int:band_id>/delete/",
        prizes.prize_delete,
        name="prize_delete",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/prizes/settings/",
        prizes.prize_settings,
        name="prize_settings",
    ),
    # Division pages stay last: "<tournament_slug>/<division_name>/" would shadow any two-segment path below it.
    path("<str:tournament_slug>/divisions/new/", divisions.division_create, name="division_create"),
    path("<str:tournament_slug>/<str:division_name>/", divisions.division_detail, name="division"),
    path(
        "<str:tournament_slug>/<str:division_name>/edit/",
        divisions.division_edit,
        name="division_edit",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/",
        divisions.division_detail,
        name="round",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/rules/",
        rules.division_rules,
        name="division_rules",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/round/<int:round_number>/edit/",
        pairings.round_edit,
        name="round_edit",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/standings/",
        standings.standings,
        name="standings",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/crosstable/",
        standings.crosstable,
        name="crosstable",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/",
        registration.registration,
        name="registration",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/check-in/",
        check_in.check_in_toggle,
        name="check_in_toggle",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/number-by-rating/",
        entry_numbers.number_by_rating,
        name="number_by_rating",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/arrivals/",
        check_in.arrivals,
        name="arrivals",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/no-shows/",
        check_in.no_shows,
        name="no_shows",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/players/",
        registration_bulk.player_picker,
        name="registration_picker",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/new-player/",
        registration.registration_new_player,
        name="registration_new_player",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/bulk/",
        registration_bulk.bulk_update,
        name="registration_bulk",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/add-many/",
        registration_bulk.add_many,
        name="registration_add_many",
    ),
    path(
        "<str:tournament_slug>/<str:division_name>/registration/<int:entry_id>/",
        registration.entry_update,
        name="entry_update",
    ),
    path("<str:tournament_slug>/<str:division_name>/pairing/", pairings.pairing, name="pairing"),
    path("<str:tournament_slug>/<str:division_name>/pins/", pairings.pin_add, name="pin_add"),
    path(
        "<str:tournament_slug>/<str:division_name>/pins/<int:pin_id>/delete/",
        pairings.pin_delete,
        name="pin_delete",
    ),
]
