"""The integrity desk page of an event: for its directors only, never cached, never public."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from core.forms import error_lines
from core.messages import translated
from tournaments.views.events import directed_event

from . import services
from .forms import DismissForm
from .selectors import integrity_report

KIND_TITLES = {
    "tiles": gettext_lazy("Tiles"),
    "scores": gettext_lazy("Scores"),
    "time": gettext_lazy("Time"),
    "pattern": gettext_lazy("Pattern across the event"),
}


def _shown(row) -> dict:
    """A flag row with its texts in the reader's language."""
    return {
        "row": row,
        "kind": KIND_TITLES[row.flag.kind],
        "message": translated(row.flag),
        "rule": _(row.flag.rule),
    }


@login_required
@require_safe
def integrity_page(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    report = integrity_report(tournament)
    response = render(
        request,
        "games/integrity.html",
        {
            "tournament": tournament,
            "report": report,
            "open_rows": [_shown(row) for row in report.open_rows],
            "dismissed_rows": [_shown(row) for row in report.dismissed_rows],
        },
    )
    response["Cache-Control"] = "no-store, private"
    response["X-Robots-Tag"] = "noindex"
    return response


@login_required
@require_POST
def integrity_dismiss(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    form = DismissForm(request.POST)
    if not form.is_valid():
        for line in error_lines(form):
            messages.error(request, line)
    else:
        try:
            services.flag_dismiss(
                by=request.user,
                tournament=tournament,
                key=form.cleaned_data["key"],
                note=form.cleaned_data["note"],
            )
        except services.DismissRefused as err:
            messages.error(request, translated(err))
        else:
            messages.success(request, _("The flag is dismissed, with your note."))
    return redirect("games:integrity", tournament_slug=tournament.slug)
