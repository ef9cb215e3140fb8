"""Set an event up from last year's (``copy``), save its divisions as a template, and add a
template's divisions to an event; every write is ``services.event_copy``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from core.messages import translated
from core.permissions import require_tournament_creation

from ..forms.event_copy import EventCopyForm, TemplateApplyForm, TemplateSaveForm
from ..services import event_copy as services
from ..services.divisions import DivisionRefused
from .events import directed_event


@login_required
@require_http_methods(["GET", "POST"])
def event_copy(request, tournament_slug: str):
    """A new event like this one: its divisions, rules and prizes, optionally its players."""
    source = directed_event(request, tournament_slug)
    require_tournament_creation(request.user)
    form = EventCopyForm(request.POST or None, initial={"name": source.name})
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            event = services.event_copy(
                by=request.user, source=source, director=request.user, **data
            )
        except (services.CopyRefused, DivisionRefused) as err:
            form.add_error(None, translated(err))
        else:
            messages.success(request, _("Event set up from “%(name)s”.") % {"name": source.name})
            return redirect(event)
    return render(
        request,
        "tournaments/event_copy.html",
        {"tournament": source, "form": form, "template_form": TemplateSaveForm()},
    )


@login_required
@require_POST
def template_save(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    form = TemplateSaveForm(request.POST)
    if form.is_valid():
        try:
            services.template_save(
                by=request.user, tournament=tournament, name=form.cleaned_data["template_name"]
            )
        except services.CopyRefused as err:
            messages.error(request, translated(err))
        else:
            messages.success(request, _("Divisions saved as a template."))
    else:
        messages.error(request, _("Name the template."))
    return redirect("tournaments:event_copy", tournament_slug=tournament.slug)


@login_required
@require_http_methods(["GET", "POST"])
def template_apply(request, tournament_slug: str):
    """Add every division of a saved template (settings, rules, prize bands) to this event."""
    tournament = directed_event(request, tournament_slug)
    form = TemplateApplyForm(request.POST or None, viewer=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.divisions_from_template(
                by=request.user, tournament=tournament, template=form.cleaned_data["template"]
            )
        except (services.CopyRefused, DivisionRefused) as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request,
                ngettext("%(count)d division added.", "%(count)d divisions added.", len(made))
                % {"count": len(made)},
            )
            return redirect(tournament)
    return render(
        request, "tournaments/template_apply.html", {"tournament": tournament, "form": form}
    )
