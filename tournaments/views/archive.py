"""A whole event as one file: directors download it, organisers import one as a new event."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from core.permissions import require_tournament_creation

from ..archive.export import archive_bytes, archive_file_name
from ..archive.restore import event_import
from ..archive.shape import ArchiveRefused
from ..forms.archive import PUBLIC, ArchiveUploadForm
from .events import directed_event


@login_required
@never_cache
@require_safe
def archive_download(request, tournament_slug: str):
    """The event archive, for its directors (a download: it changes nothing, so GET)."""
    tournament = directed_event(request, tournament_slug)
    response = HttpResponse(archive_bytes(tournament), content_type="application/json")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=archive_file_name(tournament)
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def archive_import(request):
    """An organiser uploads an archive; it becomes a new event they direct, or every problem
    is shown and nothing is imported."""
    require_tournament_creation(request.user)
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            outcome = event_import(
                by=request.user,
                data=form.cleaned_data["file"].read(),
                slug=form.cleaned_data["slug"] or None,
                director=request.user,
                name=form.cleaned_data["name"],
                is_public=form.cleaned_data["visibility"] == PUBLIC,
            )
        except ArchiveRefused as err:
            problems = err.problems
        else:
            messages.success(
                request,
                _("Imported: %(matched)d players found here, %(created)d added.")
                % {
                    "matched": len(outcome.players_matched),
                    "created": len(outcome.players_created),
                },
            )
            for note in outcome.notes:
                messages.warning(request, note)
            return redirect(outcome.tournament)
    return render(request, "tournaments/archive_import.html", {"form": form, "problems": problems})
