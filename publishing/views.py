"""The event's Publishing page, for its directors: its targets and their state, adding,
removing and switching a target, and "Publish now" (publishing/target_services.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.messages import translated
from tournaments.models import Tournament
from tournaments.views.events import directed_event

from . import target_services as services
from .forms import SwitchForm, TargetForm
from .models import PublishTarget
from .selectors import target_statuses
from .status_text import status_line


def directed_target(request, tournament_slug: str, target_id: int) -> PublishTarget:
    """A publishing target of an event the viewer directs (``directed_event``)."""
    tournament = directed_event(request, tournament_slug)
    targets = PublishTarget.objects.select_related("tournament")
    return get_object_or_404(targets, pk=target_id, tournament=tournament)


def page_url(tournament: Tournament) -> str:
    return reverse("publishing:page", kwargs={"tournament_slug": tournament.slug})


def _page(request, tournament: Tournament, form: TargetForm, status: int = 200):
    now = timezone.now()
    rows = [(s, status_line(s, now)) for s in target_statuses(tournament.pk)]
    context = {"tournament": tournament, "rows": rows, "form": form}
    template = "publishing/_targets.html" if request.headers.get("HX-Request") else None
    return render(request, template or "publishing/publishing.html", context, status=status)


@login_required
@require_safe
def publishing_page(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    return _page(request, tournament, TargetForm())


@login_required
@require_POST
def target_add(request, tournament_slug: str):
    tournament = directed_event(request, tournament_slug)
    form = TargetForm(request.POST)
    if form.is_valid():
        try:
            target = services.target_add(
                by=request.user, tournament=tournament, spec=form.cleaned_data["spec"]
            )
        except services.TargetRefused as err:
            form.add_error("spec", translated(err))
        else:
            messages.success(request, _("Publishing to %(spec)s.") % {"spec": target.spec})
            return redirect(page_url(tournament))
    return _page(request, tournament, form, status=400)


@login_required
@require_POST
def target_remove(request, tournament_slug: str, target_id: int):
    target = directed_target(request, tournament_slug, target_id)
    services.target_remove(by=request.user, target=target)
    messages.success(request, _("No longer publishing to %(spec)s.") % {"spec": target.spec})
    return redirect(page_url(target.tournament))


@login_required
@require_POST
def target_switch(request, tournament_slug: str, target_id: int):
    target = directed_target(request, tournament_slug, target_id)
    form = SwitchForm(request.POST)
    if form.is_valid():
        services.target_set_enabled(
            by=request.user, target=target, enabled=form.cleaned_data["enabled"]
        )
    return redirect(page_url(target.tournament))


@login_required
@require_POST
def publish_now(request, tournament_slug: str, target_id: int):
    target = directed_target(request, tournament_slug, target_id)
    try:
        services.publish_now(by=request.user, target=target)
    except services.TargetRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(
            request, _("Publishing to %(spec)s as soon as it answers.") % {"spec": target.spec}
        )
    return redirect(page_url(target.tournament))
