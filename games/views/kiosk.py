"""Judging screens: a director opens one for a division; its URL (a secret token) lets anyone at
the judging table judge words, and nothing else. No other view looks at the token, and the
screen logs nobody in, so the URL opens no other page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.messages import translated
from core.permissions import require_change
from tournaments.selectors.divisions import division_or_404

from .. import selectors
from ..engine.lexicon import LexiconError
from ..forms import KioskJudgeForm, KioskOpenForm
from ..models import JudgeKiosk
from ..services import kiosk as services
from ..services.words import words_from_text


@login_required
@require_http_methods(["GET", "POST"])
def kiosk_manage(request, tournament_slug: str, division_name: str):
    """The division's open judging screens, with their URLs; a form opens another."""
    division = division_or_404(tournament_slug, division_name)
    require_change(request.user, division)
    lexicons = list(selectors.word_lists())
    form = KioskOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.kiosk_open(by=request.user, division=division, **form.cleaned_data)
        except services.KioskRefused as err:
            form.add_error(None, translated(err))
        else:
            messages.success(
                request, _("The judging screen is open: give its address to the table.")
            )
            return redirect("games:kiosk_manage", tournament_slug, division_name)
    now = timezone.now()
    kiosks = [
        (kiosk, request.build_absolute_uri(reverse("games:kiosk_judge", args=[kiosk.token])))
        for kiosk in division.judge_kiosks.select_related("lexicon").defer("lexicon__word_list")
        if kiosk.is_open(now)
    ]
    context = {"division": division, "form": form, "kiosks": kiosks, "lexicons": lexicons}
    response = render(request, "games/kiosk_manage.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def kiosk_close(request, kiosk_id: int):
    kiosk = get_object_or_404(JudgeKiosk.objects.select_related("division"), pk=kiosk_id)
    require_change(request.user, kiosk.division)
    try:
        services.kiosk_close(by=request.user, kiosk=kiosk)
    except services.KioskRefused as err:
        messages.error(request, translated(err))
    else:
        messages.success(request, _("The judging screen is closed."))
    division = kiosk.division
    return redirect("games:kiosk_manage", division.tournament.slug, division.name)


@require_http_methods(["GET", "POST"])
def kiosk_judge(request, token: str):
    """The judging screen itself: words in, ACCEPTABLE or NOT ACCEPTABLE out; nothing else."""
    kiosk = services.open_kiosk(token)
    if kiosk is None:
        raise Http404(_("This judging screen is closed or has expired."))
    form = KioskJudgeForm(request.POST or None)
    judgment = None
    if request.method == "POST" and form.is_valid():
        try:
            words = words_from_text(form.cleaned_data["words"])
            judgment = services.kiosk_judgment(kiosk=kiosk, words=words)
        except LexiconError as err:
            form.add_error("words", translated(err))
        else:
            form = KioskJudgeForm()
    template = "games/partials/kiosk_panel.html" if request.htmx else "games/kiosk_judge.html"
    context = {"form": form, "judgment": judgment, "kiosk": kiosk}
    response = render(request, template, context)
    # The token is the key: keep it out of caches and out of other sites' Referer headers.
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    return response
