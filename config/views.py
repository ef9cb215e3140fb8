from django.db.models import Count
from django.shortcuts import render
from django.views.decorators.http import require_safe

from clubs.models import Club
from tournaments.models import Tournament


@require_safe
def home(request):
    tournaments = Tournament.objects.visible_to(request.user).annotate(
        division_count=Count("divisions")
    )[:20]
    clubs = Club.objects.visible_to(request.user)[:20]
    return render(request, "home.html", {"tournaments": tournaments, "clubs": clubs})
