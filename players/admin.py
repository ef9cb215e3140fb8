from django.contrib import admin

from core.admin import SavedByServiceAdmin

from .models import Player
from .services import PLAYER_FIELDS, player_update


@admin.register(Player)
class PlayerAdmin(SavedByServiceAdmin):
    list_display = ["name", "sort_name", "country", "member_id", "rating"]
    search_fields = ["name", "sort_name", "member_id"]
    list_filter = ["country"]
    fields = PLAYER_FIELDS
    update_service = staticmethod(player_update)
