from django.urls import path

from .broadcast.views import manage as broadcast_manage
from .broadcast.views import public as broadcast
from .integrity import views as integrity
from .views import clock, games, kiosk, sheet, words

_DIV = "broadcast/<str:tournament_slug>/<str:division_name>"
_TABLE = f"{_DIV}/table/<int:table>"

app_name = "games"
urlpatterns = [
    path("", games.game_list, name="list"),
    path("new/", games.game_create, name="create"),
    path("upload/", games.game_upload, name="upload"),
    path("<int:game_id>/", games.game_detail, name="detail"),
    path("<int:game_id>/board.svg", games.game_board, name="board"),
    path("<int:game_id>/gcg", games.game_gcg, name="gcg"),
    path("<int:game_id>/sheet/", sheet.sheet, name="sheet"),
    path("<int:game_id>/turn/", sheet.turn_add, name="turn"),
    path("<int:game_id>/preview/", sheet.turn_preview, name="preview"),
    path("<int:game_id>/undo/", sheet.turn_undo, name="undo"),
    path("<int:game_id>/challenge/", sheet.turn_challenge, name="challenge"),
    path("<int:game_id>/clock/", clock.game_clock, name="clock"),
    path("<int:game_id>/playoff/", sheet.playoff_add, name="playoff"),
    path("<int:game_id>/end-racks/", sheet.end_racks_add, name="end_racks"),
    path("<int:game_id>/forfeit/", sheet.game_forfeit, name="forfeit"),
    path("lexicons/", words.lexicon_list, name="lexicons"),
    path("lexicons/upload/", words.lexicon_upload, name="lexicon_upload"),
    path("judge/", words.judge, name="judge"),
    path("judge/kiosk/<str:token>/", kiosk.kiosk_judge, name="kiosk_judge"),
    path("kiosk-close/<int:kiosk_id>/", kiosk.kiosk_close, name="kiosk_close"),
    path("broadcast/game/<int:game_id>/", broadcast.board_page, name="broadcast_board"),
    path("broadcast/game/<int:game_id>/feed.json", broadcast.board_feed, name="broadcast_feed"),
    path(
        "broadcast/game/<int:game_id>/mark/", broadcast_manage.broadcast_mark, name="broadcast_mark"
    ),
    path(f"{_DIV}/", broadcast.division_page, name="broadcast_division"),
    path(f"{_DIV}/feed.json", broadcast.division_feed, name="broadcast_division_feed"),
    path(f"{_DIV}/manage/", broadcast_manage.broadcast_manage, name="broadcast_manage"),
    path(f"{_DIV}/delay/", broadcast_manage.broadcast_delay, name="broadcast_delay"),
    path(f"{_DIV}/top-tables/", broadcast_manage.broadcast_top_tables, name="broadcast_top_tables"),
    path(f"{_TABLE}/overlay.json", broadcast.overlay_feed, name="broadcast_overlay_feed"),
    path(f"{_TABLE}/overlay/<str:field>/", broadcast.overlay_page, name="broadcast_overlay"),
    path(
        f"{_TABLE}/overlay/<str:field>.json",
        broadcast.overlay_feed,
        name="broadcast_overlay_field_feed",
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
