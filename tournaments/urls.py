from django.urls import include, path

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

# A round's pages, under "<tournament_slug>/<division_name>/round/<round_number>/".
round_patterns = [
    path("", divisions.division_detail, name="round"),
    path("edit/", pairings.round_edit, name="round_edit"),
    path("start/", lateness.round_start, name="round_start"),
    path("results/", result_views.result_entry, name="results"),
    path("results/preview/", result_views.result_preview, name="results_preview"),
    path("results/live/", result_views.result_live, name="results_live"),
]

# The registration desk, under "<tournament_slug>/<division_name>/registration/".
registration_patterns = [
    path("", registration.registration, name="registration"),
    path("check-in/", check_in.check_in_toggle, name="check_in_toggle"),
    path("number-by-rating/", entry_numbers.number_by_rating, name="number_by_rating"),
    path("arrivals/", check_in.arrivals, name="arrivals"),
    path("no-shows/", check_in.no_shows, name="no_shows"),
    path("players/", registration_bulk.player_picker, name="registration_picker"),
    path("new-player/", registration.registration_new_player, name="registration_new_player"),
    path("bulk/", registration_bulk.bulk_update, name="registration_bulk"),
    path("add-many/", registration_bulk.add_many, name="registration_add_many"),
    path("<int:entry_id>/", registration.entry_update, name="entry_update"),
]

# Prize bands and their current holders (views/prizes.py).
prize_patterns = [
    path("", prizes.prizes, name="prizes"),
    path("add/", prizes.prize_add, name="prize_add"),
    path("<int:band_id>/delete/", prizes.prize_delete, name="prize_delete"),
    path("settings/", prizes.prize_settings, name="prize_settings"),
]

# A division's pages, under "<tournament_slug>/<division_name>/".
division_patterns = [
    path("round/<int:round_number>/", include(round_patterns)),
    # Pages players see, printable reports and the feed (views/public.py, views/reports.py).
    path("live/", public.live_pairings, name="public_pairings"),
    path("stats/", public.statistics, name="public_stats"),
    path("player/<int:player_number>/", public.player, name="public_player"),
    path("player/<int:player_number>/report/", public.self_report, name="self_report"),
    path("score-reports/", public.score_reports, name="score_reports"),
    path("feed.json", feeds.feed, name="feed"),
    # Hall screens (views/hall.py).
    path("hall/", hall.hall_pairings, name="hall"),
    path("missing/", hall.hall_missing, name="hall_missing"),
    # Every report of pdf/registry.py; ?round= and ?order= as the report takes them.
    path("print/<str:report_name>/", reports.print_report, name="print"),
    path(
        "print/<str:report_name>/<int:round_number>/",
        reports.print_round_report,
        name="print_round",
    ),
    # The playoff: public bracket, its feed, the director's page (views/playoffs.py).
    path("playoff/", playoffs.playoff, name="playoff"),
    path("playoff.json", playoffs.playoff_feed, name="playoff_feed"),
    path("playoff/manage/", playoffs.playoff_manage, name="playoff_manage"),
    path("prizes/", include(prize_patterns)),
    path("", divisions.division_detail, name="division"),
    path("edit/", divisions.division_edit, name="division_edit"),
    path("rules/", rules.division_rules, name="division_rules"),
    path("standings/", standings.standings, name="standings"),
    path("crosstable/", standings.crosstable, name="crosstable"),
    path("registration/", include(registration_patterns)),
    path("pairing/", pairings.pairing, name="pairing"),
    path("pins/", pairings.pin_add, name="pin_add"),
    path("pins/<int:pin_id>/delete/", pairings.pin_delete, name="pin_delete"),
]

# Restore points (views/restore_points.py), under "<tournament_slug>/restore-points/".
restore_point_patterns = [
    path("", restore_points.restore_point_list, name="restore_points"),
    path("take/", restore_points.restore_point_take_now, name="restore_point_take"),
    path(
        "<int:point_id>/download/",
        restore_points.restore_point_download,
        name="restore_point_download",
    ),
    path(
        "<int:point_id>/restore/",
        restore_points.restore_point_restore,
        name="restore_point_restore",
    ),
]

# A player's personal link, from the QR code of their scorecard (views/entry_links.py).
entry_link_patterns = [
    path("", entry_links.entry_link, name="entry_link"),
    path("check-in/", entry_links.entry_link_check_in, name="entry_link_check_in"),
    path("report/", entry_links.entry_link_report, name="entry_link_report"),
]

# An event's own pages, under "<tournament_slug>/".
event_patterns = [
    path("", events.tournament_detail, name="detail"),
    path("edit/", events.tournament_edit, name="edit"),
    path("rules/", rules.tournament_rules, name="rules"),
    path("archive.json", archive.archive_download, name="archive"),
    # Files other tools read (views/exports.py): TSH's live feed, the rating authorities' files.
    path("tourney.js", exports.tourney_js, name="tourney_js"),
    path("results.tou", exports.tou_download, name="export_tou"),
    path("naspa.tsh", exports.naspa_download, name="export_naspa"),
    path("copy/", event_copy.event_copy, name="event_copy"),
    path("save-template/", event_copy.template_save, name="template_save"),
    path("divisions/from-template/", event_copy.template_apply, name="template_apply"),
    path("pair-all/", pair_all.pair_all, name="pair_all"),
    path("check-in/", event_check_in.event_check_in_toggle, name="event_check_in_toggle"),
    path("no-shows/", event_check_in.event_no_shows, name="event_no_shows"),
    path("team-standings/", teams.team_standings, name="team_standings"),
    path("restore-points/", include(restore_point_patterns)),
    path("result/<int:pairing_id>/no-show/", lateness.no_show, name="no_show"),
    path("result/<int:pairing_id>/edit/", result_views.result_edit, name="result_edit"),
    path("audit/", result_views.audit_log, name="audit"),
    path("audit/<int:audit_id>/undo/", result_views.audit_undo, name="audit_undo"),
    path("me/<str:token>/", include(entry_link_patterns)),
    path("hall/", hall.event_hall_pairings, name="event_hall"),
    path("live/", public.event_home, name="public_home"),
    path("divisions/new/", divisions.division_create, name="division_create"),
    # The division's pages stay last: "<division_name>/" would take any one-segment page above.
    path("<str:division_name>/", include(division_patterns)),
]

app_name = "tournaments"
urlpatterns = [
    path("", events.tournament_list, name="list"),
    path("new/", events.tournament_create, name="create"),
    path("import/", archive.archive_import, name="archive_import"),
    path("<str:tournament_slug>/", include(event_patterns)),
]
