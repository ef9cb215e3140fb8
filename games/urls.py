from django.urls import include, path

from .broadcast.views import manage as broadcast_manage
from .broadcast.views import public as broadcast
from .integrity import views as integrity
from .views import clock, games, kiosk, sheet, words

# A game's pages and its scoresheet (views/games.py, views/sheet.py), under "<game_id>/".
game_patterns = [
    path("", games.game_detail, name="detail"),
    path("board.svg", games.game_board, name="board"),
    path("gcg", games.game_gcg, name="gcg"),
    path("sheet/", sheet.sheet, name="sheet"),
    path("turn/", sheet.turn_add, name="turn"),
    path("preview/", sheet.turn_preview, name="preview"),
    path("undo/", sheet.turn_undo, name="undo"),
    path("challenge/", sheet.turn_challenge, name="challenge"),
    path("clock/", clock.game_clock, name="clock"),
    path("playoff/", sheet.playoff_add, name="playoff"),
    path("end-racks/", sheet.end_racks_add, name="end_racks"),
    path("forfeit/", sheet.game_forfeit, name="forfeit"),
]

# One broadcast game, under "broadcast/game/<game_id>/".
broadcast_game_patterns = [
    path("", broadcast.board_page, name="broadcast_board"),
    path("feed.json", broadcast.board_feed, name="broadcast_feed"),
    path("mark/", broadcast_manage.broadcast_mark, name="broadcast_mark"),
]

# A table's overlay, under "broadcast/<tournament_slug>/<division_name>/table/<table>/".
broadcast_table_patterns = [
    path("overlay.json", broadcast.overlay_feed, name="broadcast_overlay_feed"),
    path("overlay/<str:field>/", broadcast.overlay_page, name="broadcast_overlay"),
    path("overlay/<str:field>.json", broadcast.overlay_feed, name="broadcast_overlay_field_feed"),
]

# A division's broadcast, under "broadcast/<tournament_slug>/<division_name>/".
broadcast_division_patterns = [
    path("", broadcast.division_page, name="broadcast_division"),
    path("feed.json", broadcast.division_feed, name="broadcast_division_feed"),
    path("manage/", broadcast_manage.broadcast_manage, name="broadcast_manage"),
    path("delay/", broadcast_manage.broadcast_delay, name="broadcast_delay"),
    path("top-tables/", broadcast_manage.broadcast_top_tables, name="broadcast_top_tables"),
    path("table/<int:table>/", include(broadcast_table_patterns)),
]

app_name = "games"
urlpatterns = [
    path("", games.game_list, name="list"),
    path("new/", games.game_create, name="create"),
    path("upload/", games.game_upload, name="upload"),
    path("<int:game_id>/", include(game_patterns)),
    path("lexicons/", words.lexicon_list, name="lexicons"),
    path("lexicons/upload/", words.lexicon_upload, name="lexicon_upload"),
    path("judge/", words.judge, name="judge"),
    path("judge/kiosk/<str:token>/", kiosk.kiosk_judge, name="kiosk_judge"),
    path("kiosk-close/<int:kiosk_id>/", kiosk.kiosk_close, name="kiosk_close"),
    # Before the division broadcasts, whose "<tournament_slug>/<division_name>/" would take it.
    path("broadcast/game/<int:game_id>/", include(broadcast_game_patterns)),
    path(
        "broadcast/<str:tournament_slug>/<str:division_name>/",
        include(broadcast_division_patterns),
    ),
    path("integrity/<str:tournament_slug>/", integrity.integrity_page, name="integrity"),
    path(
        "integrity/<str:tournament_slug>/dismiss/",
        integrity.integrity_dismiss,
        name="integrity_dismiss",
    ),
    path(
        "kiosks/<str:tournament_slug>/<str:division_name>/",
        kiosk.kiosk_manage,
        name="kiosk_manage",
    ),
]
