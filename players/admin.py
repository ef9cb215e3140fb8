from django.contrib import admin

from .models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "sort_name", "country", "member_id", "rating"]
    search_fields = ["name", "sort_name", "member_id"]
    list_filter = ["country"]
