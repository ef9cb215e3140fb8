"""Number a division's players by rating, from the registration page (issue 33)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.messages import translated

from ..services.entry_numbers import NumbersRefused, entries_number_by_rating
from .divisions import changeable_division, division_url


@login_required
@require_POST
def number_by_rating(request, tournament_slug: str, division_name: str):
    division = changeable_division(request, tournament_slug, division_name)
    try:
        changed = entries_number_by_rating(by=request.user, division=division)
    except NumbersRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(
            request,
            ngettext(
                "Numbered by rating: %(count)d number changed.",
                "Numbered by rating: %(count)d numbers changed.",
                changed,
            )
            % {"count": changed},
        )
    return redirect(division_url(division, "registration"))
