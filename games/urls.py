from django.urls import path

from .views import clock, games, kiosk, sheet, words

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
    path(
        "kiosks/<str:tournament_slug>/<str:division_name>/",
        kiosk.kiosk_manage,
        name="kiosk_manage",
    ),
]
