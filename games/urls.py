from django.urls import path

from .views import games, sheet, words

app_name = "games"
urlpatterns = [
    path("", games.game_list, name="list"),
    path("new/", games.game_create, name="create"),
    path("upload/", games.game_upload, name="upload"),
    path("<int:pk>/", games.game_detail, name="detail"),
    path("<int:pk>/board.svg", games.game_board, name="board"),
    path("<int:pk>/gcg", games.game_gcg, name="gcg"),
    path("<int:pk>/sheet/", sheet.sheet, name="sheet"),
    path("<int:pk>/turn/", sheet.turn_add, name="turn"),
    path("<int:pk>/preview/", sheet.turn_preview, name="preview"),
    path("<int:pk>/undo/", sheet.turn_undo, name="undo"),
    path("<int:pk>/challenge/", sheet.turn_challenge, name="challenge"),
    path("<int:pk>/forfeit/", sheet.game_forfeit, name="forfeit"),
    path("lexicons/", words.lexicon_list, name="lexicons"),
    path("lexicons/upload/", words.lexicon_upload, name="lexicon_upload"),
    path("judge/", words.judge, name="judge"),
]
