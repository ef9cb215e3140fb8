"""An officer starts the club's own rating list from the club page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from core.messages import translated
from core.permissions import require_change
from ratings.forms import RatingListForm
from ratings.services import RatingRefused, club_rating_list_start

from .visibility import visible_club


@login_required
@require_http_methods(["GET", "POST"])
def club_rating_list_create(request, club_slug: str):
    club = visible_club(request, club_slug)
    require_change(request.user, club)
    initial = {"name": _("%(club)s ratings") % {"club": club.name}, "system": "glicko2"}
    form = RatingListForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            rating_list = club_rating_list_start(by=request.user, club=club, **form.cleaned_data)
        except RatingRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("%(list)s is started.") % {"list": rating_list.name})
            return redirect(club)
    return render(request, "clubs/rating_list_form.html", {"club": club, "form": form})
